import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.js';
import { createMailer } from '../lib/mailer.js';
import { createTestApp, expectError, signUp, type TestApp } from '../test/harness.js';

describe('server core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a 404 in the error shape', async () => {
    const response = await t.app.inject({ url: '/api/v1/nope' });
    expectError(response, 404, 'NOT_FOUND');
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expectError(response, 400, 'VALIDATION_FAILED');
  });

  it('rejects unknown body properties and names the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'A', email: 'a@example.com', password: 'long enough', is_admin: true },
    });
    const body = expectError(response, 400, 'VALIDATION_FAILED');
    expect(body.details).toContainEqual({ path: 'is_admin', message: 'is not allowed' });
  });

  it('sends security headers and a request id on every answer', async () => {
    const response = await t.app.inject({ url: '/api/v1/nope', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('compresses JSON for clients that accept it, and only for them', async () => {
    const plain = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await t.app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await t.app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    // Small answers are not worth it.
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves OpenAPI 3.1 generated from the route schemas, and the reference page', async () => {
    const spec = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/LoginBody',
    });
    expect(spec.components.schemas.LoginBody.properties).toHaveProperty('username');
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('registers, signs in and reads the current user', async () => {
    const session = await signUp(t.app, { email: 'first@example.com' });
    const me = await t.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'first@example.com', is_admin: true, avatar_url: null });
  });
});

describe('errors Fastify or a plugin raises', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        // Stand-ins for plugins that answer with their own client errors, and for a bug.
        app.get('/api/v1/test/plugin-error/:status', async (request) => {
          const status = Number((request.params as { status: string }).status);
          throw Object.assign(new Error('Not Acceptable: send one of application/json'), {
            statusCode: status,
            code: 'FST_SOME_PLUGIN',
          });
        });
        app.get('/api/v1/test/bug', async () => {
          throw new Error('SQLITE_ERROR: no such column: password_hash in SELECT * FROM users');
        });
      },
    });
  });
  afterAll(async () => t.close());

  it('answers a malformed URL with a 400 in the error shape, without repeating the URL', async () => {
    const response = await t.app.inject({ url: '/api/v1/%E0%A4%A' });
    const body = expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.body).not.toContain('%E0');
    expect(body.message).toMatch(/URL/);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('answers a path parameter over the length limit with a 400, not a 414 with a framework code', async () => {
    const response = await t.app.inject({ url: `/api/v1/projects/${'a'.repeat(300)}/members` });
    const body = expectError(response, 400, 'VALIDATION_FAILED');
    expect(body.message).toBe('A part of the request URL is too long');
    expect(response.body).not.toContain('aaaaaaaaaa');
  });

  it('maps any client error status from a plugin to the nearest contract code, never a 500', async () => {
    const cases: [number, number, string][] = [
      [406, 400, 'VALIDATION_FAILED'],
      [405, 404, 'NOT_FOUND'],
      [401, 401, 'UNAUTHENTICATED'],
      [403, 403, 'FORBIDDEN'],
      [409, 409, 'CONFLICT'],
      [429, 429, 'RATE_LIMITED'],
      [418, 400, 'VALIDATION_FAILED'],
    ];
    for (const [status, expected, code] of cases) {
      const response = await t.app.inject({ url: `/api/v1/test/plugin-error/${status}` });
      const body = expectError(response, expected, code);
      expect(body.message).toBe('Not Acceptable: send one of application/json');
    }
  });

  it('hides everything internal in a 500', async () => {
    const response = await t.app.inject({ url: '/api/v1/test/bug' });
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL',
      message: 'Internal Server Error',
    });
  });
});

describe('a database failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 500 INTERNAL with no SQL, table name or stack', async () => {
    // The table that stores contact messages goes missing under the running server.
    await sql`DROP TABLE messages`.execute(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    });
    expectError(response, 500, 'INTERNAL');
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL',
      message: 'Internal Server Error',
    });
    expect(response.body).not.toMatch(/messages|insert|sqlite|relation|at /i);
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cms.example.com' } });
  });
  afterAll(async () => t.close());

  it('sends Strict-Transport-Security when PUBLIC_URL is https', async () => {
    const response = await t.app.inject({ url: '/api/v1/nope' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await createTestApp();
    try {
      const overHttp = await plain.app.inject({ url: '/api/v1/nope' });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('gives pages a Content-Security-Policy that only lets the site itself frame them', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp.split(';').map((directive) => directive.trim())).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('mail with an SMTP transport that cannot be made', () => {
  it('fails the send with the reason, and closes without an unhandled rejection', async () => {
    const logger = Fastify({ logger: false }).log;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-outbox-'));
    // Config validation refuses such a URL at start; the mailer must still fail cleanly.
    const mailer = createMailer({
      smtpUrl: '::::',
      dataDir,
      from: 'plinth@localhost',
      log: logger,
      clock: systemClock,
    });
    await expect(mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      mailer.close();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('writes each email as an .eml file in <data dir>/mail and logs a line with its link', async () => {
    const lines: string[] = [];
    // A real pino logger (Fastify's), writing into the test.
    const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } }).log;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-outbox-'));
    const mailer = createMailer({ smtpUrl: null, dataDir, from: 'plinth@localhost', log: logger, clock: systemClock });
    const t = await createTestApp({ mailer });
    try {
      const { email } = await signUp(t.app);
      const forgot = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
      expect(forgot.statusCode).toBe(202);
      const outbox = path.join(dataDir, 'mail');
      let files: string[] = [];
      for (let attempt = 0; attempt < 100 && files.length === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith('.eml')) : [];
      }
      expect(files).toHaveLength(1);
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, files[0] as string)));
      expect(mail.subject).toBe('Reset your Plinth password');
      expect(mail.text).toMatch(/reset-password\?token=/);
      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.file?.endsWith(files[0]));
      expect(logged).toMatchObject({
        to: email,
        link: expect.stringMatching(/^http:\/\/plinth\.test\/reset-password\?token=/),
      });
      expect(mail.text).toContain(logged.link);
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
