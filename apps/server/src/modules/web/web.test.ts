import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../plugins/errors.js';
import { registerOpenApi } from '../../plugins/openapi.js';
import { webRoutes } from './web.routes.js';

const INDEX = '<!doctype html><html><head><title>Plinth</title></head><body><div id="root"></div></body></html>';

const PRICING =
  '<!doctype html><html><head><title>Pricing | Plinth</title><link rel="canonical" href="https://plinth.example/pricing" /></head><body><div id="root"><h1>Simple pricing</h1></div></body></html>';
const BLOG =
  '<!doctype html><html><head><title>Blog | Plinth</title><link rel="canonical" href="%PLINTH_ORIGIN%/blog" /></head><body><div id="root"><h1>Notes</h1></div></body></html>';

function makeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plinth-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(dir, 'routes.json'),
    JSON.stringify({ paths: ['/', '/about', '/app', '/pricing', '/blog'], prefixes: ['/app/', '/blog/'] }),
  );
  writeFileSync(path.join(dir, 'version.json'), JSON.stringify({ build_id: 'b1' }));
  mkdirSync(path.join(dir, 'prerendered'));
  writeFileSync(path.join(dir, 'prerendered', 'pricing.html'), PRICING);
  writeFileSync(path.join(dir, 'prerendered', 'blog.html'), BLOG);
  return dir;
}

/** The server's own pieces around the web module, in the order app.ts registers them. */
async function build(distDir: string, publicUrl?: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  await registerOpenApi(app, { publicUrl: 'http://localhost:3000' });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => ({ status: 'ready' }));
  await app.register(
    async (api) => {
      api.get('/ping', async () => ({ pong: true }));
    },
    { prefix: '/api/v1' },
  );
  await app.register(webRoutes, { distDir, ...(publicUrl ? { publicUrl } : {}) });
  await app.ready();
  return app;
}

describe('web routes', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = makeDist();
    app = await build(dist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for app routes, uncached', async () => {
    for (const url of ['/', '/about', '/app', '/app/settings/profile', '/about?ref=x']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
  });

  it('sends prerendered public pages for their paths, and the shell for everything else', async () => {
    const pricing = await app.inject({ url: '/pricing?ref=nav' });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.headers['cache-control']).toBe('no-cache');
    expect(pricing.body).toBe(PRICING);
    const again = await app.inject({ url: '/pricing', headers: { 'if-none-match': String(pricing.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Posts under /blog/ are not prerendered: the shell renders them.
    expect((await app.inject({ url: '/blog/01ABC' })).body).toBe(INDEX);
    // The prerendered files are not reachable by their own names.
    expect((await app.inject({ url: '/prerendered/pricing.html' })).statusCode).toBe(404);
  });

  it('fills in the canonical origin the build did not know, from the request or PUBLIC_URL', async () => {
    const blog = await app.inject({ url: '/blog', headers: { host: 'cms.example.org' } });
    expect(blog.body).toContain('<link rel="canonical" href="http://cms.example.org/blog" />');
    const configured = await build(dist, 'https://plinth.example/');
    try {
      const res = await configured.inject({ url: '/blog', headers: { host: 'evil.example' } });
      expect(res.body).toContain('<link rel="canonical" href="https://plinth.example/blog" />');
    } finally {
      await configured.close();
    }
  });

  it('serves version.json uncached, for the hourly build check', async () => {
    const res = await app.inject({ url: '/version.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ build_id: 'b1' });
  });

  it('answers HEAD like GET', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/about' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 304 when the page has not changed', async () => {
    const first = await app.inject({ url: '/' });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves unknown paths with the app (which shows its 404 page) and status 404', async () => {
    const res = await app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(INDEX);
  });

  it('serves hashed assets as immutable and other files for an hour', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("app")');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset with a 404, not with the app', async () => {
    const res = await app.inject({ url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('redirects a trailing slash to the path without it, keeping the query', async () => {
    const res = await app.inject({ url: '/about/?ref=nav' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/about?ref=nav');
  });

  it('never redirects off-site', async () => {
    const res = await app.inject({ url: '//evil.example/' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/evil.example');
  });

  it('never redirects off-site through backslashes, which browsers read as slashes', async () => {
    // Over a socket: inject parses the URL, which would turn the backslashes into slashes first.
    const server = await build(dist);
    await server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.server.address() as AddressInfo;
    try {
      for (const url of ['/\\evil.example/', '/\\/evil.example/', '/\\\\evil.example/']) {
        const answer = await new Promise<IncomingMessage>((resolve, reject) =>
          request({ host: '127.0.0.1', port, path: url }, resolve).on('error', reject).end(),
        );
        answer.resume();
        expect(answer.statusCode, url).toBe(301);
        expect(answer.headers.location, url).toBe('/evil.example');
      }
    } finally {
      await server.close();
    }
  });

  it('leaves the API, health checks and API docs alone', async () => {
    expect((await app.inject({ url: '/api/v1/ping' })).json()).toEqual({ pong: true });
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const docs = await app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
    expect((await app.inject({ url: '/api/v1/openapi.json' })).json()).toMatchObject({ openapi: '3.1.0' });
  });

  it('keeps the JSON 404 for unknown API paths, even with a trailing slash', async () => {
    for (const url of ['/api/v1/nothing', '/api/v1/nothing/', '/api', '/healthz/extra', '/media/x.png']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('does not answer other methods with the app', async () => {
    const res = await app.inject({ method: 'POST', url: '/about', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves nothing but the API when the web app is not built', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'plinth-web-empty-'));
    const apiOnly = await build(empty);
    try {
      const res = await apiOnly.inject({ url: '/about' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await apiOnly.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("gives pages a CSP of the server's own scripts, plus what the build's services need", async () => {
    const plain = (await app.inject({ url: '/pricing' })).headers['content-security-policy'];
    expect(plain).toContain("script-src 'self';");
    expect(plain).toContain("connect-src 'self';");
    expect(plain).toContain("frame-ancestors 'self'");

    const withServices = makeDist();
    writeFileSync(
      path.join(withServices, 'csp.json'),
      JSON.stringify({
        script: ['https://www.googletagmanager.com'],
        connect: ['https://us.i.posthog.com', 'wss://chat.example.com'],
        img: [],
        frame: ['https://chat.example.com'],
      }),
    );
    const configured = await build(withServices);
    try {
      for (const url of ['/pricing', '/', '/no-such-page']) {
        const policy = String((await configured.inject({ url })).headers['content-security-policy']);
        expect(policy, url).toContain("script-src 'self' https://www.googletagmanager.com;");
        expect(policy, url).toContain("connect-src 'self' https://us.i.posthog.com wss://chat.example.com;");
        expect(policy, url).toContain("frame-src 'self' https: http: https://chat.example.com;");
      }
      expect((await configured.inject({ url: '/csp.json' })).statusCode).toBe(404);
    } finally {
      await configured.close();
      rmSync(withServices, { recursive: true, force: true });
    }
  });

  it('refuses to start with a csp.json that holds anything but origins', async () => {
    const tampered = makeDist();
    writeFileSync(
      path.join(tampered, 'csp.json'),
      JSON.stringify({
        script: ["https://cdn.example.com; script-src 'unsafe-inline'"],
        connect: [],
        img: [],
        frame: [],
      }),
    );
    try {
      await expect(build(tampered)).rejects.toThrow(/"script" must be a list of origins/);
    } finally {
      rmSync(tampered, { recursive: true, force: true });
    }
  });
});
