import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, startServer } from './server.js';
import { callApi, expectAccessible } from './session.js';

// The app's own defences, against the built server in a real browser: a Content-Security-Policy
// without inline or eval'd script (and pages that need none), credentials kept out of URLs and
// out of the server's log, and stored XSS payloads in every text a project holds shown as text
// on every screen that shows them.

const webDist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

/** Markup that runs script wherever it is put into a page as HTML. */
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const ALERT = '<img src=y onerror="alert(\'xss\')">';
const PAYLOAD = `${IMG}${SCRIPT}${SVG}${ALERT}`;
/** For names limited to 120 characters. */
const SHORT = `${IMG}${SVG}`;
/** Rich text as an attacker sends it through the API: handlers, scripts and `javascript:` links. */
const RICH_PAYLOAD = `<p>Intro ${IMG}</p>${SCRIPT}<p><a href="javascript:window.__xss=1">one</a> <a href="  JaVaScRiPt:alert('xss')">two</a> <a href="java&#x09;script:window.__xss=1">three</a></p><p>${SVG}</p><svg><script>window.__xss=1</script></svg><iframe src="javascript:window.__xss=1"></iframe>`;

/** What a page's CSP reported blocking, as the page saw it. */
interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/** The script-src (or default-src) sources of a Content-Security-Policy. */
function scriptSources(policy: string): string[] {
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name.toLowerCase(), values] as const),
  );
  return directives.get('script-src') ?? directives.get('default-src') ?? [];
}

