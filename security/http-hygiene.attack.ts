import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../apps/server/src/lib/mailer.js';
import { webRoutes } from '../apps/server/src/modules/web/web.routes.js';
import { createCollection, createProject, uploadAsset } from '../apps/server/src/test/content.js';
import type { Session } from '../apps/server/src/test/harness.js';
import { type Answer, attack, errorCode, newUser, report, send, startTarget } from './harness.js';

// HTTP hygiene (API.md "Operations"): security headers on every kind of answer, CORS without
// credentials, error bodies that say nothing internal, methods and sizes the server must refuse
// cleanly, /metrics behind its token, requests that try to hold the server, and Host headers that
// must never end up in absolute URLs or redirects.

const PUBLIC_URL = 'http://plinth.test';
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;

/** A minimal web app build: the shell, one prerendered page, the routes manifest. */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-web-'));
  const html = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><link rel="canonical" href="%PLINTH_ORIGIN%/"></head><body></body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), html('Plinth'));
  fs.mkdirSync(path.join(dir, 'prerendered'));
  fs.writeFileSync(path.join(dir, 'prerendered', 'pricing.html'), html('Pricing'));
  fs.writeFileSync(
    path.join(dir, 'routes.json'),
    JSON.stringify({ paths: ['/', '/login', '/pricing'], prefixes: ['/app'] }),
  );
  return dir;
}

const distDir = webBuild();
const mails: MailMessage[] = [];
const target = await startTarget({
  env: { PUBLIC_URL, GITHUB_CLIENT_ID: 'attack-client', GITHUB_CLIENT_SECRET: 'attack-secret' },
  mailer: {
    send: async (message) => {
      mails.push(message);
    },
    close: () => undefined,
  },
  // The web app's pages, served as `plinth start` serves them.
  beforeReady: async (app, services) => {
    await app.register(webRoutes, { distDir, publicUrl: services.config.publicUrl });
  },
});
const secure = await startTarget({
  env: { PUBLIC_URL: 'https://cms.example.com', PLINTH_METRICS_TOKEN: METRICS_TOKEN },
  worker: false,
});
afterAll(async () => {
  await Promise.all([target.close(), secure.close()]);
  fs.rmSync(distDir, { recursive: true, force: true });
});

let owner: Session;
let projectId: string;
let assetId: string;
beforeAll(async () => {
  owner = await newUser(target, 'Owner');
  projectId = await createProject(target.app, owner);
  await createCollection(target.app, owner, projectId, {
    slug: 'articles',
    name: 'Articles',
    fields: [{ name: 'title', type: 'text' }],
  });
  assetId = await uploadAsset(target.app, owner, projectId);
});

/** Nothing that tells an attacker about the code, the database or the machine. */
const INTERNALS =
  /\bat [\w$.<>]+ \(|node_modules|\/work\/|\/home\/|\/usr\/|\.ts:\d+|\.js:\d+|\bSELECT\b|\bINSERT\b|sqlite|postgres|kysely|FST_[A-Z_]+|stack|TypeError|ReferenceError/i;

/** The API.md error envelope, with nothing internal in it. */
function expectCleanError(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(errorCode(answer), answer.text).toBe(code);
  const body = answer.json as { statusCode: unknown; error: unknown; message: unknown };
  expect(body.statusCode).toBe(status);
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(answer.text).not.toMatch(INTERNALS);
}

function expectSecurityHeaders(answer: Answer, what: string) {
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['x-powered-by'], what).toBeUndefined();
}

/** Writes `data` on a raw connection and collects what comes back until it closes or `waitMs` pass. */
function raw(port: number, data: string, waitMs = 1500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? done() : reject(error)));
    socket.write(data);
  });
}

/** The status and headers of an answer that may never end (an event stream), then the connection is dropped. */
function headersOf(
  port: number,
  requestPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: requestPath, headers, agent: false }, (response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
      request.destroy();
    });
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

