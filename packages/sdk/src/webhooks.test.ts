import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../../apps/server/src/test/content.js';
import { call, signUp, type TestApp } from '../../../apps/server/src/test/harness.js';
import { createWebhookTestApp, type Receiver, startReceiver } from '../../../apps/server/src/test/webhooks.js';
import { verifyWebhookSignature } from './webhooks.js';

const SECRET = 'whsec_test-secret-of-forty-characters-or-so';
const NOW = 1_795_000_000;
const BODY = '{"id":"d1","event":"ping","created_at":"2026-11-22T10:00:00.000Z","data":{"note":"héllo"}}';

/** The signature as docs/webhooks.md defines it, computed with node:crypto. */
const sign = (secret: string, timestamp: number | string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;

describe('verifyWebhookSignature', () => {
  const verify = (overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
    verifyWebhookSignature({
      secret: SECRET,
      rawBody: BODY,
      timestamp: String(NOW),
      signature: sign(SECRET, NOW, BODY),
      now: NOW,
      ...overrides,
    });

  it('accepts the HMAC-SHA256 of "<timestamp>.<raw body>", as a string or as bytes', async () => {
    expect(await verify({})).toBe(true);
    expect(await verify({ rawBody: Buffer.from(BODY) })).toBe(true);
    expect(await verify({ rawBody: new TextEncoder().encode(BODY).buffer })).toBe(true);
    expect(await verify({ signature: sign(SECRET, NOW, BODY).toUpperCase().replace('SHA256=', 'sha256=') })).toBe(true);
  });

  it('refuses another body, secret or timestamp', async () => {
    expect(await verify({ rawBody: BODY.replace('ping', 'pong') })).toBe(false);
    expect(await verify({ secret: `${SECRET}x` })).toBe(false);
    expect(await verify({ timestamp: String(NOW + 1) })).toBe(false);
  });

  it('refuses timestamps more than five minutes away, and malformed headers', async () => {
    const old = NOW - 301;
    expect(await verify({ timestamp: String(old), signature: sign(SECRET, old, BODY) })).toBe(false);
    const recent = NOW - 299;
    expect(await verify({ timestamp: String(recent), signature: sign(SECRET, recent, BODY) })).toBe(true);
    expect(await verify({ timestamp: undefined })).toBe(false);
    expect(await verify({ timestamp: '12e5' })).toBe(false);
    expect(await verify({ signature: null })).toBe(false);
    expect(await verify({ signature: sign(SECRET, NOW, BODY).replace('sha256=', '') })).toBe(false);
    expect(await verify({ signature: `${sign(SECRET, NOW, BODY)}00` })).toBe(false);
    expect(await verify({ secret: '' })).toBe(false);
  });
});

describe('verifyWebhookSignature on a real delivery', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createWebhookTestApp({ env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('accepts what the server sends, and only that', async () => {
    const owner = await signUp(t.app);
    const projectId = await createProject(t.app, owner);
    const created = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url: receiver.url, events: ['*'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, secret } = created.json().data as { id: string; secret: string };
    const ping = await call(t.app, owner, { method: 'POST', url: `/api/v1/projects/${projectId}/webhooks/${id}/test` });
    expect(ping.statusCode, ping.body).toBe(202);

    const [delivery] = await receiver.waitFor(1);
    if (!delivery) throw new Error('no delivery arrived');
    const headers = {
      timestamp: delivery.headers['x-plinth-timestamp'] as string,
      signature: delivery.headers['x-plinth-signature'] as string,
    };
    expect(await verifyWebhookSignature({ secret, rawBody: delivery.body, ...headers })).toBe(true);
    expect(await verifyWebhookSignature({ secret, rawBody: `${delivery.body} `, ...headers })).toBe(false);
    expect(await verifyWebhookSignature({ secret: SECRET, rawBody: delivery.body, ...headers })).toBe(false);
  });
});
