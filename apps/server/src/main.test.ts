import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * The built CLI as operators run it: `node apps/server/dist/main.js`, a real process on a real
 * port with a SQLite file. These tests ignore TEST_DATABASE_URL on purpose.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const mainJs = path.join(root, 'apps/server/dist/main.js');
const WAIT_MS = 15_000;

interface Started {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  dataDir: string;
}

const children: ChildProcess[] = [];
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-cli-'));
  tempDirs.push(dir);
  return dir;
}

/** Runs the CLI with only the environment given (plus PATH), never the test runner's own. */
function runCli(args: string[], env: Record<string, string>): Started {
  const dataDir = env.PLINTH_DATA_DIR ?? tempDir();
  const child = spawn(process.execPath, [mainJs, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', PLINTH_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output, exited, dataDir };
}

/** Rejects when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits until the process's stdout matches `pattern` (or fails if it exits first). */
async function waitForStdout(started: Started, pattern: RegExp, ms = WAIT_MS): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = started.output.stdout.match(pattern);
    if (match) return match;
    if (started.child.exitCode !== null) {
      throw new Error(
        `process exited (${started.child.exitCode}) before printing ${pattern}: ${started.output.stderr}`,
      );
    }
    if (Date.now() > deadline) {
      throw new Error(
        `no ${pattern} on stdout within ${ms} ms; got:\n${started.output.stdout}\n${started.output.stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts `plinth start` and resolves with its base URL once it listens. */
async function startServer(env: Record<string, string> = {}) {
  const started = runCli(['start'], { LOG_LEVEL: 'info', PLINTH_SEED_DEMO: 'false', ...env });
  const [, baseUrl] = await waitForStdout(started, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  if (!baseUrl) throw new Error('no listening address');
  return { ...started, baseUrl };
}

function fetchWithin(url: string, init: RequestInit = {}) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(WAIT_MS) });
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await within(new Promise((resolve) => child.once('exit', resolve)), 5000, 'a killed child to exit').catch(
        () => undefined,
      );
    }
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('plinth CLI: configuration errors', () => {
  it.each([
    ['PORT', 'abc'],
    ['PUBLIC_URL', 'notaurl'],
    ['DATABASE_URL', 'mysql://x'],
    ['PLINTH_REGISTRATION', 'maybe'],
    ['PLINTH_SEED_DEMO', 'perhaps'],
    ['PLINTH_JWT_SECRET', 'short'],
  ])('%s=%s exits with code 1 and one line on stderr naming it', async (name, value) => {
    const started = runCli(['start'], { [name]: value });
    const { code } = await within(started.exited, WAIT_MS, 'the process to exit');
    expect(code).toBe(1);
    const lines = started.output.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines, started.output.stderr).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(started.output.stderr).not.toMatch(/\bat .+:\d+:\d+/);
    expect(started.output.stderr.endsWith('\n')).toBe(true);
    expect(started.output.stdout).toBe('');
    // It stopped before touching anything.
    expect(fs.readdirSync(started.dataDir)).toEqual([]);
  });

  it('explains an unknown command and exits with code 1', async () => {
    const started = runCli(['serve'], {});
    const { code } = await within(started.exited, WAIT_MS, 'the process to exit');
    expect(code).toBe(1);
    expect(started.output.stderr).toContain('Unknown command "serve"');
    expect(started.output.stderr).toContain('Usage: plinth');
  });
});

describe('plinth CLI: migrate', () => {
  it('creates the SQLite database and exits 0', async () => {
    const started = runCli(['migrate'], {});
    const { code } = await within(started.exited, WAIT_MS, 'migrate to exit');
    expect(code, started.output.stderr).toBe(0);
    expect(started.output.stdout).toContain('The database schema is up to date.');
    expect(fs.existsSync(path.join(started.dataDir, 'plinth.db'))).toBe(true);
  });
});

describe('plinth CLI: start', () => {
  it('migrates, seeds the demo account, serves /healthz and keeps its data in PLINTH_DATA_DIR', async () => {
    const server = await startServer({ PLINTH_SEED_DEMO: 'true' });
    const health = await fetchWithin(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetchWithin(`${server.baseUrl}/readyz`)).status).toBe(200);

    expect(server.output.stdout).toContain('demo@plinth.local');
    const [, password] = server.output.stdout.match(/password:\s+(\S+)/) ?? [];
    expect(password).toBeTruthy();
    expect(fs.existsSync(path.join(server.dataDir, 'plinth.db'))).toBe(true);

    // The printed credentials work.
    const login = await fetchWithin(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@plinth.local', password }),
    });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { access_token: string; user: { is_admin: boolean } };
    expect(session.user.is_admin).toBe(true);

    // The demo project has content worth opening: a model, documents in every state, translations, media.
    const read = async <T>(url: string): Promise<T> => {
      const response = await fetchWithin(`${server.baseUrl}/api/v1${url}`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(response.status, url).toBe(200);
      return (await response.json()) as T;
    };
    const projects = await read<{ data: { id: string; slug: string }[] }>('/projects');
    const demo = projects.data.find((project) => project.slug === 'demo');
    expect(demo).toBeDefined();
    const overview = await read<{
      data: {
        collections: number;
        components: number;
        documents: { total: number; draft: number; changed: number; in_review: number; scheduled: number };
        media: { count: number };
      };
    }>(`/projects/${demo?.id}/overview`);
    expect(overview.data.collections).toBe(4);
    expect(overview.data.components).toBeGreaterThanOrEqual(5);
    expect(overview.data.documents.total).toBeGreaterThanOrEqual(25);
    expect(overview.data.documents).toMatchObject({ changed: 1, in_review: 1, scheduled: 1 });
    expect(overview.data.documents.draft).toBeGreaterThan(0);
    expect(overview.data.media.count).toBeGreaterThanOrEqual(10);
    const spanish = await read<{ data: { data: { title: string } }[] }>(
      `/projects/${demo?.id}/collections/articles/documents?locale=es&filter[slug][eq]=welcome`,
    );
    expect(spanish.data[0]?.data.title).toBe('Bienvenido a tu nuevo centro de contenidos');
    const home = await read<{ data: { data: { sections: { _component: string }[] } }[] }>(
      `/projects/${demo?.id}/collections/home/documents?locale=zh`,
    );
    expect(home.data[0]?.data.sections[0]?._component).toBe('hero');
    const found = await read<{ data: { title: string }[] }>(`/projects/${demo?.id}/search?q=locali`);
    expect(found.data.map((hit) => hit.title)).toContain('Localize without chaos');
  });

  it('seeds only once: a second start on the same data directory prints no new account', async () => {
    const dataDir = tempDir();
    const first = await startServer({ PLINTH_SEED_DEMO: 'true', PLINTH_DATA_DIR: dataDir });
    expect(first.output.stdout).toContain('demo@plinth.local');
    first.child.kill('SIGTERM');
    expect((await within(first.exited, WAIT_MS, 'the first server to stop')).code).toBe(0);

    const second = await startServer({ PLINTH_SEED_DEMO: 'true', PLINTH_DATA_DIR: dataDir });
    expect((await fetchWithin(`${second.baseUrl}/healthz`)).status).toBe(200);
    expect(second.output.stdout).not.toContain('Plinth demo account');
  });

  it('does not seed with PLINTH_SEED_DEMO=false', async () => {
    const server = await startServer({ PLINTH_SEED_DEMO: 'false' });
    expect((await fetchWithin(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(server.output.stdout).not.toContain('demo@plinth.local');
  });
});

describe('plinth CLI: graceful shutdown', () => {
  const credentials = { username: 'owner@example.com', password: 'correct horse battery' };

  async function startWithUser() {
    const server = await startServer();
    const registered = await fetchWithin(`${server.baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Owner', email: credentials.username, password: credentials.password }),
    });
    expect(registered.status).toBe(201);
    return server;
  }

  /**
   * A login whose headers and first bytes are sent at once and whose body is finished only when
   * `release` resolves: until then the server holds the request and cannot answer it.
   */
  function heldLogin(baseUrl: string, release: Promise<unknown>) {
    const body = JSON.stringify(credentials);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: WAIT_MS,
      });
      request.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new Error('request timed out')));
      request.on('error', reject);
      request.write(body.slice(0, 10));
      release.then(() => request.end(body.slice(10)), reject);
    });
  }

  const loginsReceived = (stdout: string) =>
    stdout.split('\n').filter((line) => line.includes('"msg":"incoming request"') && line.includes('/auth/login'))
      .length;

  async function waitForLogins(server: Started, total: number) {
    const deadline = Date.now() + WAIT_MS;
    while (loginsReceived(server.output.stdout) < total) {
      if (Date.now() > deadline) throw new Error(`the server did not receive ${total} logins in time`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Resolves a moment after the server has begun shutting down. */
  const afterShutdownBegins = (server: Started) =>
    waitForStdout(server, /Shutting down/).then(() => new Promise((resolve) => setTimeout(resolve, 200)));

  it('finishes a request that is in flight at SIGTERM, then exits 0', async () => {
    const server = await startWithUser();
    const before = loginsReceived(server.output.stdout);
    const response = heldLogin(server.baseUrl, afterShutdownBegins(server));
    await waitForLogins(server, before + 1);
    server.child.kill('SIGTERM');

    const answered = await within(response, WAIT_MS, 'the in-flight login to finish');
    expect(answered.status, answered.body).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ token_type: 'Bearer', user: { email: credentials.username } });
    // Promptly: a keep-alive connection left open by the client must not hold the process.
    const exit = await within(server.exited, 3000, 'the server to exit soon after the last answer');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output.stderr).toBe('');
  });

  it('finishes several concurrent logins (argon2 work) under way at SIGTERM', async () => {
    const server = await startWithUser();
    const before = loginsReceived(server.output.stdout);
    // Fewer than the 10 attempts an account may have checked at once (in-flight logins count
    // against the limit until they succeed, so a burst cannot outrun it).
    const count = 8;
    const release = afterShutdownBegins(server);
    const logins = Array.from({ length: count }, () => heldLogin(server.baseUrl, release));
    // Every request has reached the server before the signal; their password checks all run
    // while it is shutting down.
    await waitForLogins(server, before + count);
    server.child.kill('SIGTERM');

    const results = await within(Promise.all(logins), WAIT_MS, 'the in-flight logins');
    for (const result of results) {
      expect(result.status, result.body).toBe(200);
      expect(JSON.parse(result.body)).toHaveProperty('access_token');
    }
    expect(await within(server.exited, 3000, 'the server to exit soon after the last answer')).toEqual({
      code: 0,
      signal: null,
    });
  });

  it('stops accepting new connections after SIGTERM', async () => {
    const server = await startServer();
    server.child.kill('SIGTERM');
    expect(await within(server.exited, WAIT_MS, 'the server to exit')).toEqual({ code: 0, signal: null });
    await expect(fetchWithin(`${server.baseUrl}/healthz`)).rejects.toThrow();
  });
});

