import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModel, startFakeModel } from '../apps/server/src/test/fake-model.js';
import { ADMIN, launchBrowser, startServer } from './server.js';
import { callApi, expectAccessible, signedInPage as openSignedIn } from './session.js';

// The document editor's AI assistant against a fake OpenAI-compatible model over real HTTP: text
// written for a field as it streams, inserted as an unsaved change and saved; the document
// translated into Spanish (tags kept) and the change reviewed; an SEO check with its score and
// checks; an audience made on the Audiences screen and the document's variant for it written by
// the model, then delivered. Every step ends by reading what it made through the REST API; axe
// checks each screen.

interface ApiDocument {
  id: string;
  version: number;
  data: Record<string, unknown>;
}

/** What the fake model streams for the Write tab, in this many pieces. */
const WRITTEN_CHUNKS = ['Fresh leaves, ', 'picked at dawn, ', 'steeped for ', 'three minutes.'];
const WRITTEN = WRITTEN_CHUNKS.join('');

const messagesOf = (body: Record<string, unknown> | null) => (body?.messages ?? []) as { content: string }[];

/** A stand-in Spanish: "ES: " before each text, or before each run of text between tags. */
const toSpanish = (value: string): string =>
  /<[^>]+>/.test(value) ? value.replace(/>([^<]+)</g, (_match, text: string) => `>ES: ${text}<`) : `ES: ${value}`;

/** A model that reads its prompt: translations of the numbered texts, or SEO suggestions as JSON. */
function modelAnswer(body: Record<string, unknown> | null): string {
  const [system, user] = messagesOf(body);
  if (system?.content.startsWith('You translate')) {
    const texts = JSON.parse(user?.content ?? '{}') as Record<string, string>;
    return JSON.stringify(Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, toSpanish(text)])));
  }
  if (system?.content.startsWith('You adapt')) {
    const texts = JSON.parse(user?.content ?? '{}') as Record<string, string>;
    return JSON.stringify(Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, `For France: ${text}`])));
  }
  if (system?.content.startsWith('You are an SEO editor')) {
    return JSON.stringify({
      meta_title: 'Morning tea, made simply',
      meta_description: 'How to steep fresh tea leaves for a calm morning.',
      keywords: ['morning tea', 'steeping tea', 'fresh leaves'],
    });
  }
  return 'Generated text.';
}

