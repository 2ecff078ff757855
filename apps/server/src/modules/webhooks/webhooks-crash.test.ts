import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPlinthSignature } from '../../../../../docs/recipes/verify-plinth-signature.js';
import { type Receiver, startReceiver } from '../../test/webhooks.js';

/*
 * The built server as operators run it (`node apps/server/dist/main.js start`, SQLite in a temp
 * dir), killed with SIGKILL right after a publish: the event was committed with the publish,
 * so the restarted server delivers it. Ignores TEST_DATABASE_URL on purpose.
 */

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const mainJs = path.join(root, 'apps/server/dist/main.js');
const WAIT_MS = 15_000;

const children: ChildProcess[] = [];
let dataDir: string;
let receiver: Receiver;

function start(args: string[]) {
  const child = spawn(process.execPath, [mainJs, 'start', ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      PLINTH_DATA_DIR: dataDir,
      PLINTH_SEED_DEMO: 'false',
      PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? code));
  });
  const listening = (async () => {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const match = stdout.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1]) return match[1];
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`server did not start:\n${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return { child, exited, listening };
}

async function api(base: string, method: string, url: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

beforeAll(async () => {
  // The global setup built the server (apps/server/src/test/global-setup.ts).
  expect(fs.existsSync(mainJs)).toBe(true);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-webhook-crash-'));
  receiver = await startReceiver();
}, 180_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await receiver?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('webhooks survive a crash', () => {
  it('delivers the event of a publish after the server was killed with SIGKILL right after it', async () => {
    // The first server answers requests but runs no jobs, so nothing can be sent before the kill.
    const first = start(['--role', 'api']);
    const base = await first.listening;
    const email = 'crash@example.com';
    const password = 'correct horse battery';
    await api(base, 'POST', '/auth/register', null, { name: 'Crash Tester', email, password });
    const { access_token: token } = await api(base, 'POST', '/auth/login', null, { username: email, password });
    const project = (await api(base, 'POST', '/projects', token, { name: 'Crash project' })).data;
    const probe = await fetch(`${base}/api/v1/projects/${project.id}/webhooks`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (probe.status === 404) {
      throw new Error(
        'The webhooks module is not registered (webhooksRoutes in apps/server/src/app.ts, its job in apps/server/src/services.ts)',
      );
    }
    await api(base, 'POST', `/projects/${project.id}/collections`, token, {
      slug: 'articles',
      name: 'Articles',
      fields: [{ name: 'title', type: 'text' }],
    });
    const hook = (
      await api(base, 'POST', `/projects/${project.id}/webhooks`, token, {
        url: receiver.url,
        events: ['document.published'],
      })
    ).data;
    const doc = (
      await api(base, 'POST', `/projects/${project.id}/collections/articles/documents`, token, {
        data: { title: 'Survives' },
      })
    ).data;

    await api(base, 'POST', `/projects/${project.id}/collections/articles/documents/${doc.id}/publish`, token);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(receiver.received).toHaveLength(0);

    const second = start([]);
    await second.listening;
    const [request] = await receiver.waitFor(1, () => true, WAIT_MS);
    if (!request) throw new Error('no delivery');
    const verified = verifyPlinthSignature({
      secret: hook.secret,
      rawBody: request.body,
      timestamp: String(request.headers['x-plinth-timestamp']),
      signature: String(request.headers['x-plinth-signature']),
    });
    expect(verified).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({
      event: 'document.published',
      project_id: project.id,
      sequence: 1,
      data: { id: doc.id, status: 'published', data: { title: 'Survives' } },
    });
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
