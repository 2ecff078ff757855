import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/test/ports.js';
import { ADMIN, launchBrowser, startServer } from './server.js';

// The Next.js example (packages/sdk/examples/next), built and started for real, shown in a frame
// of a stand-in for the Plinth editor as the editor shows it: it renders the draft read with the
// preview token of its URL, follows `plinth:preview` messages from the editor's origin only, and
// reports clicks on `data-plinth-field` elements with `plinth:focus`.

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const exampleDir = path.join(root, 'packages/sdk/examples/next');
const nextBin = path.join(root, 'node_modules/next/dist/bin/next');

/** Every file under `dir` but build output and dependencies, sorted: what a build depends on. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/[\\/](\.next|node_modules)[\\/]|next-env\.d\.ts$|\.tsbuildinfo$/.test(file))
    .sort();
}

/** `next build` of the example, skipped when neither it, the built SDK nor Next.js changed since the last one. */
async function buildExample(): Promise<void> {
  const hash = createHash('sha256');
  const inputs = [
    ...sourceFiles(exampleDir),
    ...sourceFiles(path.join(root, 'packages/sdk/dist')),
    path.join(root, 'node_modules/next/package.json'),
  ];
  for (const file of inputs) hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  const key = hash.digest('hex');
  const stamp = path.join(exampleDir, '.next/e2e-build-key');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === key) return;
  await run(process.execPath, [nextBin, 'build'], {
    cwd: exampleDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  fs.writeFileSync(stamp, key);
}

/** `next start` of the built example; stop() ends it and anything it started. */
async function startExample(port: number, env: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: exampleDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true, // a process group of its own, which stop() ends whole
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the Next.js example did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/**
 * Serves the HTML pages in `pages` (path → HTML, changeable later) on a port of its own: an
 * origin of its own on the loopback address (Chromium blocks frames of local addresses in pages
 * it cannot place, such as ones a test fulfils itself).
 */
async function servePages(pages: Map<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://localhost').pathname);
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The stand-in for the editor: the preview in a frame, every message the page receives kept in
 * `received`, `sendPreview(document)` posting a change to the preview's origin, and `addFrame(src)`.
 */
function editorHtml(previewUrl: string): string {
  return `<!doctype html><html lang="en"><title>Editor</title>
<iframe id="preview" title="Preview" width="800" height="400"></iframe>
<script>
  window.received = [];
  addEventListener('message', (event) => received.push({ origin: event.origin, data: event.data }));
  const preview = document.getElementById('preview');
  preview.src = ${JSON.stringify(previewUrl)};
  window.sendPreview = (doc) =>
    preview.contentWindow.postMessage({ type: 'plinth:preview', document: doc }, ${JSON.stringify(new URL(previewUrl).origin)});
  window.addFrame = (src) => document.body.append(Object.assign(document.createElement('iframe'), { src }));
</script></html>`;
}

/** A page of another origin, framed by the editor, that posts a change into the editor's first frame (the preview). */
function intruderHtml(document: unknown): string {
  return `<!doctype html><html lang="en"><title>Intruder</title><script>
  parent.frames[0].postMessage({ type: 'plinth:preview', document: ${JSON.stringify(document)} }, '*');
  parent.postMessage({ type: 'intruder:sent' }, '*');
</script></html>`;
}

interface Received {
  origin: string;
  data: { type?: string; path?: string };
}
// Functions passed to editor.evaluate run in the editor page, where editorHtml defines these.
declare const window: { received: Received[]; sendPreview(document: unknown): void; addFrame(src: string): void };

describe('live preview in the Next.js example', () => {
  const editorPages = new Map<string, string>();
  const intruderPages = new Map<string, string>();
  let server: Awaited<ReturnType<typeof startServer>>;
  let editorSite: Awaited<ReturnType<typeof servePages>>;
  let intruderSite: Awaited<ReturnType<typeof servePages>>;
  let example: Awaited<ReturnType<typeof startExample>> | undefined;
  let exampleUrl: string;
  let browser: Browser;
  let editor: Page;
  let accessToken: string;
  let projectId: string;
  let draft: { id: string; data: Record<string, unknown> };

  async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${server.url}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.ok, `${method} ${url}: ${response.status} ${await response.clone().text()}`).toBe(true);
    return (await response.json()) as T;
  }

  /** The preview's title (none until it is there): read without waiting, for polls. */
  const titles = () => editor.frameLocator('#preview').locator('h1[data-plinth-field="title"]').allTextContents();
  const received = (type: string) =>
    editor.evaluate((wanted) => window.received.filter(({ data }) => data.type === wanted), type);

  beforeAll(async () => {
    // Built first: `next build` takes both cores of a CI machine, and a server started beside it
    // could miss its start-up deadline.
    await buildExample();
    server = await startServer();
    editorSite = await servePages(editorPages);
    intruderSite = await servePages(intruderPages);
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    accessToken = ((await login.json()) as { access_token: string }).access_token;
    projectId = (await api<{ data: { id: string } }>('POST', '/projects', { name: 'Preview', locales: ['en'] })).data
      .id;
    const readToken = await api<{ data: { token: string } }>('POST', `/projects/${projectId}/api-tokens`, {
      name: 'Next.js example',
      scopes: ['content:read'],
    });

    const port = await freePort();
    exampleUrl = `http://127.0.0.1:${port}`;
    await api('POST', `/projects/${projectId}/collections`, {
      slug: 'articles',
      name: 'Articles',
      kind: 'collection',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'slug', type: 'slug', unique: true },
        { name: 'excerpt', type: 'text', localized: true },
      ],
      preview_url: `${exampleUrl}/blog/{slug}?id={id}&locale={locale}`,
    });
    // Published as "Published title", then edited: the working copy (the draft) differs.
    const created = await api<{ data: { id: string } }>(
      'POST',
      `/projects/${projectId}/collections/articles/documents`,
      {
        locale: 'en',
        data: { title: 'Published title', slug: 'hello-preview', excerpt: 'An article about previews.' },
      },
    );
    const documentPath = `/projects/${projectId}/collections/articles/documents/${created.data.id}`;
    await api('POST', `${documentPath}/publish`);
    const updated = await api<{ data: typeof draft }>('PATCH', documentPath, {
      locale: 'en',
      data: { title: 'Draft title' },
    });
    draft = updated.data;

    example = await startExample(port, {
      PLINTH_URL: server.url,
      PLINTH_PROJECT_ID: projectId,
      PLINTH_TOKEN: readToken.data.token,
      // The stand-in editor's origin, and the app's own (the real editor below).
      PLINTH_APP_ORIGIN: `${editorSite.url},${server.url}`,
    });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await example?.stop();
    await editorSite?.close();
    await intruderSite?.close();
    await server?.stop();
  });

  it('renders the published article without a preview token', async () => {
    const html = await (await fetch(`${exampleUrl}/blog/hello-preview`)).text();
    expect(html).toContain('Published title');
    expect(html).not.toContain('Draft title');
  });

  it("renders the draft read with the preview token, in the editor's frame", async () => {
    const { data: preview } = await api<{ data: { token: string; url: string; expires_at: string } }>(
      'POST',
      `/projects/${projectId}/collections/articles/documents/${draft.id}/preview-token`,
      { locale: 'en' },
    );
    expect(preview.token).toMatch(/^plp_/);
    const previewUrl = new URL(preview.url);
    expect(`${previewUrl.origin}${previewUrl.pathname}`).toBe(`${exampleUrl}/blog/hello-preview`);
    expect(previewUrl.searchParams.get('plinth_preview')).toBe(preview.token);

    editorPages.set('/editor', editorHtml(preview.url));
    editor = await browser.newPage();
    await editor.goto(`${editorSite.url}/editor`);
    await expect.poll(titles).toEqual(['Draft title']);
    // The page tells the editor, and only the editor, that it listens.
    await expect.poll(() => received('plinth:ready')).toEqual([{ origin: exampleUrl, data: { type: 'plinth:ready' } }]);
  });

  it('ignores a preview message from another origin', async () => {
    intruderPages.set('/intruder', intruderHtml({ ...draft, data: { ...draft.data, title: 'Intruder title' } }));
    await editor.evaluate((src) => window.addFrame(src), `${intruderSite.url}/intruder`);
    await expect.poll(async () => (await received('intruder:sent')).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await titles()).toEqual(['Draft title']);
  });

  it("follows the editor's unsaved changes and reports a click on a field", async () => {
    const changed = { ...draft, data: { ...draft.data, title: 'Changed title' } };
    await editor.evaluate((document) => window.sendPreview(document), changed);
    await expect.poll(titles).toEqual(['Changed title']);
    // The rest of the draft stays as it was.
    const excerpt = editor.frameLocator('#preview').locator('[data-plinth-field="excerpt"]');
    expect(await excerpt.allTextContents()).toEqual(['An article about previews.']);

    await editor.frameLocator('#preview').locator('h1[data-plinth-field="title"]').click();
    await expect
      .poll(() => received('plinth:focus'))
      .toEqual([{ origin: exampleUrl, data: { type: 'plinth:focus', path: 'title' } }]);
  });

  it("shows what is typed in the app's document editor in the preview frame before it is saved", async () => {
    const app = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await app.goto(`${server.url}/login`);
    await app.getByLabel('Email').fill(ADMIN.email);
    await app.getByLabel('Password').fill(ADMIN.password);
    await app.getByRole('button', { name: 'Sign in' }).click();
    await app.waitForURL(/\/app/);
    await app.goto(`${server.url}/app/projects/${projectId}/document-editor/articles/${draft.id}`);
    await app.getByRole('button', { name: 'Preview', exact: true }).click();
    const frameTitle = app.frameLocator('iframe[title^="Preview"]').locator('h1[data-plinth-field="title"]');
    await expect.poll(() => frameTitle.allTextContents()).toEqual(['Draft title']);
    await app.getByRole('textbox', { name: /Title/ }).fill('Typed in the editor');
    await expect.poll(() => frameTitle.allTextContents()).toEqual(['Typed in the editor']);
    // Shown from the editor's message: the change has not been saved yet.
    expect(await app.getByRole('status', { name: 'Save state' }).textContent()).toBe('Unsaved changes');
    // A click on the title in the preview focuses its field in the form.
    await app.getByRole('textbox', { name: /Excerpt/ }).focus();
    await frameTitle.click();
    await expect
      .poll(() => app.evaluate('document.activeElement?.closest("[data-field]")?.getAttribute("data-field")'))
      .toBe('title');
    await app.close();
  });
});