describe('the AI assistant in the document editor, against a fake model', () => {
  let model: FakeModel;
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

  /** The working copy with every locale's value. */
  const readAll = async () =>
    (
      await api<{ data: ApiDocument }>(
        'GET',
        `/projects/${projectId}/collections/articles/documents/${article.id}?locale=*`,
      )
    ).data;

  beforeAll(async () => {
    model = await startFakeModel({ fallback: { kind: 'reply', answer: modelAnswer } });
    server = await startServer({ env: { PLINTH_AI_BASE_URL: model.baseUrl, PLINTH_AI_MODEL: 'fake-model' } });
    browser = await launchBrowser();
    accessToken = (
      await api<{ access_token: string }>('POST', '/auth/login', { username: ADMIN.email, password: ADMIN.password })
    ).access_token;
    projectId = (
      await api<{ data: { id: string } }>('POST', '/projects', {
        name: 'Tea House',
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
        { name: 'body', type: 'richtext', localized: true },
      ],
    });
    article = (
      await api<{ data: ApiDocument }>('POST', `/projects/${projectId}/collections/articles/documents`, {
        data: { title: 'Morning tea', body: '<p>Tea is <strong>good</strong> for you.</p>' },
      })
    ).data;
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await model?.close();
  });

  it('writes a summary as it streams and saves it, translates the document into Spanish and checks its SEO', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/app/projects/${projectId}/document-editor/articles/${article.id}?locale=en`);
    await page.getByRole('heading', { level: 1, name: 'Morning tea' }).waitFor();
    await page.getByText('All changes saved').waitFor();

    // Write: the summary, streamed by the model in four pieces, then put into the field.
    await page.getByRole('button', { name: 'AI assistant' }).click();
    const panel = page.getByRole('dialog', { name: 'AI assistant' });
    await panel.waitFor();
    await panel.getByRole('combobox', { name: 'Field', exact: true }).selectOption({ label: 'Summary (longtext)' });
    await panel.getByRole('textbox', { name: 'What to write' }).fill('A short summary about morning tea');
    model.reset();
    model.enqueue({ kind: 'text', text: WRITTEN, chunks: WRITTEN_CHUNKS });
    const streamed = page.waitForResponse((response) => response.url().endsWith(`/projects/${projectId}/ai/generate`));
    await panel.getByRole('button', { name: 'Generate' }).click();
    // Asked for as server-sent events (Chromium keeps no copy of a streamed body to read back).
    expect((await streamed).headers()['content-type']).toMatch(/^text\/event-stream/);
    const generated = panel.getByRole('region', { name: 'Generated text' });
    await generated.getByText(WRITTEN, { exact: true }).waitFor();
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.body).toMatchObject({ model: 'fake-model', stream: true });
    expect(messagesOf(model.requests[0]?.body ?? null)[1]?.content).toBe('A short summary about morning tea');
    await expectAccessible(page, 'AI assistant: generated text');
    await panel.getByRole('button', { name: 'Insert into Summary' }).click();
    await panel.getByText('Put into Summary as an unsaved change.').waitFor();
    expect(await generated.count()).toBe(0);
    // The save state sits behind the panel: read as text, not through the (inert) accessibility tree.
    await page.getByText('Unsaved changes', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await page.getByRole('textbox', { name: /Summary/ }).inputValue()).toBe(WRITTEN);
    await page.keyboard.press('Control+s');
    await page.getByText('All changes saved').waitFor({ timeout: 10_000 });
    expect((await readAll()).data.summary).toEqual({ en: WRITTEN });

    // Translate: en into es, on the saved copy; the review lists what changed.
    await page.getByRole('button', { name: 'AI assistant' }).click();
    await panel.getByRole('tab', { name: 'Translate' }).click();
    expect(await panel.getByRole('checkbox', { name: 'es' }).isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Translate', exact: true }).click();
    const review = panel.getByRole('region', { name: 'What the translation changed' });
    await review.getByText(/^Translated\. The editor shows the new text/).waitFor({ timeout: 15_000 });
    const changes = review.getByRole('list', { name: 'Changes in es' });
    await changes.getByText('ES: Morning tea').waitFor();
    expect(await changes.getByRole('listitem').count()).toBe(3);
    await expectAccessible(page, 'AI assistant: translation review');
    const translated = (await readAll()).data;
    expect(translated.title).toEqual({ en: 'Morning tea', es: 'ES: Morning tea' });
    expect(translated.summary).toEqual({ en: WRITTEN, es: `ES: ${WRITTEN}` });
    expect(translated.body).toEqual({
      en: '<p>Tea is <strong>good</strong> for you.</p>',
      es: '<p>ES: Tea is <strong>ES: good</strong>ES:  for you.</p>',
    });
    const tags = (html: unknown) => String(html).match(/<[^>]+>/g);
    expect(tags((translated.body as Record<string, string>).es)).toEqual(
      tags((translated.body as Record<string, string>).en),
    );

    // SEO: the saved en copy measured, with a score, each check and the model's suggestions.
    await panel.getByRole('tab', { name: 'SEO' }).click();
    await panel.getByRole('button', { name: 'Check', exact: true }).click();
    const report = panel.getByRole('region', { name: 'SEO report' });
    await report.waitFor({ timeout: 15_000 });
    const score = Number(await report.getByRole('meter', { name: 'SEO score' }).getAttribute('value'));
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(100);
    expect(await report.getByRole('list', { name: 'Checks' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await report.getByRole('list', { name: 'Suggestions' }).getByText('Morning tea, made simply').waitFor();
    await expectAccessible(page, 'AI assistant: SEO report');
  });

  it('makes an audience on the Audiences screen, writes the variant for it with the model, and delivers it once published', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/app/projects/${projectId}/audiences`);
    await page.getByRole('heading', { name: 'No audiences yet' }).waitFor();
    await page.getByRole('button', { name: 'New audience' }).first().click();
    const form = page.getByRole('dialog', { name: 'New audience' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Visitors from France');
    await form.getByRole('textbox', { name: 'Key' }).fill('france');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByRole('group', { name: 'Rule 1' }).getByRole('textbox', { name: 'Value' }).fill('FR');
    await expectAccessible(page, 'Audiences: new audience');
    await form.getByRole('button', { name: 'Create audience' }).click();
    await page.getByRole('list', { name: 'Audiences' }).getByText('Visitors from France').waitFor();
    await page.getByText('country is FR').waitFor();
    await expectAccessible(page, 'Audiences: the list');

    await page.goto(`${server.url}/app/projects/${projectId}/document-editor/articles/${article.id}?locale=en`);
    await page.getByText('All changes saved').waitFor();
    await page.getByRole('button', { name: 'Variants' }).click();
    const sheet = page.getByRole('dialog', { name: 'Variants' });
    await sheet.getByRole('button', { name: 'Write with AI' }).click();
    const override = sheet.getByRole('textbox', { name: 'Title (override)' });
    await expect.poll(() => override.inputValue()).toBe('For France: Morning tea');
    await expectAccessible(page, 'Variants sheet: written by the model');
    await page.keyboard.press('Escape');

    await api('POST', `/projects/${projectId}/collections/articles/documents/${article.id}/publish`, {});
    const readToken = (
      await api<{ data: { token: string } }>('POST', `/projects/${projectId}/api-tokens`, {
        name: 'site',
        scopes: ['content:read'],
      })
    ).data.token;
    const deliver = async (query: string) =>
      (
        await api<{ data: ApiDocument }>(
          'GET',
          `/projects/${projectId}/collections/articles/documents/${article.id}?locale=en${query}`,
          undefined,
          readToken,
        )
      ).data.data;
    expect((await deliver('&audience=france')).title).toBe('For France: Morning tea');
    expect((await deliver('&visitor[country]=FR')).title).toBe('For France: Morning tea');
    expect((await deliver('')).title).toBe('Morning tea');
  });
});
