import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as docs from '../apps/web/src/features/docs/examples.js';
import { ADMIN, startServer } from './server.js';

const run = promisify(execFile);

// The documentation page's shell samples, run as written with bash and curl against a real
// server, in the order a reader follows them. A sample that drifts from the API fails here.

interface Answer {
  status: number;
  body: unknown;
}

/** A tiny real JPEG (8×8, grey), for the upload sample's `cover.jpg`. */
const COVER_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAA/9k=',
  'base64',
);

describe('the documentation samples against the running API', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let workDir: string;
  const env: Record<string, string> = {};

  /**
   * Runs one sample in bash and returns its answers: curl's .curlrc (in HOME) ends each answer
   * with its status, and the sample must give exactly as many as it has curl commands.
   */
  async function answers(script: string, count: number, extra: Record<string, string>): Promise<Answer[]> {
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: workDir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: workDir, ...env, ...extra },
    });
    const parts = stdout.split(/\n?@@status (\d{3})\n/);
    const found: Answer[] = [];
    for (let index = 1; index < parts.length; index += 2) {
      const body = (parts[index - 1] ?? '').trim();
      found.push({ status: Number(parts[index]), body: body ? JSON.parse(body) : null });
    }
    if (found.length !== count) throw new Error(`expected ${count} answers, got ${found.length}: ${stdout}`);
    return found;
  }

  /** A sample with one curl command. */
  async function sample(script: string, extra: Record<string, string> = {}): Promise<Answer> {
    return (await answers(script, 1, extra))[0] as Answer;
  }

  /** A sample with two curl commands (an action and its follow-up). */
  async function samplePair(script: string, extra: Record<string, string> = {}): Promise<[Answer, Answer]> {
    return (await answers(script, 2, extra)) as [Answer, Answer];
  }

  async function api<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
    const response = await fetch(`${server.url}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    server = await startServer({ env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-docs-'));
    fs.writeFileSync(path.join(workDir, '.curlrc'), 'silent\nshow-error\nwrite-out = "\\n@@status %{http_code}\\n"\n');
    fs.writeFileSync(path.join(workDir, 'cover.jpg'), COVER_JPEG);

    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const session = (await login.json()) as { access_token: string };
    const project = await api<{ data: { id: string } }>('POST', '/projects', session.access_token, {
      name: 'Docs samples',
      locales: ['en', 'es'],
    });
    const token = await api<{ data: { token: string } }>(
      'POST',
      `/projects/${project.data.id}/api-tokens`,
      session.access_token,
      {
        name: 'docs samples',
        scopes: [
          'content:read',
          'content:preview',
          'content:write',
          'media:read',
          'media:write',
          'schema:write',
          'webhooks:manage',
        ],
      },
    );
    Object.assign(env, { PLINTH_URL: server.url, PLINTH_PROJECT_ID: project.data.id, PLINTH_TOKEN: token.data.token });
  });
  afterAll(async () => {
    await server?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('creates the collection, then creates, updates, publishes, lists, deletes and restores a document', async () => {
    const collection = await sample(docs.CREATE_COLLECTION);
    expect(collection.status, JSON.stringify(collection.body)).toBe(201);

    const created = await sample(docs.CREATE_DOCUMENT);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const document = (created.body as { data: { id: string; version: number; status: string } }).data;
    expect(document).toMatchObject({ version: 1, status: 'draft' });
    // The same sample again is a retry with the same Idempotency-Key: the first answer, nothing new.
    const replayed = await sample(docs.CREATE_DOCUMENT);
    expect(replayed).toEqual(created);

    const [updated, published] = await samplePair(docs.UPDATE_DOCUMENT, { DOCUMENT_ID: document.id });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((updated.body as { data: { version: number } }).data.version).toBe(2);
    expect(published.status).toBe(200);
    expect((published.body as { data: { status: string } }).data.status).toBe('published');
    const [stale] = await samplePair(docs.UPDATE_DOCUMENT, { DOCUMENT_ID: document.id });
    expect(stale.status).toBe(409);

    // A second article that the list sample's filter (title contains "headless") finds.
    const other = await sample(docs.CREATE_DOCUMENT.replace('Hello, world', 'Why headless').replace('3f6c', '4f6c'));
    expect(other.status).toBe(201);
    const list = await sample(docs.LIST_DOCUMENTS);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const listed = list.body as { data: Array<{ data: Record<string, unknown> }>; meta: Record<string, unknown> };
    expect(listed.data.map((item) => item.data.title)).toEqual(['Why headless']);
    expect(Object.keys(listed.data[0]?.data ?? {}).sort()).toEqual(['cover', 'slug', 'title']);

    // The documented list answer names the fields the real one has.
    const documented = JSON.parse(docs.LIST_RESPONSE.replaceAll('…', '')) as typeof listed;
    expect(Object.keys(listed.meta).sort()).toEqual(Object.keys(documented.meta).sort());
    expect(Object.keys(listed.data[0] ?? {})).toEqual(expect.arrayContaining(Object.keys(documented.data[0] ?? {})));

    const [deleted, restored] = await samplePair(docs.DELETE_DOCUMENT, { DOCUMENT_ID: document.id });
    expect(deleted.status).toBe(204);
    expect(restored.status).toBe(200);
  });

  it('runs the first request of getting started', async () => {
    const curlOnly = docs.FIRST_REQUEST.split('\n')
      .filter((line) => !line.startsWith('export '))
      .join('\n');
    const answer = await sample(curlOnly);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: expect.any(Array), meta: { limit: 10 } });
  });

  it('uploads and finds media', async () => {
    const uploaded = await sample(docs.UPLOAD_MEDIA);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect((uploaded.body as { data: Record<string, unknown> }).data).toMatchObject({
      filename: 'cover.jpg',
      mime_type: 'image/jpeg',
      width: 8,
      height: 8,
      folder: 'covers',
    });
    const listed = await sample(docs.LIST_MEDIA);
    expect(listed.status).toBe(200);
    expect((listed.body as { data: Array<{ filename: string }> }).data.map((asset) => asset.filename)).toEqual([
      'cover.jpg',
    ]);
  });

  it('creates the webhook, whose secret is shown once', async () => {
    // With a receiver this closed network can reach in place of the sample's www.example.com.
    const receiver = `${server.url}/api/plinth-webhook`;
    const created = await sample(docs.CREATE_WEBHOOK.replace('https://www.example.com/api/plinth-webhook', receiver));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((created.body as { data: { secret: string; events: string[] } }).data).toMatchObject({
      secret: expect.any(String),
      events: ['document.published', 'document.unpublished', 'document.deleted'],
    });
  });
});
