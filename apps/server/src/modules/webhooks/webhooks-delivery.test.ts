import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { verifyPlinthSignature } from '../../../../../docs/recipes/verify-plinth-signature.js';
import { createLogger } from '../../lib/logger.js';
import { createServices } from '../../services.js';
import { createCollection, createDocument, createProject, createToken, uploadAsset } from '../../test/content.js';
import { call, createTestClock, type Session, signUp, type TestApp } from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';
import {
  createWebhookTestApp,
  eventually,
  jobsSettled,
  type ReceivedRequest,
  type Receiver,
  startReceiver,
} from '../../test/webhooks.js';
import { WEBHOOK_RETRY_DELAYS_MS } from './webhook-delivery.job.js';

const ALLOW = { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };

const ARTICLES = {
  slug: 'articles',
  name: 'Articles',
  fields: [
    { name: 'title', type: 'text', localized: true },
    { name: 'slug', type: 'slug', options: { from: 'title' } },
    { name: 'internal_note', type: 'text', hidden: true },
  ],
};

/**
 * The parsed body and the checks every delivery must pass: headers, shape, and the signature as
 * a receiver checks it, with the recipe of docs/webhooks.md (not the server's own code). `now`
 * is the receiver's clock in unix seconds: the real one unless the test moves a clock of its own.
 */
function checkDelivery(request: ReceivedRequest, secret: string, now = Math.floor(Date.now() / 1000)) {
  const timestamp = String(request.headers['x-plinth-timestamp']);
  const signature = String(request.headers['x-plinth-signature']);
  expect(request.method).toBe('POST');
  expect(request.headers['content-type']).toBe('application/json');
  expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
  const verify = (changes: { secret?: string; rawBody?: string; timestamp?: string; now?: number }) =>
    verifyPlinthSignature({ secret, rawBody: request.body, timestamp, signature, now, ...changes });
  expect(verify({})).toBe(true);
  expect(verify({ secret: `${secret}x` })).toBe(false);
  expect(verify({ rawBody: `${request.body} ` })).toBe(false);
  expect(verify({ timestamp: String(Number(timestamp) + 1), now: now + 1 })).toBe(false);
  expect(verify({ now: Number(timestamp) + 301 })).toBe(false);
  const body = JSON.parse(request.body);
  expect(Object.keys(body).sort()).toEqual([
    'created_at',
    'data',
    'event',
    'id',
    'project_id',
    'sequence',
    'webhook_id',
  ]);
  expect(request.headers['x-plinth-event']).toBe(body.event);
  expect(request.headers['x-plinth-delivery']).toBe(body.id);
  expect(request.headers['x-plinth-sequence']).toBe(String(body.sequence));
  return body;
}