describe('HTTP hygiene', () => {
  describe('security headers', () => {
    it('a JSON API answer carries nosniff and Referrer-Policy, and no X-Powered-By', async () => {
      const answer = await attack(target, 'read security headers of an API answer', { path: '/api/v1/plans' });
      expect(answer.status).toBe(200);
      expectSecurityHeaders(answer, 'GET /plans');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    });

    it('error answers (401, 404, 400, 415) carry the same headers', async () => {
      const answers = [
        await attack(target, 'a 401', { path: '/api/v1/auth/me' }),
        await attack(target, 'a 404 on an unknown API path', { path: '/api/v1/nothing-here' }),
        await attack(target, 'a 400 on malformed JSON', {
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          body: '{"username":',
        }),
        await attack(target, 'a 415 on XML', {
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { 'content-type': 'application/xml' },
          body: '<login/>',
        }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([401, 404, 400, 415]);
      for (const answer of answers) expectSecurityHeaders(answer, String(answer.status));
    });

    it("pages carry a Content-Security-Policy with frame-ancestors 'self', the app's 404 pages too", async () => {
      for (const [pagePath, status] of [
        ['/', 200],
        ['/pricing', 200],
        ['/no-such-page', 404],
      ] as const) {
        const answer = await attack(target, `read the CSP of the page ${pagePath}`, { path: pagePath });
        expect(answer.status).toBe(status);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        const policy = String(answer.headers['content-security-policy']);
        expect(policy).toContain("frame-ancestors 'self'");
        expect(policy).toContain("object-src 'none'");
        expect(policy).toMatch(/script-src 'self'(;|$)/);
        expectSecurityHeaders(answer, pagePath);
      }
    });

    it('HSTS is sent on every answer when PUBLIC_URL is https, and never when it is http', async () => {
      for (const [answerPath, status] of [
        ['/api/v1/plans', 200],
        ['/api/v1/auth/me', 401],
        ['/healthz', 200],
      ] as const) {
        const https = await attack(secure, `HSTS under an https PUBLIC_URL: ${answerPath}`, { path: answerPath });
        expect(https.status).toBe(status);
        expect(https.headers['strict-transport-security']).toMatch(/^max-age=(\d+)/);
        expect(
          Number(/max-age=(\d+)/.exec(String(https.headers['strict-transport-security']))?.[1]),
        ).toBeGreaterThanOrEqual(31_536_000);
        const plain = await send(target, { path: answerPath });
        expect(plain.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('an event stream (written by hand, not by the framework) carries the headers too', async () => {
      const stream = await headersOf(target.port, `/api/v1/projects/${projectId}/events`, {
        authorization: `Bearer ${owner.accessToken}`,
        accept: 'text/event-stream',
      });
      report('headers of an event stream', JSON.stringify(stream.headers));
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['x-content-type-options']).toBe('nosniff');
      expect(stream.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('media files carry nosniff and no X-Powered-By', async () => {
      const asset = (await send(target, { path: `/api/v1/projects/${projectId}/media/${assetId}`, as: owner }))
        .json as {
        data: { url: string };
      };
      const file = await attack(target, 'read the headers of a media file', { path: new URL(asset.data.url).pathname });
      expect(file.status).toBe(200);
      expectSecurityHeaders(file, 'media file');
    });
  });

  describe('CORS', () => {
    it('any origin may read API answers, never with credentials', async () => {
      const answer = await attack(target, 'a cross-origin GET with a cookie', {
        path: '/api/v1/plans',
        headers: { origin: 'https://evil.example', cookie: 'session=stolen' },
      });
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      expect(answer.headers['set-cookie']).toBeUndefined();
    });

    it('a preflight is answered for the methods and headers the API takes, with * and no credentials', async () => {
      const answer = await attack(target, 'a preflight for DELETE with Authorization', {
        method: 'OPTIONS',
        path: `/api/v1/projects/${projectId}`,
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(String(answer.headers['access-control-allow-methods'])).toContain('DELETE');
      expect(String(answer.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('the null origin and error answers get * as well: no origin is ever reflected', async () => {
      for (const origin of ['null', 'https://evil.example']) {
        const answer = await attack(target, `a 401 for Origin: ${origin}`, {
          path: '/api/v1/auth/me',
          headers: { origin },
        });
        expect(answer.status).toBe(401);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      }
    });
  });

  describe('errors', () => {
    it('404, 405, 400 (bad URL encoding, bad id) and 415 answers hold the envelope and nothing internal', async () => {
      expectCleanError(
        await attack(target, 'an unknown API path', { path: '/api/v1/../../etc/passwd' }),
        404,
        'NOT_FOUND',
      );
      expectCleanError(
        await attack(target, 'a malformed percent-encoding', { path: '/api/v1/projects/%E0%A4%A', as: owner }),
        400,
        'VALIDATION_FAILED',
      );
      expectCleanError(
        await attack(target, 'an id of 10 000 characters', {
          path: `/api/v1/projects/${'x'.repeat(10_000)}`,
          as: owner,
        }),
        404,
        'NOT_FOUND',
      );
      expectCleanError(
        await attack(target, 'a form-encoded login', {
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'username=a&password=b',
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      const mutationOverGet = await attack(target, 'a GraphQL mutation over GET (405)', {
        path: `/api/v1/projects/${projectId}/graphql?query=${encodeURIComponent('mutation { __typename }')}`,
        as: owner,
      });
      expect(mutationOverGet.status).toBe(405);
      expect(mutationOverGet.text).not.toMatch(INTERNALS);
    });

    it('malformed JSON is a 400 VALIDATION_FAILED with details, never a 500', async () => {
      for (const body of ['{"name":', '{"name": "x",}', '\u0000\u0001', '[1,2', '{"a":"\\ud800"']) {
        const answer = await attack(target, `a body of ${JSON.stringify(body)}`, {
          method: 'PATCH',
          path: '/api/v1/auth/me',
          as: owner,
          headers: { 'content-type': 'application/json' },
          body,
        });
        expectCleanError(answer, 400, 'VALIDATION_FAILED');
        expect((answer.json as { details?: unknown[] }).details?.length).toBeGreaterThan(0);
      }
    });

    it('__proto__ and constructor in a body are refused with details and change nothing', async () => {
      const before = (await send(target, { path: '/api/v1/auth/me', as: owner })).json;
      for (const body of [
        '{"name":"Proto","__proto__":{"is_admin":true}}',
        '{"name":"Proto","constructor":{"prototype":{"is_admin":true}}}',
      ]) {
        const answer = await attack(target, `prototype pollution through ${body}`, {
          method: 'PATCH',
          path: '/api/v1/auth/me',
          as: owner,
          headers: { 'content-type': 'application/json' },
          body,
        });
        expectCleanError(answer, 400, 'VALIDATION_FAILED');
        expect((answer.json as { details?: unknown[] }).details?.length).toBeGreaterThan(0);
      }
      expect((await send(target, { path: '/api/v1/auth/me', as: owner })).json).toEqual(before);
      expect(({} as { is_admin?: unknown }).is_admin).toBeUndefined();
    });

    it('a 60 MB body is answered with a readable 413, not a reset connection', async () => {
      const answer = await attack(target, 'a 60 MB JSON body', {
        method: 'POST',
        path: '/api/v1/projects',
        as: owner,
        body: { name: 'x'.repeat(60 * 1024 * 1024) },
      });
      expectCleanError(answer, 413, 'PAYLOAD_TOO_LARGE');
    });
  });

  describe('methods', () => {
    it('TRACE is refused and echoes nothing of the request (no cross-site tracing)', async () => {
      const answer = await attack(target, 'TRACE with a credential', {
        method: 'TRACE',
        path: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${owner.accessToken}`, 'x-secret': 'trace-me' },
      });
      expect([404, 405]).toContain(answer.status);
      expect(answer.text).not.toContain(owner.accessToken);
      expect(answer.text).not.toContain('trace-me');
      expect(answer.text).not.toMatch(INTERNALS);
    });

    it('PATCH, PUT and DELETE on list routes are 404 or 405 with the envelope, never 500', async () => {
      const lists = ['/api/v1/projects', `/api/v1/projects/${projectId}/collections/articles/documents`];
      for (const listPath of lists) {
        for (const method of ['PATCH', 'PUT', 'DELETE']) {
          const answer = await attack(target, `${method} on the list ${listPath}`, {
            method,
            path: listPath,
            as: owner,
            body: { name: 'x' },
          });
          expect([404, 405]).toContain(answer.status);
          expect(['NOT_FOUND', 'VALIDATION_FAILED']).toContain(errorCode(answer));
          expect(answer.text).not.toMatch(INTERNALS);
        }
      }
      const count = (await send(target, { path: '/api/v1/projects', as: owner })).json as { data: unknown[] };
      expect(count.data).toHaveLength(1);
    });

    it('OPTIONS without a preflight, and unusual methods, never answer 500', async () => {
      for (const method of ['OPTIONS', 'PROPFIND', 'MKCOL', 'PURGE', 'SEARCH']) {
        const answer = await attack(target, `${method} on an API path`, {
          method,
          path: `/api/v1/projects/${projectId}`,
          as: owner,
        });
        expect(answer.status, answer.text).toBeLessThan(500);
        expect([200, 204, 404, 405]).toContain(answer.status);
        expect(answer.text).not.toMatch(INTERNALS);
      }
    });
  });

  describe('/metrics', () => {
    it('with PLINTH_METRICS_TOKEN set, /metrics needs exactly that bearer token', async () => {
      for (const [tried, headers, query] of [
        ['no credential', {}, ''],
        ['a wrong token', { authorization: 'Bearer wrong' }, ''],
        ['the token with a byte more', { authorization: `Bearer ${METRICS_TOKEN}x` }, ''],
        ['the token in the URL', {}, `?token=${METRICS_TOKEN}`],
        ['a user session', { authorization: 'Basic YWRtaW46YWRtaW4=' }, ''],
      ] as const) {
        const answer = await attack(secure, `/metrics with ${tried}`, { path: `/metrics${query}`, headers });
        expectCleanError(answer, 401, 'UNAUTHENTICATED');
        expect(answer.text).not.toContain('http_request');
      }
      const allowed = await attack(secure, '/metrics with the token', {
        path: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(allowed.status).toBe(200);
      expect(allowed.headers['content-type']).toMatch(/^text\/plain/);
      expect(allowed.text).not.toContain(METRICS_TOKEN);
      expectSecurityHeaders(allowed, '/metrics');
    });

    it('metrics are labelled by route pattern: random paths cannot grow them (or reveal ids)', async () => {
      const marker = `probe${randomBytes(4).toString('hex')}`;
      for (let i = 0; i < 50; i++) await send(secure, { path: `/api/v1/${marker}-${i}` });
      await send(secure, { path: `/api/v1/projects/${marker}`, as: owner.accessToken });
      const metrics = await send(secure, { path: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      report('metrics after 51 requests to random paths', `${metrics.text.length} characters`);
      expect(metrics.status).toBe(200);
      expect(metrics.text).not.toContain(marker);
    });
  });

  describe('connections', () => {
    it('request headers over the limit are answered 431', async () => {
      const answer = await raw(
        target.port,
        `GET /api/v1/plans HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
      );
      report('a 64 KB request header', answer.split('\r\n')[0] ?? '');
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    });

    it('connections left half-sent (slowloris) do not keep others from being answered', async () => {
      const sockets = Array.from({ length: 50 }, () => {
        const socket = net.connect(target.port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.write('GET /api/v1/plans HTTP/1.1\r\nHost: x\r\nX-Slow: ');
        return socket;
      });
      try {
        await new Promise((done) => setTimeout(done, 300));
        const started = Date.now();
        const answer = await attack(target, 'a normal request while 50 connections trickle their headers', {
          path: '/healthz',
        });
        const elapsed = Date.now() - started;
        report('time to answer beside 50 half-sent requests', `${elapsed} ms`);
        expect(answer.status).toBe(200);
        expect(elapsed).toBeLessThan(2000);
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    });

    it('a request with both Content-Length and Transfer-Encoding is refused (no smuggling)', async () => {
      const smuggled = 'GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\n\r\n';
      const answer = await raw(
        target.port,
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`,
      );
      report('CL and TE together', answer.split('\r\n')[0] ?? '');
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      // One answer only: the request hidden in the body was not run.
      expect(answer.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
    });

    it('request ids are taken only when harmless; anything else is replaced, not reflected', async () => {
      const answer = await attack(target, 'an X-Request-Id with markup', {
        path: '/api/v1/plans',
        headers: { 'x-request-id': '<script>alert(1)</script>' },
      });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await send(target, { path: '/api/v1/plans', headers: { 'x-request-id': 'trace-123.abc' } });
      expect(kept.headers['x-request-id']).toBe('trace-123.abc');
    });
  });

  describe('Host header and redirects', () => {
    const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

    it('the password reset link is built from PUBLIC_URL, whatever Host says', async () => {
      const victim = await newUser(target, 'Victim');
      const answer = await attack(target, 'forgot-password with Host: evil.example', {
        method: 'POST',
        path: '/api/v1/auth/forgot-password',
        headers: evil,
        body: { email: victim.email },
      });
      expect(answer.status).toBe(202);
      let mail: MailMessage | undefined;
      for (let attempt = 0; attempt < 100 && !mail; attempt++) {
        mail = mails.find((message) => message.to === victim.email);
        if (!mail) await new Promise((done) => setTimeout(done, 50));
      }
      report('the reset mail', mail?.link ?? 'no mail');
      expect(mail?.link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=`));
      expect(mail?.text).not.toContain('evil.example');
    });

    it('asset URLs, the OpenAPI servers and page canonical links ignore Host', async () => {
      const asset = await attack(target, 'read an asset with Host: evil.example', {
        path: `/api/v1/projects/${projectId}/media/${assetId}`,
        as: owner,
        headers: evil,
      });
      expect((asset.json as { data: { url: string } }).data.url.startsWith(`${PUBLIC_URL}/media/`)).toBe(true);
      const openapi = await attack(target, 'the OpenAPI document with Host: evil.example', {
        path: '/api/v1/openapi.json',
        headers: evil,
      });
      expect(openapi.status).toBe(200);
      expect(openapi.text).not.toContain('evil.example');
      for (const pagePath of ['/', '/pricing']) {
        const page = await attack(target, `the page ${pagePath} with Host: evil.example`, {
          path: pagePath,
          headers: evil,
        });
        expect(page.text).toContain(`href="${PUBLIC_URL}/"`);
        expect(page.text).not.toContain('evil.example');
      }
    });

    it('trailing-slash redirects never leave the site', async () => {
      for (const attempt of ['//evil.example/', '/\\evil.example/', '//evil.example/%2F..', '///evil.example/']) {
        const answer = await attack(target, `a redirect from ${attempt}`, { path: attempt });
        const location = answer.headers.location;
        if (answer.status >= 300 && answer.status < 400) {
          expect(location, String(location)).toMatch(/^\/(?![/\\])/);
        } else {
          expect(answer.status).toBe(404);
        }
      }
    });

    it('sign-in with a provider refuses a redirect_uri off the site', async () => {
      for (const redirect of [
        'https://evil.example/auth/github/callback',
        `${PUBLIC_URL}.evil.example/auth/github/callback`,
        '//evil.example/x',
      ]) {
        const answer = await attack(target, `OAuth start with redirect_uri=${redirect}`, {
          path: `/api/v1/auth/oauth/github/start?redirect_uri=${encodeURIComponent(redirect)}`,
        });
        expectCleanError(answer, 400, 'VALIDATION_FAILED');
        expect(answer.headers.location).toBeUndefined();
      }
      const good = await send(target, {
        path: `/api/v1/auth/oauth/github/start?redirect_uri=${encodeURIComponent(`${PUBLIC_URL}/auth/github/callback`)}`,
      });
      expect(good.status).toBe(302);
      expect(String(good.headers.location)).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?/);
    });

    it('the GraphQL explorer link keeps its redirect on the site, whatever project says', async () => {
      for (const project of ['//evil.example', 'https://evil.example', '\\\\evil.example']) {
        const answer = await attack(target, `/api/graphql?project=${project}`, {
          path: `/api/graphql?project=${encodeURIComponent(project)}`,
        });
        expect(answer.status).toBe(302);
        expect(String(answer.headers.location)).toMatch(/^\/app\/graphql\?project=/);
      }
    });
  });
});