describe('the app’s own security in a real browser', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let adminToken = '';
  let projectId = '';
  let apiTokenSecret = '';

  const api = <T>(method: string, apiPath: string, body?: unknown, token = adminToken) =>
    callApi<T>(server.url, method, apiPath, body, token);
  const projectUrl = (rest = '') => `${server.url}/app/projects/${projectId}${rest}`;

  /**
   * A signed-in page that reports, from before any script of the app runs, every CSP violation,
   * every request URL, every dialog, and the tokens the sign-in and refreshes gave it.
   */
  async function watchedPage() {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const violations: Violation[] = [];
    const urls: string[] = [];
    const dialogs: string[] = [];
    const tokens: string[] = [];
    await context.exposeBinding('__reportViolation', ({ page }, violation: Omit<Violation, 'page'>) => {
      violations.push({ page: page.url(), ...violation });
    });
    // A string: these tests are type-checked without the DOM's types.
    await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportViolation({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
    });`);
    context.on('request', (request) => urls.push(request.url()));
    context.on('response', async (response) => {
      if (!/\/api\/v1\/auth\/(login|refresh)$/.test(new URL(response.url()).pathname) || !response.ok()) return;
      const body = (await response.json()) as { access_token?: string; refresh_token?: string };
      for (const token of [body.access_token, body.refresh_token]) if (token) tokens.push(token);
    });
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app/);
    return { page, violations, urls, dialogs, tokens };
  }

  /** Settled, and nothing the page was given ran: no `window.__xss`, no dialog. */
  async function expectNothingRan(page: Page, dialogs: string[], screen: string) {
    await expect.poll(() => page.locator('[role="status"][aria-label^="Loading"]').count()).toBe(0);
    // Long enough for a broken image's error event, or an injected frame, to have fired.
    await page.waitForTimeout(750);
    expect(await page.evaluate('typeof window.__xss'), `${screen}: a payload ran`).toBe('undefined');
    expect(dialogs, `${screen}: a dialog opened`).toEqual([]);
  }

  /** The text is on the screen: as text, or as what a field holds. */
  const expectShown = (page: Page, text: string) =>
    expect
      .poll(
        () =>
          page.evaluate<boolean>(
            `((text) => document.body.innerText.includes(text) ||
            [...document.querySelectorAll('input, textarea')].some((field) => field.value.includes(text)))(${JSON.stringify(text)})`,
          ),
        { message: `shows ${text}` },
      )
      .toBe(true);

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'info' }, captureOutput: true });
    browser = await launchBrowser();
    adminToken = (
      await api<{ access_token: string }>('POST', '/auth/login', { username: ADMIN.email, password: ADMIN.password })
    ).access_token;
    projectId = (
      await api<{ data: { id: string } }>('POST', '/projects', {
        name: `Shop ${SHORT}`,
        locales: ['en', 'fr'],
        default_locale: 'en',
      })
    ).data.id;
    apiTokenSecret = (
      await api<{ data: { token: string } }>('POST', `/projects/${projectId}/api-tokens`, {
        name: `Site ${SHORT}`,
        scopes: ['content:read', 'media:read'],
      })
    ).data.token;
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('sends a CSP without inline or eval’d script, and serves pages with no inline script', async () => {
    const routes = (JSON.parse(fs.readFileSync(path.join(webDist, 'routes.json'), 'utf8')) as { paths: string[] })
      .paths;
    const prerendered = fs.readdirSync(path.join(webDist, 'prerendered')).filter((name) => name.endsWith('.html'));
    expect(prerendered.length).toBeGreaterThan(5);
    const page = await (await browser.newContext()).newPage();
    contexts.push(page.context());
    await page.goto(`${server.url}/healthz`);
    /** Inline scripts of an HTML text, found by the browser's own parser (none run: DOMParser). */
    const inlineScripts = (html: string) =>
      page.evaluate<string[]>(
        `[...new DOMParser().parseFromString(${JSON.stringify(html)}, 'text/html').querySelectorAll('script:not([src])')]
          .map((script) => script.outerHTML.slice(0, 120))`,
      );

    for (const route of ['/app', '/app/projects', ...routes.filter((route) => !route.startsWith('/auth/'))]) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      const policy = response.headers.get('content-security-policy') ?? '';
      const sources = scriptSources(policy);
      expect(sources, `${route}: ${policy}`).toContain("'self'");
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", '*', 'data:']) {
        expect(sources, `${route} script-src`).not.toContain(unsafe);
      }
      expect(policy).toMatch(/object-src 'none'/);
      expect(policy).toMatch(/base-uri 'self'/);
      expect(await inlineScripts(await response.text()), route).toEqual([]);
    }
    for (const file of ['index.html', ...prerendered.map((name) => `prerendered/${name}`)]) {
      expect(await inlineScripts(fs.readFileSync(path.join(webDist, file), 'utf8')), file).toEqual([]);
    }
  });

  it('keeps tokens out of URLs and the log, with no CSP violation, through sign-in and the app', async () => {
    await api('POST', `/projects/${projectId}/collections`, {
      slug: 'notes',
      name: 'Notes',
      display_field: 'title',
      // The live preview frames a page with a preview token: the one credential a URL may carry.
      preview_url: `${server.url}/about?note={id}`,
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'cover', type: 'media' },
      ],
    });
    const cover = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('alt', 'A blue square');
    form.append('file', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'square.png');
    const uploaded = await fetch(`${server.url}/api/v1/projects/${projectId}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const square = ((await uploaded.json()) as { data: { id: string } }).data.id;
    const note = (
      await api<{ data: { id: string } }>('POST', `/projects/${projectId}/collections/notes/documents`, {
        data: { title: 'Watched note', cover: square },
        status: 'published',
      })
    ).data;
    // The API token at work, so that the log has seen it used.
    await api('GET', `/projects/${projectId}/collections/notes/documents`, undefined, apiTokenSecret);

    const { page, violations, urls, dialogs, tokens } = await watchedPage();
    await page.goto(projectUrl());
    await expectNothingRan(page, dialogs, 'dashboard');
    await page.goto(projectUrl('/content?collection=notes'));
    await page.getByText('Watched note').first().waitFor();
    await page.goto(projectUrl(`/document-editor/notes/${note.id}`));
    await expect.poll(() => page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Watched note');
    // The editor opens the project's event stream (EventSource) for presence and others' saves.
    await expect
      .poll(() => urls.some((url) => new URL(url).pathname.endsWith(`/projects/${projectId}/events`)))
      .toBe(true);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => urls.some((url) => new URL(url).searchParams.get('plinth_preview')?.startsWith('plp_')))
      .toBe(true);
    await page.goto(projectUrl('/media'));
    await page.getByRole('list', { name: 'Media files' }).getByText('square.png', { exact: true }).waitFor();
    await expect.poll(() => urls.some((url) => new URL(url).pathname.startsWith(`/media/${projectId}/`))).toBe(true);
    await expectNothingRan(page, dialogs, 'media library');
    await expectAccessible(page, 'media library');

    expect(violations).toEqual([]);
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const secrets = [...tokens, adminToken, apiTokenSecret];
    const streams = urls.filter((url) => new URL(url).pathname.endsWith('/events'));
    expect(streams.every((url) => new URL(url).searchParams.has('ticket'))).toBe(true);
    for (const url of urls) {
      const decoded = decodeURIComponent(url);
      for (const secret of secrets) expect(decoded.includes(secret), `a credential in ${url}`).toBe(false);
    }

    // The server's log of all this: requests at info level, and never a credential or password.
    const log = server.output();
    expect(log).toContain('"url"');
    for (const secret of [...secrets, ADMIN.password]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
  });

  it('shows stored XSS payloads as text on every screen that shows them', async () => {
    await api('POST', `/projects/${projectId}/components`, {
      name: 'hero',
      label: `Hero ${SHORT}`,
      fields: [{ name: 'heading', type: 'text', label: `Heading ${PAYLOAD}` }],
    });
    await api('POST', `/projects/${projectId}/collections`, {
      slug: 'pages',
      name: `Pages ${SHORT}`,
      description: PAYLOAD,
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', localized: true, label: `Title ${PAYLOAD}`, help: PAYLOAD },
        { name: 'summary', type: 'longtext', localized: true, label: `Summary ${PAYLOAD}` },
        { name: 'body', type: 'richtext', localized: true, label: `Body ${PAYLOAD}` },
        { name: 'slug', type: 'slug', options: { from: 'title' } },
        { name: 'kind', type: 'select', label: `Kind ${PAYLOAD}`, options: { choices: [PAYLOAD, 'plain'] } },
        { name: 'extra', type: 'json', label: `Extra ${PAYLOAD}` },
        { name: 'link', type: 'url', label: `Link ${PAYLOAD}` },
        { name: 'sections', type: 'blocks', label: `Sections ${PAYLOAD}`, options: { components: ['hero'] } },
      ],
    });
    await api('POST', `/projects/${projectId}/audiences`, {
      key: 'visitors',
      name: `Visitors ${PAYLOAD}`,
      rules: [{ attribute: 'country', op: 'eq', value: PAYLOAD.slice(0, 200) }],
    });
    const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#cc3344' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('alt', `Alt ${PAYLOAD}`);
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), `${IMG}.png`);
    const uploaded = await fetch(`${server.url}/api/v1/projects/${projectId}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const asset = ((await uploaded.json()) as { data: { id: string; filename: string; alt: string } }).data;
    expect(asset.alt).toBe(`Alt ${PAYLOAD}`);

    const documents = `/projects/${projectId}/collections/pages/documents`;
    const values = {
      title: `Title ${PAYLOAD}`,
      summary: `Summary ${PAYLOAD}`,
      body: RICH_PAYLOAD,
      slug: 'payload-page',
      kind: PAYLOAD,
      extra: { html: PAYLOAD, list: [IMG, SCRIPT] },
      sections: [{ _component: 'hero', heading: `Hero heading ${PAYLOAD}` }],
    };
    // A script URL is no URL value: refused, not stored for a link to carry out later.
    const scriptLink = await fetch(`${server.url}/api/v1${documents}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { ...values, link: 'javascript:window.__xss=1//https://x.example' } }),
    });
    expect(scriptLink.status).toBe(400);
    expect(((await scriptLink.json()) as { details: { path: string }[] }).details.map((detail) => detail.path)).toEqual(
      ['data.link'],
    );
    const created = (
      await api<{ data: { id: string; data: Record<string, unknown> } }>('POST', documents, { data: values })
    ).data;
    const documentId = created.id;
    // Rich text comes back sanitized (API.md): no handlers, scripts, frames or script URLs.
    const expectSanitized = (html: unknown) => {
      expect(html).toMatch(/Intro|Second/);
      for (const banned of [/onerror/i, /onload/i, /<script/i, /<svg/i, /<iframe/i, /java\s*script/i]) {
        expect(html, `sanitized rich text still matches ${banned}`).not.toMatch(banned);
      }
    };
    expectSanitized(created.data.body);
    expect(created.data).toMatchObject({
      title: values.title,
      summary: values.summary,
      kind: PAYLOAD,
      extra: values.extra,
    });
    // A second version with other payloads, for the versions diff; a French one for the translation view.
    await api('PATCH', `${documents}/${documentId}`, {
      data: { title: `Second ${SVG}`, summary: `Second ${IMG}`, body: `<p>Second ${IMG}</p>` },
    });
    await api('PATCH', `${documents}/${documentId}`, {
      data: { title: `Titre ${PAYLOAD}`, summary: `Résumé ${PAYLOAD}`, body: RICH_PAYLOAD },
      locale: 'fr',
    });
    await api('PATCH', `${documents}/${documentId}`, { data: { extra: { cover: asset.id, note: SVG } } });
    const stored = await api<{ data: { data: { body: Record<string, unknown> } } }>(
      'GET',
      `${documents}/${documentId}?locale=*`,
    );
    expectSanitized(stored.data.data.body.en);
    expectSanitized(stored.data.data.body.fr);

    const { page, violations, dialogs } = await watchedPage();
    await page.goto(projectUrl());
    await expectNothingRan(page, dialogs, 'dashboard with the project name');

    await page.goto(projectUrl('/content?collection=pages'));
    await page.getByText(`Second ${SVG}`).first().waitFor();
    await expectNothingRan(page, dialogs, 'content list');

    await page.goto(projectUrl(`/document-editor/pages/${documentId}`));
    const title = page.getByRole('textbox', { name: /^Title / });
    await expect.poll(() => title.inputValue()).toBe(`Second ${SVG}`);
    expect(await page.getByRole('textbox', { name: /^Summary / }).inputValue()).toBe(`Second ${IMG}`);
    await expectShown(page, `Hero heading ${PAYLOAD}`);
    await expectNothingRan(page, dialogs, 'document editor');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'Preview' });
    // It shows text without markup: what looks like tags is left out, never made into elements.
    await preview.getByText(/^Second "> *$/).waitFor();
    await preview.getByText(/^Hero heading /).waitFor();
    await expectNothingRan(page, dialogs, 'built-in preview');

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Version history' });
    await history.getByRole('combobox').selectOption({ label: 'version 1' });
    const changes = history.getByRole('table');
    // Text values show without their would-be tags, JSON values as their JSON: text either way.
    await changes
      .getByText(/^Title window\.__xss=1">$/)
      .first()
      .waitFor();
    await changes
      .getByText(/^Titre /)
      .first()
      .waitFor();
    await changes.getByText('"html":"<img src=x onerror=', { exact: false }).first().waitFor();
    await expectNothingRan(page, dialogs, 'versions diff');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Translate side by side' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('textbox', { name: /^Title / })
          .first()
          .inputValue(),
      )
      .not.toBe('');
    await expectShown(page, `Titre ${PAYLOAD}`);
    await expectNothingRan(page, dialogs, 'translation view');

    await page.goto(projectUrl('/media'));
    const library = page.getByRole('list', { name: 'Media files' });
    await library.getByText(asset.filename, { exact: true }).waitFor();
    await library.getByRole('button', { name: asset.filename, exact: true }).click();
    await expectShown(page, `Alt ${PAYLOAD}`);
    await expectNothingRan(page, dialogs, 'media library and asset details');

    await page.goto(projectUrl('/audiences'));
    await page.getByText(`Visitors ${PAYLOAD}`).first().waitFor();
    await expectNothingRan(page, dialogs, 'audiences');

    await page.goto(projectUrl('/collection-editor/pages'));
    await expectShown(page, `Title ${PAYLOAD}`);
    await expectNothingRan(page, dialogs, 'model builder');

    // Injected markup would also have tripped the CSP: it reported nothing.
    expect(violations).toEqual([]);
    // The watch does see an injection when there is one (and the CSP stops it).
    await page.evaluate(`document.body.insertAdjacentHTML('beforeend', ${JSON.stringify(IMG)})`);
    await expect.poll(() => violations.map((violation) => violation.directive)).toContain('script-src-attr');
    expect(await page.evaluate('typeof window.__xss')).toBe('undefined');
  });
});