describe('webhook deliveries: events, payloads, signatures, ordering', () => {
  let t: TestApp;
  let receiver: Receiver;
  let owner: Session;
  let projectId: string;
  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;

  beforeAll(async () => {
    t = await createWebhookTestApp({ env: ALLOW, job: { timeoutMs: 1000 } });
    receiver = await startReceiver();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, ARTICLES);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  async function createHook(payload: Record<string, unknown>) {
    const response = await call(t.app, owner, { method: 'POST', url: api('/webhooks'), payload });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().data as { id: string; secret: string };
  }

  it('delivers document events in the same transaction as the change, signed, without hidden fields', async () => {
    const url = `${receiver.url}?t=publish`;
    const hook = await createHook({ url, events: ['document.published', 'document.unpublished'] });
    const forHook = (r: ReceivedRequest) => r.url === '/hook?t=publish';

    const doc = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Hello', internal_note: 'do not leak' },
    });
    await call(t.app, owner, {
      method: 'PATCH',
      url: api(`/collections/articles/documents/${doc.id}`),
      payload: { data: { title: 'Hola' }, locale: 'es' },
    });
    const published = await call(t.app, owner, {
      method: 'POST',
      url: api(`/collections/articles/documents/${doc.id}/publish`),
    });
    expect(published.statusCode, published.body).toBe(200);

    const [request] = await receiver.waitFor(1, forHook);
    if (!request) throw new Error('no request');
    const body = checkDelivery(request, hook.secret);
    expect(body).toMatchObject({
      event: 'document.published',
      project_id: projectId,
      webhook_id: hook.id,
      sequence: 1,
    });
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(body.data).toMatchObject({
      id: doc.id,
      collection: 'articles',
      status: 'published',
      data: { title: { en: 'Hello', es: 'Hola' }, slug: 'hello' },
    });
    expect(body.data.data).not.toHaveProperty('internal_note');
    expect(request.body).not.toContain('do not leak');

    // Only the subscribed events: create and update sent nothing to this webhook.
    await call(t.app, owner, { method: 'POST', url: api(`/collections/articles/documents/${doc.id}/unpublish`) });
    const both = await receiver.waitFor(2, forHook);
    const unpublished = checkDelivery(both[1] as ReceivedRequest, hook.secret);
    expect(unpublished).toMatchObject({ event: 'document.unpublished', sequence: 2 });
    expect(unpublished.data).toMatchObject({ status: 'draft', published_at: null, data: { title: { en: 'Hello' } } });
    expect(receiver.received.filter(forHook).map((r) => r.headers['x-plinth-event'])).toEqual([
      'document.published',
      'document.unpublished',
    ]);
  });

  it('signs "<timestamp>.<raw body>" with HMAC-SHA256, as the recipe shown in docs/webhooks.md checks', async () => {
    const hook = await createHook({ url: `${receiver.url}?t=sign`, events: ['ping'] });
    await call(t.app, owner, { method: 'POST', url: api(`/webhooks/${hook.id}/test`) });
    const [request] = await receiver.waitFor(1, (r) => r.url === '/hook?t=sign');
    if (!request) throw new Error('no request');
    const timestamp = String(request.headers['x-plinth-timestamp']);
    const hmac = createHmac('sha256', hook.secret).update(`${timestamp}.${request.body}`).digest('hex');
    expect(request.headers['x-plinth-signature']).toBe(`sha256=${hmac}`);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    // The guide shows the very code these tests verify deliveries with.
    const recipe = fs.readFileSync(
      new URL('../../../../../docs/recipes/verify-plinth-signature.ts', import.meta.url),
      'utf8',
    );
    const guide = fs.readFileSync(new URL('../../../../../docs/webhooks.md', import.meta.url), 'utf8');
    expect(guide).toContain(`\`\`\`ts\n${recipe}\`\`\`\n`);
  });

  it('numbers each webhook’s deliveries in order and sends every document event to "*"', async () => {
    const hook = await createHook({ url: `${receiver.url}?t=all`, events: ['*'], collections: ['articles'] });
    const forHook = (r: ReceivedRequest) => r.url === '/hook?t=all';
    const doc = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'One' },
      status: 'published',
    });
    await call(t.app, owner, {
      method: 'PATCH',
      url: api(`/collections/articles/documents/${doc.id}`),
      payload: { data: { title: 'Two' } },
    });
    await call(t.app, owner, { method: 'DELETE', url: api(`/collections/articles/documents/${doc.id}`) });
    const requests = await receiver.waitFor(4, forHook);
    const bodies = requests.map((request) => checkDelivery(request, hook.secret));
    const bySequence = [...bodies].sort((a, b) => a.sequence - b.sequence);
    expect(bySequence.map((b) => b.sequence)).toEqual([1, 2, 3, 4]);
    expect(bySequence.map((b) => b.event)).toEqual([
      'document.created',
      'document.published',
      'document.updated',
      'document.deleted',
    ]);
    // created_at never goes backwards along the sequence.
    const times = bySequence.map((b) => b.created_at);
    expect([...times].sort()).toEqual(times);
    expect(bySequence[2]?.data.data.title).toEqual({ en: 'Two' });
  });

  it('sends each document event with the copy docs/webhooks.md promises, as the REST API reads it', async () => {
    const hook = await createHook({ url: `${receiver.url}?t=copies`, events: ['*'], collections: ['articles'] });
    const forHook = (r: ReceivedRequest) => r.url === '/hook?t=copies';
    const preview = await createToken(t.app, owner, projectId, ['content:preview']);
    const reader = await createToken(t.app, owner, projectId, ['content:read']);
    const docs = api('/collections/articles/documents');
    const read = async (credential: string, path: string) => {
      const response = await call(t.app, credential, { method: 'GET', url: `${docs}/${path}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const expected: { event: string; data: unknown }[] = [];
    const change = async (method: 'POST' | 'PATCH' | 'DELETE', path: string, payload?: Record<string, unknown>) => {
      const response = await call(t.app, owner, { method, url: `${docs}${path}`, ...(payload ? { payload } : {}) });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response;
    };

    const created = await change('POST', '', { data: { title: 'Draft', internal_note: 'never sent' } });
    const id: string = created.json().data.id;
    // Working copies, drafts included, as a content:preview token reads them (every locale).
    expected.push({ event: 'document.created', data: await read(preview, `${id}?locale=*`) });
    await change('PATCH', `/${id}`, { data: { title: 'Borrador' }, locale: 'es' });
    // Updates also say where the working copy changed, field by field (and locale by locale).
    expected.push({
      event: 'document.updated',
      data: { ...(await read(preview, `${id}?locale=*`)), changed_paths: ['title.es'] },
    });
    // The snapshot just published, as a content:read token reads it.
    await change('POST', `/${id}/publish`);
    const snapshot = await read(reader, `${id}?locale=*`);
    // Publish events name their locales: every one of the project's for a whole publish.
    const everyLocale = ['en', 'es', 'fr', 'zh'];
    expected.push({ event: 'document.published', data: { ...snapshot, locales: everyLocale } });
    await change('PATCH', `/${id}`, { data: { title: 'Edited after publishing' } });
    const edited = await read(preview, `${id}?locale=*`);
    expect(edited.status).toBe('changed');
    expected.push({ event: 'document.updated', data: { ...edited, changed_paths: ['title.en'] } });
    // The snapshot that was withdrawn as readers saw it, with the status after the change.
    await change('POST', `/${id}/unpublish`);
    const unpublished = await read(preview, `${id}?locale=*`);
    expect(unpublished).toMatchObject({ status: 'draft', published_at: null });
    const { data, version, updated_at, updated_by } = snapshot;
    expected.push({
      event: 'document.unpublished',
      data: {
        ...unpublished,
        data,
        version,
        updated_at,
        updated_by,
        locales: everyLocale,
      },
    });
    await change('DELETE', `/${id}`);
    expected.push({ event: 'document.deleted', data: await read(preview, `${id}?locale=*&status=deleted`) });
    await change('POST', `/${id}/restore`);
    expected.push({
      event: 'document.updated',
      data: { ...(await read(preview, `${id}?locale=*`)), changed_paths: [] },
    });

    const bodies = (await receiver.waitFor(expected.length, forHook))
      .map((request) => checkDelivery(request, hook.secret))
      .sort((a, b) => a.sequence - b.sequence);
    expect(bodies.map(({ event, data }) => ({ event, data }))).toEqual(expected);
    expect(JSON.stringify(bodies)).not.toContain('never sent');
  });

  it('sends media events with the asset', async () => {
    const hook = await createHook({ url: `${receiver.url}?t=media`, events: ['media.created', 'media.deleted'] });
    const forMedia = (r: ReceivedRequest) => r.url === '/hook?t=media';
    const assetId = await uploadAsset(t.app, owner, projectId, 'logo.png');
    const removed = await call(t.app, owner, { method: 'DELETE', url: api(`/media/${assetId}`) });
    expect(removed.statusCode, removed.body).toBe(204);
    const bodies = (await receiver.waitFor(2, forMedia))
      .map((request) => checkDelivery(request, hook.secret))
      .sort((a, b) => a.sequence - b.sequence);
    expect(bodies.map((b) => b.event)).toEqual(['media.created', 'media.deleted']);
    expect(bodies[0]?.data).toMatchObject({ id: assetId, filename: 'logo.png', mime_type: 'image/png' });
    expect(bodies[1]?.data).toMatchObject({ id: assetId });
  });

  it('filters by collection and sends collection events with the public model', async () => {
    const modelHook = await createHook({
      url: `${receiver.url}?t=model`,
      events: ['collection.created', 'collection.deleted'],
    });
    const forModel = (r: ReceivedRequest) => r.url === '/hook?t=model';
    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'notes', type: 'text', hidden: true },
      ],
    });
    const pagesHook = await createHook({
      url: `${receiver.url}?t=pages`,
      events: ['document.created'],
      collections: ['pages'],
    });
    const forPages = (r: ReceivedRequest) => r.url === '/hook?t=pages';
    await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Not for the pages hook' } });
    await createDocument(t.app, owner, projectId, 'pages', { data: { title: 'A page', notes: 'secret notes' } });
    const deleted = await call(t.app, owner, { method: 'DELETE', url: api('/collections/pages?force=true') });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const modelBodies = (await receiver.waitFor(2, forModel))
      .map((request) => checkDelivery(request, modelHook.secret))
      .sort((a, b) => a.sequence - b.sequence);
    expect(modelBodies.map((b) => b.event)).toEqual(['collection.created', 'collection.deleted']);
    expect(modelBodies[0]?.data).toMatchObject({ slug: 'pages', name: 'Pages' });
    expect(modelBodies[0]?.data.fields.map((f: { name: string }) => f.name)).toEqual(['title']);
    expect(modelBodies[1]?.data).toMatchObject({ slug: 'pages' });
    const [page] = await receiver.waitFor(1, forPages);
    const pageBody = checkDelivery(page as ReceivedRequest, pagesHook.secret);
    expect(pageBody).toMatchObject({
      event: 'document.created',
      data: { collection: 'pages', data: { title: 'A page' } },
    });
    expect(page?.body).not.toContain('secret notes');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(receiver.received.filter(forModel)).toHaveLength(2);
    expect(receiver.received.filter(forPages)).toHaveLength(1);
  });

  it('records no event for a change that is refused', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'tags',
      name: 'Tags',
      fields: [{ name: 'name', type: 'text', unique: true }],
    });
    const hook = await createHook({
      url: `${receiver.url}?t=rollback`,
      events: ['document.created'],
      collections: ['tags'],
    });
    await createDocument(t.app, owner, projectId, 'tags', { data: { name: 'same' } });
    const duplicate = await call(t.app, owner, {
      method: 'POST',
      url: api('/collections/tags/documents'),
      payload: { data: { name: 'same' } },
    });
    expect(duplicate.statusCode).toBe(409);
    const list = await call(t.app, owner, { method: 'GET', url: api(`/webhooks/${hook.id}/deliveries`) });
    expect(list.json().meta.total).toBe(1);
  });

  it('sends a test ping (202 with the delivery), and logs request and response', async () => {
    const hook = await createHook({ url: `${receiver.url}?t=ping`, events: ['document.published'], active: false });
    receiver.respond('/hook?t=ping', { status: 200, body: 'pong', headers: { 'x-receiver': 'yes' } });
    const ping = await call(t.app, owner, { method: 'POST', url: api(`/webhooks/${hook.id}/test`) });
    expect(ping.statusCode, ping.body).toBe(202);
    const delivery = ping.json().data;
    expect(delivery).toMatchObject({ event: 'ping', status: 'pending', attempt_count: 0, sequence: 1, attempts: [] });
    expect(delivery.request.headers).toMatchObject({ 'X-Plinth-Event': 'ping', 'X-Plinth-Delivery': delivery.id });
    const [request] = await receiver.waitFor(1, (r) => r.url === '/hook?t=ping');
    const body = checkDelivery(request as ReceivedRequest, hook.secret);
    expect(body).toMatchObject({ id: delivery.id, event: 'ping', data: { webhook: { id: hook.id } } });

    const done = await eventually(async () => {
      const read = await call(t.app, owner, {
        method: 'GET',
        url: api(`/webhooks/${hook.id}/deliveries/${delivery.id}`),
      });
      const data = read.json().data;
      return data.status === 'succeeded' ? data : undefined;
    });
    expect(done).toMatchObject({ attempt_count: 1, response_status: 200, next_attempt_at: null });
    expect(done.request.body).toBe(request?.body);
    expect(done.request.headers['X-Plinth-Signature']).toBe(request?.headers['x-plinth-signature']);
    expect(done.response).toMatchObject({ status: 200, body: 'pong', truncated: false });
    expect(done.response.headers['x-receiver']).toBe('yes');
    expect(done.attempts).toHaveLength(1);
    expect(done.attempts[0]).toMatchObject({ attempt: 1, success: true, error: null });
    expect(done.attempts[0].duration_ms).toBeGreaterThanOrEqual(0);

    const list = await call(t.app, owner, {
      method: 'GET',
      url: api(`/webhooks/${hook.id}/deliveries?status=succeeded&event=ping`),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((d: { id: string }) => d.id)).toEqual([delivery.id]);
    expect(list.json().data[0]).not.toHaveProperty('attempts');
  });
});

describe('webhook deliveries: retries, timeouts, redelivery (on a test clock)', () => {
  let t: TestApp;
  let receiver: Receiver;
  let owner: Session;
  let projectId: string;
  const time = createTestClock();
  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;

  beforeAll(async () => {
    t = await createWebhookTestApp({ env: ALLOW, clock: time.clock, job: { timeoutMs: 300 } });
    receiver = await startReceiver();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, ARTICLES);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(() => {
    receiver.always({ status: 200, body: 'ok' });
  });

  const readDelivery = async (hookId: string, deliveryId: string) =>
    (await call(t.app, owner, { method: 'GET', url: api(`/webhooks/${hookId}/deliveries/${deliveryId}`) })).json().data;

  /**
   * Waits for the attempt to be logged and its job to be settled: moving the clock past a
   * running job's lease would let the worker claim it a second time.
   */
  const waitForAttempts = async (hookId: string, deliveryId: string, count: number) => {
    const delivery = await eventually(async () => {
      const read = await readDelivery(hookId, deliveryId);
      return read.attempt_count >= count ? read : undefined;
    });
    await jobsSettled(t);
    return delivery;
  };

  it('retries after 500s and timeouts with the backoff of API.md, keeping the delivery id', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: api('/webhooks'),
      payload: { url: `${receiver.url}?t=retry`, events: ['document.published'] },
    });
    const hook = created.json().data;
    const forHook = (r: ReceivedRequest) => r.url === '/hook?t=retry';
    receiver.respond('/hook?t=retry', { status: 500, body: 'e'.repeat(10_000) }, 'hang', { status: 503, body: 'busy' });

    await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Retry me' }, status: 'published' });
    const [first] = await receiver.waitFor(1, forHook);
    const deliveryId = String(first?.headers['x-plinth-delivery']);
    const afterFirst = await waitForAttempts(hook.id, deliveryId, 1);
    expect(afterFirst).toMatchObject({ status: 'pending', attempt_count: 1, response_status: 500 });
    expect(afterFirst.attempts[0].response.body).toBe('e'.repeat(4096));
    expect(afterFirst.attempts[0].response.truncated).toBe(true);
    expect(Date.parse(afterFirst.next_attempt_at) - time.clock().getTime()).toBe(WEBHOOK_RETRY_DELAYS_MS[0]);

    // Nothing happens before the delay is over.
    time.advance(5_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(receiver.received.filter(forHook)).toHaveLength(1);

    // Each retry comes once its delay (±10 % jitter) has passed: 10 s, then 1 min, then 5 min.
    const expected = ['500', 'timeout', '503', 'success'];
    for (let retry = 1; retry < expected.length; retry += 1) {
      time.advance((WEBHOOK_RETRY_DELAYS_MS[retry - 1] ?? 0) * 1.1 + 1_000);
      await receiver.waitFor(retry + 1, forHook);
      await waitForAttempts(hook.id, deliveryId, retry + 1);
    }
    const delivery = await readDelivery(hook.id, deliveryId);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempt_count: 4,
      response_status: 200,
      next_attempt_at: null,
    });
    expect(delivery.attempts.map((a: { success: boolean }) => a.success)).toEqual([false, false, false, true]);
    expect(delivery.attempts[1].response).toBeNull();
    expect(delivery.attempts[1].error).toMatch(/^Timed out: no answer within 300 ms/);
    expect(delivery.attempts[2].response).toMatchObject({ status: 503, body: 'busy' });

    // Same id and body every time; a fresh timestamp and signature each time.
    const requests = receiver.received.filter(forHook);
    expect(new Set(requests.map((r) => r.headers['x-plinth-delivery']))).toEqual(new Set([deliveryId]));
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    expect(new Set(requests.map((r) => r.headers['x-plinth-timestamp'])).size).toBe(4);
    // Each one checked as it would have been on arrival (the test clock moved on since).
    for (const request of requests) checkDelivery(request, hook.secret, Number(request.headers['x-plinth-timestamp']));
  });

  it('redelivers with the same id and body (202), as a new attempt in the log', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: api('/webhooks'),
      payload: { url: `${receiver.url}?t=redeliver`, events: ['document.created'] },
    });
    const hook = created.json().data;
    const forHook = (r: ReceivedRequest) => r.url === '/hook?t=redeliver';
    await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Again' } });
    const [first] = await receiver.waitFor(1, forHook);
    const deliveryId = String(first?.headers['x-plinth-delivery']);
    await waitForAttempts(hook.id, deliveryId, 1);
    time.advance(60_000);

    const redelivered = await call(t.app, owner, {
      method: 'POST',
      url: api(`/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`),
    });
    expect(redelivered.statusCode, redelivered.body).toBe(202);
    expect(redelivered.json().data).toMatchObject({ id: deliveryId, status: 'pending', attempt_count: 1 });
    const both = await receiver.waitFor(2, forHook);
    expect(both[1]?.headers['x-plinth-delivery']).toBe(deliveryId);
    expect(both[1]?.body).toBe(first?.body);
    expect(Number(both[1]?.headers['x-plinth-timestamp'])).toBe(Number(first?.headers['x-plinth-timestamp']) + 60);
    checkDelivery(both[1] as ReceivedRequest, hook.secret, Math.floor(time.clock().getTime() / 1000));
    const delivery = await waitForAttempts(hook.id, deliveryId, 2);
    expect(delivery).toMatchObject({ id: deliveryId, status: 'succeeded' });
    expect(delivery.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2]);

    const missing = await call(t.app, owner, {
      method: 'POST',
      url: api(`/webhooks/${hook.id}/deliveries/00000000-0000-7000-8000-000000000000/redeliver`),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the automatic retries of a delivery redelivered while they were pending', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: api('/webhooks'),
      payload: { url: `${receiver.url}?t=keep`, events: ['document.created'] },
    });
    const hook = created.json().data;
    const forHook = (r: ReceivedRequest) => r.url === '/hook?t=keep';
    // The first attempt and the redelivery fail; the next automatic retry gets through.
    receiver.respond('/hook?t=keep', { status: 500 }, { status: 502 }, { status: 200 });
    await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Keep trying' } });
    const [first] = await receiver.waitFor(1, forHook);
    const deliveryId = String(first?.headers['x-plinth-delivery']);
    const pending = await waitForAttempts(hook.id, deliveryId, 1);
    expect(pending).toMatchObject({ status: 'pending', attempt_count: 1 });

    const redelivered = await call(t.app, owner, {
      method: 'POST',
      url: api(`/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`),
    });
    expect(redelivered.statusCode, redelivered.body).toBe(202);
    await receiver.waitFor(2, forHook);
    const afterRedelivery = await waitForAttempts(hook.id, deliveryId, 2);
    // Still pending, with the next automatic retry where it was.
    expect(afterRedelivery).toMatchObject({
      status: 'pending',
      attempt_count: 2,
      response_status: 502,
      next_attempt_at: pending.next_attempt_at,
    });

    time.advance((WEBHOOK_RETRY_DELAYS_MS[0] ?? 0) * 1.1 + 1_000);
    await receiver.waitFor(3, forHook);
    const delivered = await waitForAttempts(hook.id, deliveryId, 3);
    expect(delivered).toMatchObject({ status: 'succeeded', response_status: 200, next_attempt_at: null });
    expect(delivered.attempts.map((a: { attempt: number; success: boolean }) => [a.attempt, a.success])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('stops the automatic retries once a redelivery gets through', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: api('/webhooks'),
      payload: { url: `${receiver.url}?t=stop`, events: ['document.created'] },
    });
    const hook = created.json().data;
    const forHook = (r: ReceivedRequest) => r.url === '/hook?t=stop';
    receiver.respond('/hook?t=stop', { status: 500 }, { status: 200 });
    await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Once is enough' } });
    const [first] = await receiver.waitFor(1, forHook);
    const deliveryId = String(first?.headers['x-plinth-delivery']);
    await waitForAttempts(hook.id, deliveryId, 1);
    await call(t.app, owner, { method: 'POST', url: api(`/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`) });
    await receiver.waitFor(2, forHook);
    expect(await waitForAttempts(hook.id, deliveryId, 2)).toMatchObject({ status: 'succeeded', next_attempt_at: null });

    // The retry that was scheduled finds the delivery done and sends nothing.
    time.advance((WEBHOOK_RETRY_DELAYS_MS[0] ?? 0) * 1.1 + 1_000);
    await eventually(async () => {
      const jobs = await t.database.db
        .selectFrom('jobs')
        .select('status')
        .where('dedupe_key', 'like', `%${deliveryId}`)
        .execute();
      return jobs.every((job) => job.status !== 'pending' && job.status !== 'running') ? true : undefined;
    });
    expect(receiver.received.filter(forHook)).toHaveLength(2);
    expect(await readDelivery(hook.id, deliveryId)).toMatchObject({ status: 'succeeded', attempt_count: 2 });
  });
});

describe('webhook deliveries: disabling after a long run of failures', () => {
  let t: TestApp;
  let receiver: Receiver;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let owner: Session;
  let admin: Session;
  let editor: Session;
  let projectId: string;
  const time = createTestClock();
  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createWebhookTestApp({
      env: { ...ALLOW, SMTP_URL: smtp.url },
      clock: time.clock,
      // The real rule (3 deliveries that each used up 7 attempts) with 2 attempts per delivery.
      job: { timeoutMs: 300, maxAttempts: 2 },
    });
    receiver = await startReceiver();
    receiver.always({ status: 500, body: 'down' });
    owner = await signUp(t.app);
    admin = await signUp(t.app);
    editor = await signUp(t.app);
    projectId = await createProject(t.app, owner, { name: 'Failing project' });
    for (const [member, role] of [
      [admin, 'admin'],
      [editor, 'editor'],
    ] as const) {
      await call(t.app, owner, { method: 'POST', url: api('/members'), payload: { email: member.email, role } });
    }
    await createCollection(t.app, owner, projectId, ARTICLES);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await smtp.close();
  });

  it('turns the webhook off after 3 deliveries in a row fail every attempt, and emails owners and admins', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: api('/webhooks'),
      payload: { url: `${receiver.url}?t=disable`, events: ['document.created'] },
    });
    const hook = created.json().data;
    const forHook = (r: ReceivedRequest) => r.url === '/hook?t=disable';
    const readHook = async () =>
      (await call(t.app, owner, { method: 'GET', url: api(`/webhooks/${hook.id}`) })).json().data;

    // A delivery that fails and then succeeds on its retry resets the run.
    receiver.respond('/hook?t=disable', { status: 500 }, { status: 200 });
    await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Flaky' } });
    await receiver.waitFor(1, forHook);
    await jobsSettled(t);
    time.advance(12_000);
    await receiver.waitFor(2, forHook);

    for (let i = 0; i < 3; i += 1) {
      await createDocument(t.app, owner, projectId, 'articles', { data: { title: `Doomed ${i}` } });
    }
    await receiver.waitFor(5, forHook);
    await jobsSettled(t);
    expect((await readHook()).active).toBe(true);
    time.advance(12_000);
    await receiver.waitFor(8, forHook);

    const disabled = await eventually(async () => {
      const current = await readHook();
      return current.active === false ? current : undefined;
    });
    expect(disabled.disabled_reason).toMatch(/after 3 deliveries in a row failed every retry \(last: HTTP 500\)/);
    const ownerMail = await smtp.waitFor(owner.email, /^Webhook disabled in Failing project$/);
    expect(ownerMail.text).toContain(`${receiver.url}?t=disable`);
    expect(ownerMail.text).toContain(`http://plinth.test/app/projects/${projectId}/webhooks/${hook.id}?status=failed`);
    await smtp.waitFor(admin.email, /^Webhook disabled/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.some((mail) => JSON.stringify(mail.to).includes(editor.email))).toBe(false);

    const failed = await call(t.app, owner, {
      method: 'GET',
      url: api(`/webhooks/${hook.id}/deliveries?status=failed`),
    });
    expect(failed.json().meta.total).toBe(3);

    // A turned-off webhook gets no new events; turning it on again starts afresh.
    const before = receiver.received.filter(forHook).length;
    await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'While off' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.filter(forHook)).toHaveLength(before);
    const on = await call(t.app, owner, {
      method: 'PATCH',
      url: api(`/webhooks/${hook.id}`),
      payload: { active: true },
    });
    expect(on.json().data).toMatchObject({ active: true, disabled_reason: null });
  });
});

