import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, startServer } from './server.js';
import { callApi, expectAccessible, signedInPage as openSignedIn } from './session.js';

// A content team's day against the built server: the content list, the document editor with
// autosave, per-locale publishing read back through a content:read token, and two people on one
// document (presence, a save from the other, nothing typed lost). axe checks each screen.

interface ApiDocument {
  id: string;
  version: number;
  data: Record<string, unknown>;
}

describe('content and the document editor in a real browser', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let accessToken = '';
  let projectId = '';
  let article: ApiDocument;

  const api = <T>(method: string, path: string, body?: unknown, token = accessToken) =>
    callApi<T>(server.url, method, path, body, token);

  const signedInPage = (viewport = { width: 1440, height: 900 }) =>
    openSignedIn(browser, server.url, contexts, viewport);

  const editorUrl = (id: string, locale = 'en') =>
    `${server.url}/app/projects/${projectId}/document-editor/articles/${id}?locale=${locale}`;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    accessToken = (
      await api<{ access_token: string }>('POST', '/auth/login', { username: ADMIN.email, password: ADMIN.password })
    ).access_token;
    projectId = (
      await api<{ data: { id: string } }>('POST', '/projects', {
        name: 'Newsroom',
        locales: ['en', 'es'],
        default_locale: 'en',
      })
    ).data.id;
    await api('POST', `/projects/${projectId}/collections`, {
      slug: 'articles',
      name: 'Articles',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'summary', type: 'longtext', localized: true },
        { name: 'views', type: 'integer' },
        { name: 'body', type: 'richtext' },
      ],
    });
    article = (
      await api<{ data: ApiDocument }>('POST', `/projects/${projectId}/collections/articles/documents`, {
        data: { title: 'Morning briefing', summary: 'What happened overnight', views: 1 },
        status: 'published',
      })
    ).data;
    for (let i = 1; i <= 3; i++) {
      await api('POST', `/projects/${projectId}/collections/articles/documents`, { data: { title: `Story ${i}` } });
    }
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('lists the collection’s documents with their status by locale, and opens one', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/app/projects/${projectId}/content?collection=articles`);
    await page.getByRole('link', { name: 'Morning briefing' }).waitFor();
    await expectAccessible(page, 'content list');
    await page.getByRole('link', { name: 'Morning briefing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Morning briefing' }).waitFor();
    await expectAccessible(page, 'document editor');
  });

  it('shows the content model, a collection in the model builder and the media library, accessibly', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/app/projects/${projectId}/collections`);
    await page
      .getByRole('link', { name: /Articles/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'content model');
    await page.goto(`${server.url}/app/projects/${projectId}/collection-editor/articles`);
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
    await expectAccessible(page, 'model builder');
    await page.goto(`${server.url}/app/projects/${projectId}/media`);
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
    await expectAccessible(page, 'media library');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/app/projects/${projectId}/content?collection=articles`);
    await page.getByRole('link', { name: 'Morning briefing' }).waitFor();
    await expectAccessible(page, 'content list at 390 px');
  });

  it('saves a translation by itself, publishes only Spanish, and readers get exactly that', async () => {
    const page = await signedInPage();
    await page.goto(editorUrl(article.id, 'es'));
    const title = page.getByRole('textbox', { name: /Title/ });
    await title.fill('Resumen de la mañana');
    // Rich text: typed, then made bold from the toolbar.
    await page.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.type('Breaking news');
    await page.keyboard.press('Shift+Home');
    await page.getByRole('toolbar', { name: 'Body formatting' }).getByRole('button', { name: 'Bold' }).click();
    // No click on Save: it saves a moment after typing stops.
    await page.getByText('All changes saved').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Publish…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish by locale' });
    await dialog.getByRole('checkbox', { name: /en/ }).uncheck();
    await dialog.getByRole('button', { name: 'Publish es', exact: true }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Status by locale' }).textContent())
      .toContain('es · published');

    const reader = (
      await api<{ data: { token: string } }>('POST', `/projects/${projectId}/api-tokens`, {
        name: 'site',
        scopes: ['content:read'],
      })
    ).data.token;
    const read = (locale: string) =>
      api<{ data: ApiDocument }>(
        'GET',
        `/projects/${projectId}/collections/articles/documents/${article.id}?locale=${locale}`,
        undefined,
        reader,
      );
    expect((await read('es')).data.data.title).toBe('Resumen de la mañana');
    // The body is shared by every locale: it is published with the default locale, not with es.
    expect((await read('es')).data.data.body).toBeNull();
    const working = await api<{ data: ApiDocument }>(
      'GET',
      `/projects/${projectId}/collections/articles/documents/${article.id}`,
    );
    expect(working.data.data.body).toBe('<p><strong>Breaking news</strong></p>');
    expect((await read('en')).data.data.title).toBe('Morning briefing');
  });

  it('shows who else is in the document, and keeps what each typed when both save', async () => {
    const first = await signedInPage();
    const second = await signedInPage({ width: 390, height: 844 });
    await first.goto(editorUrl(article.id));
    await second.goto(editorUrl(article.id));
    await second.getByRole('region', { name: 'Also here' }).waitFor({ timeout: 10_000 });

    // The second tab has a change of its own, not saved yet, when the first one saves another field.
    await second.getByRole('textbox', { name: /Summary/ }).fill('Written in the second tab');
    await first.getByRole('spinbutton', { name: 'Views' }).fill('42');
    await first.keyboard.press('Control+s');
    await first.getByText('All changes saved').waitFor({ timeout: 10_000 });
    // Told by the event stream, or by the server refusing its own save for an older version: their
    // field comes in, the second tab's change stays and is saved on top.
    await second.getByText(/Their changes are loaded and yours are kept/).waitFor({ timeout: 10_000 });
    await expectAccessible(second, 'document editor after loading a newer version saved elsewhere');
    await second.getByText('All changes saved').waitFor({ timeout: 10_000 });
    expect(await second.getByRole('spinbutton', { name: 'Views' }).inputValue()).toBe('42');

    const saved = await api<{ data: ApiDocument }>(
      'GET',
      `/projects/${projectId}/collections/articles/documents/${article.id}`,
    );
    expect(saved.data.data).toMatchObject({ views: 42, summary: 'Written in the second tab' });

    // Both change the summary, in different words: the second tab is asked, and combines them.
    await first.reload();
    await second.getByRole('button', { name: 'Dismiss' }).click();
    // The first tab saves well within the second's autosave delay (1.5 s).
    await second.getByRole('textbox', { name: /Summary/ }).fill('Written in the second tab, at night');
    await first.getByRole('textbox', { name: /Summary/ }).fill('Written in the first tab');
    await first.keyboard.press('Control+s');
    await first.getByText('All changes saved').waitFor({ timeout: 10_000 });
    const resolver = second.getByRole('region', { name: 'One field was changed on both sides' });
    await resolver.waitFor({ timeout: 10_000 });
    await expectAccessible(second, 'document editor asking about a field both changed');
    const combined = resolver.getByRole('radio', { name: /Combine both/ });
    expect(await combined.isChecked()).toBe(true);
    await resolver.getByRole('button', { name: 'Apply and save' }).click();
    await second.getByText('All changes saved').waitFor({ timeout: 10_000 });
    const merged = await api<{ data: ApiDocument }>(
      'GET',
      `/projects/${projectId}/collections/articles/documents/${article.id}`,
    );
    expect(merged.data.data.summary).toBe('Written in the first tab, at night');
  });
});