describe('plinth CLI: the bundled server', () => {
  /** A JSON call as a signed-in user; fails the test with the server's answer on an unexpected status. */
  async function api(baseUrl: string, token: string, method: string, url: string, body?: unknown) {
    const response = await fetchWithin(`${baseUrl}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return JSON.parse(text);
  }

  // dist/main.js carries most libraries inside it and leaves native addons, files read beside
  // their code and optional clients to Node: each kind is used here through the real process.
  it('serves content, sanitized rich text, GraphQL, image transforms, the API reference and metrics', async () => {
    const server = await startServer();
    const registered = await fetchWithin(`${server.baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Owner', email: 'owner@example.com', password: 'correct horse battery' }),
    });
    expect(registered.status).toBe(201);
    const login = await fetchWithin(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@example.com', password: 'correct horse battery' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const project = (await api(server.baseUrl, token, 'POST', '/projects', { name: 'Bundle', locales: ['en'] })).data;
    await api(server.baseUrl, token, 'POST', `/projects/${project.id}/collections`, {
      slug: 'notes',
      name: 'Notes',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'richtext' },
      ],
    });
    const note = (
      await api(server.baseUrl, token, 'POST', `/projects/${project.id}/collections/notes/documents`, {
        data: { title: 'Bundled', body: '<p>kept</p><script>alert(1)</script>' },
      })
    ).data;
    expect(note.data.body).toBe('<p>kept</p>');

    const graphql = await api(server.baseUrl, token, 'POST', `/projects/${project.id}/graphql`, {
      query: '{ notes(status: draft) { items { id title } } }',
    });
    expect(graphql).toEqual({ data: { notes: { items: [{ id: note.id, title: 'Bundled' }] } } });

    const form = new FormData();
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'wide.png');
    const uploaded = await fetchWithin(`${server.baseUrl}/api/v1/projects/${project.id}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const asset = ((await uploaded.json()) as { data: { url: string; width: number } }).data;
    expect(asset.width).toBe(40);
    const variant = await fetchWithin(`${server.baseUrl}${new URL(asset.url).pathname}?w=10&format=webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(10);

    const openapi = await fetchWithin(`${server.baseUrl}/api/v1/openapi.json`);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
    const reference = await fetchWithin(`${server.baseUrl}/api/docs/`);
    expect(reference.status).toBe(200);
    expect(await reference.text()).toContain('swagger-ui');
    const metrics = await fetchWithin(`${server.baseUrl}/metrics`);
    expect(await metrics.text()).toContain('process_resident_memory_bytes');
  });
});