describe('webhook deliveries: the address is checked again at connect time', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createWebhookTestApp({ env: ALLOW, job: { timeoutMs: 300 } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses to send when the address is no longer allowed when the attempt is made', async () => {
    const owner = await signUp(t.app);
    const projectId = await createProject(t.app, owner);
    const created = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url: receiver.url, events: ['*'] },
    });
    expect(created.statusCode).toBe(201);
    // The operator removes the allow-list entry: the worker now runs with a config without it.
    await t.worker?.stop();
    const restarted = await createServices({
      config: { ...t.config, webhookAllowedHosts: [] },
      database: t.database,
      log: createLogger('silent'),
      webhookJob: { timeoutMs: 300 },
    });
    const worker = restarted.worker({ pollMs: 20 });
    worker.start();
    onTestFinished(async () => {
      await worker.stop();
      await restarted.close();
    });
    const ping = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks/${created.json().data.id}/test`,
    });
    const delivery = await eventually(async () => {
      const read = await call(t.app, owner, {
        method: 'GET',
        url: `/api/v1/projects/${projectId}/webhooks/${created.json().data.id}/deliveries/${ping.json().data.id}`,
      });
      const data = read.json().data;
      return data.status === 'failed' ? data : undefined;
    });
    expect(delivery.attempts[0]).toMatchObject({
      success: false,
      response: null,
      error: 'Refused: 127.0.0.1 is a loopback address',
    });
    expect(receiver.received).toHaveLength(0);
  });
});
