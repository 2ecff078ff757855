// `npm run bench`: the delivery benchmark of the performance issue. Seeds 10,000 published
// articles through the API, starts the production server again on that data, and loads it with
// autocannon next to a bare Fastify server that answers a precomputed JSON of the same 25
// documents. The web benches (`web.mjs`, `editor.mjs`) run after the SQLite cases; they take the
// server helpers exported here (running this file is what starts the bench, importing it is not).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { measureDocumentEditor, printEditorTable } from './editor.mjs';
import { measureWebApp } from './web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = 3;
const CONNECTIONS = 32;
const CATEGORIES = Array.from({ length: 20 }, (_, index) => `category-${index + 1}`);
export const ADMIN = { email: 'bench@plinth.local', password: 'bench-password-1' };
// Extra node flags for the server under test, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profile`.
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return 20000 + Math.floor(Math.random() * 20000);
}

/** Starts a node script as a child process and waits until `url` answers 200. */
async function startProcess(args, env, readyUrl) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early: ${stderr}`);
    try {
      const response = await fetch(readyUrl);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 30_000) throw new Error(`process not ready in 30 s: ${stderr}`);
    await sleep(10);
  }
  return { child, coldStartMs: performance.now() - started };
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function api(base, method, url, body, token) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A ~2 KB body of varied words, so search and compression see realistic text. */
function body(index) {
  const words = ['content', 'delivery', 'headless', 'schema', 'publish', 'locale', 'media', 'query', 'cache', 'index'];
  const out = [];
  for (let i = 0; out.join(' ').length < 2000; i++) out.push(words[(index * 7 + i * 3) % words.length]);
  return out.join(' ');
}

async function seed(base) {
  const login = await api(base, 'POST', '/auth/login', { username: ADMIN.email, password: ADMIN.password });
  const token = login.access_token;
  const project = (await api(base, 'POST', '/projects', { name: 'Bench', locales: ['en'] }, token)).data;
  // Enterprise has no monthly quota or burst limit, so the load measures delivery, not refusals.
  await api(base, 'PATCH', `/admin/projects/${project.id}`, { plan: 'enterprise' }, token);
  const p = `/projects/${project.id}`;
  await api(
    base,
    'POST',
    `${p}/collections`,
    { slug: 'authors', name: 'Authors', fields: [{ name: 'name', type: 'text', required: true }] },
    token,
  );
  await api(
    base,
    'POST',
    `${p}/collections`,
    {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
        { name: 'body', type: 'longtext' },
        { name: 'category', type: 'select', options: { choices: CATEGORIES } },
        { name: 'views', type: 'integer' },
        { name: 'author', type: 'reference', options: { collection: 'authors' } },
      ],
    },
    token,
  );
  const authors = [];
  for (let i = 0; i < 20; i++) {
    authors.push(
      (
        await api(
          base,
          'POST',
          `${p}/collections/authors/documents`,
          { data: { name: `Author ${i}` }, status: 'published' },
          token,
        )
      ).data.id,
    );
  }
  let next = 0;
  let lastId = '';
  const started = performance.now();
  const worker = async () => {
    while (next < DOCUMENTS) {
      const index = next++;
      const created = await api(
        base,
        'POST',
        `${p}/collections/articles/documents`,
        {
          status: 'published',
          data: {
            title: `Article ${index}`,
            body: body(index),
            category: CATEGORIES[index % CATEGORIES.length],
            views: (index * 7919) % 100_000,
            author: authors[index % authors.length],
          },
        },
        token,
      );
      lastId = created.data.id;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const seconds = (performance.now() - started) / 1000;
  const apiToken = (await api(base, 'POST', `${p}/api-tokens`, { name: 'bench', scopes: ['content:read'] }, token)).data
    .token;
  return { projectId: project.id, apiToken, documentId: lastId, seedSeconds: seconds };
}

/** The REST list's query in GraphQL: the same 25 documents, with the fields REST returns. */
const GRAPHQL_LIST = `{
  articles(filter: { category: { eq: "category-3" } }, sort: ["-views"], limit: 25) {
    items { id status created_at updated_at published_at title slug body category views author { id } }
  }
}`;

async function load(name, { expectGraphqlItems, ...options }) {
  if (expectGraphqlItems) {
    // GraphQL answers errors with a 200; make sure the case measures real answers.
    const answer = await (
      await fetch(options.url, { method: options.method, headers: options.headers, body: options.body })
    ).json();
    const items = answer.data?.articles?.items;
    if (!Array.isArray(items) || items.length !== expectGraphqlItems) {
      throw new Error(`${name}: unexpected answer ${JSON.stringify(answer).slice(0, 300)}`);
    }
  }
  await autocannon({ ...options, connections: CONNECTIONS, duration: WARMUP });
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  return {
    name,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx - (options.expectStatus === 304 ? (result['3xx'] ?? 0) : 0),
  };
}

/**
 * The production server (`apps/server/dist/main.js start`) on a fresh data directory, SQLite in it
 * unless `databaseUrl` is given, with the bench's admin as its first user. `start()` may be called
 * again after the process stopped (same data); `cleanUp()` removes the data once it has stopped.
 * @example const plinth = plinthServer(null); const { child } = await plinth.start(); // plinth.base
 */
export function plinthServer(databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-bench-'));
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PLINTH_DATA_DIR: dataDir,
    PLINTH_SEED_DEMO: 'false',
    PLINTH_ADMIN_EMAIL: ADMIN.email,
    PLINTH_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  return {
    base,
    start: () => startProcess([...SERVER_NODE_ARGS, 'apps/server/dist/main.js', 'start'], env, `${base}/healthz`),
    cleanUp: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function benchDatabase(label, databaseUrl, options = {}) {
  const plinth = plinthServer(databaseUrl);
  const { base } = plinth;
  const startServer = plinth.start;
  let server = await startServer();
  try {
    console.log(
      `[${label}] first start (migrates an empty database): ${server.coldStartMs.toFixed(0)} ms; seeding ${DOCUMENTS} documents…`,
    );
    const { projectId, apiToken, documentId, seedSeconds } = await seed(base);
    console.log(
      `[${label}] seeded in ${seedSeconds.toFixed(1)} s (${(DOCUMENTS / seedSeconds).toFixed(0)} documents/s)`,
    );
    // As the issue orders it: seed, then start the production server on that data and load it.
    // This start is the cold start reported; the first one above also migrated an empty database.
    const firstStartMs = server.coldStartMs;
    await stopProcess(server.child);
    server = await startServer();
    const headers = { authorization: `Bearer ${apiToken}` };
    const docs = `${base}/api/v1/projects/${projectId}/collections/articles/documents`;
    const listUrl = `${docs}?filter[category][eq]=category-3&sort=-views&limit=25`;
    const listBody = await (await fetch(listUrl, { headers })).text();
    const etag = (await fetch(listUrl, { headers })).headers.get('etag');

    // The bare server runs before and after the Plinth cases, and the better of its two runs is
    // the reference: a busy moment of this shared machine must not flatter the ratios.
    const measureBare = async () => {
      const bare = await startBare(listBody);
      try {
        return await load('bare fastify (same 25 docs)', { url: `http://127.0.0.1:${bare.port}/` });
      } finally {
        bare.child.kill();
      }
    };
    const bareBefore = await measureBare();
    const results = [];
    results.push(await load('one document by id', { url: `${docs}/${documentId}`, headers }));
    results.push(await load('list 25, filter + sort', { url: listUrl, headers }));
    results.push(await load('list 25 + populate author', { url: `${listUrl}&populate=author`, headers }));
    results.push(
      await load('same list through GraphQL', {
        url: `${base}/api/v1/projects/${projectId}/graphql`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query: GRAPHQL_LIST }),
        expectGraphqlItems: JSON.parse(listBody).data.length,
      }),
    );
    results.push(
      await load('304 revalidation', {
        url: listUrl,
        headers: { ...headers, 'if-none-match': etag ?? '' },
        expectStatus: 304,
      }),
    );
    const rss = rssMb(server.child.pid);
    const bareAfter = await measureBare();
    results.unshift(bareAfter.requests > bareBefore.requests ? bareAfter : bareBefore);
    printTable(label, results, rss, { firstStartMs, restartMs: server.coldStartMs });
    if (options.web) {
      const session = await api(base, 'POST', '/auth/login', { username: ADMIN.email, password: ADMIN.password });
      const web = await measureWebApp(base, session, projectId);
      console.log(
        `[web] /app signed in, dashboard of a project with ${DOCUMENTS} documents (median of 3 Lighthouse runs, ` +
          `no throttling): ${web.scripts} scripts before first contentful paint, ${web.gzippedKb.toFixed(0)} KB gzipped; ` +
          `FCP ${web.fcpMs.toFixed(0)} ms, time to interactive ${web.ttiMs.toFixed(0)} ms\n`,
      );
      printEditorTable(await measureDocumentEditor(base));
    }
  } finally {
    server.child.kill('SIGTERM');
    await sleep(200);
    plinth.cleanUp();
  }
}

async function startBare(payload) {
  const port = freePort();
  const script = `
    const app = require('fastify')();
    const body = ${JSON.stringify(payload)};
    app.get('/', (request, reply) => { reply.type('application/json; charset=utf-8').send(body); });
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const { child } = await startProcess(
    ['-e', script],
    { NODE_PATH: path.join(root, 'node_modules') },
    `http://127.0.0.1:${port}/`,
  );
  return { child, port };
}

/** SIGTERM, then the process's exit (it finishes in-flight requests first). */
export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A Markdown table of strings, its columns padded to their widest cell. */
export function formatTable(header, rows) {
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index].length)));
  const line = (cells) => `| ${cells.map((cell, index) => cell.padEnd(widths[index])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function printTable(label, results, rss, { firstStartMs, restartMs }) {
  const bare = results[0].requests;
  const rows = results.map((row) => [
    row.name,
    row.requests.toFixed(0),
    `${row.p50} ms`,
    `${row.p99} ms`,
    String(row.errors),
    `${((row.requests / bare) * 100).toFixed(0)}%`,
  ]);
  console.log(
    `\n${label}: ${DOCUMENTS} documents, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up`,
  );
  console.log(formatTable(['case', 'req/s', 'p50', 'p99', 'errors', 'vs bare'], rows));
  console.log(
    `server RSS after the run: ${rss.toFixed(0)} MB; cold start to first 200 on the seeded database: ` +
      `${restartMs.toFixed(0)} ms (first start, migrating an empty database: ${firstStartMs.toFixed(0)} ms)\n`,
  );
}

/**
 * Whether `url` (a module's `import.meta.url`) is the script node was started with. A function
 * declaration, so that editor.mjs (which this module imports, and which imports it) may call it
 * before this module has run.
 */
export function isMainModule(url) {
  return process.argv[1] !== undefined && url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
}

async function main() {
  // The web app's budget is measured once, on SQLite: the browser's work does not depend on the database.
  await benchDatabase('SQLite', null, { web: true });
  if (!process.env.TEST_DATABASE_URL) return;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  try {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await benchDatabase('PostgreSQL', url.toString());
  } finally {
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  }
}

if (isMainModule(import.meta.url)) await main();
