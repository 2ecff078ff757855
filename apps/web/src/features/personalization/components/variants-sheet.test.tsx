import type { Audience, Document, DocumentVariant } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type FetchCall,
  fakeEditorApi,
  json,
  renderApp,
  signIn,
  testCollection,
  testDocument,
  testProject,
} from '../../../test/render';

const DOCS = '/api/v1/projects/p1/collections/articles/documents';
const VARIANTS = `${DOCS}/d1/variants`;
const ARTICLES = testCollection({
  slug: 'articles',
  name: 'Articles',
  singular: 'article',
  display_field: 'title',
  fields: [
    { name: 'title', type: 'text', required: true, localized: true },
    { name: 'summary', type: 'longtext', localized: true },
    { name: 'subtitle', type: 'text' },
    { name: 'views', type: 'integer' },
  ],
});

const DOCUMENT: Document = testDocument({
  id: 'd1',
  collection: 'articles',
  locale: '*',
  version: 2,
  data: {
    title: { en: 'Hello', fr: 'Bonjour' },
    summary: { en: 'A short greeting', fr: 'Une salutation' },
    subtitle: 'For everyone',
    views: 3,
  },
  locale_status: { en: 'draft', fr: 'draft' },
});

const AUDIENCES: Audience[] = [
  {
    key: 'fr_mobile',
    name: 'French mobile',
    priority: 1,
    match: 'all',
    rules: [{ attribute: 'country', op: 'eq', value: 'FR' }],
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  },
];

const VARIANT: DocumentVariant = {
  audience: 'fr_mobile',
  locale: 'en',
  data: { title: 'Hello from your phone' },
  published_data: null,
  created_at: '2026-11-03T10:00:00.000Z',
  updated_at: '2026-11-03T10:00:00.000Z',
  updated_by: 'u1',
};

function editorApi(handler: (call: FetchCall) => Response | undefined = () => undefined) {
  signIn();
  return fakeEditorApi({
    project: testProject({ locales: ['en', 'fr'], default_locale: 'en' }),
    collections: [ARTICLES],
    document: DOCUMENT,
    handler: (call) =>
      handler(call) ??
      (call.method === 'GET' && call.path === '/api/v1/projects/p1/audiences'
        ? json(200, { data: AUDIENCES, meta: { total: 1, page: 1, limit: 100 } })
        : call.method === 'GET' && call.path === VARIANTS
          ? json(200, { data: [VARIANT], meta: { total: 1, page: 1, limit: 100 } })
          : undefined),
  });
}

describe('variants sheet', () => {
  it('shows base values beside the overrides and saves the exact PUT body', async () => {
    const calls = editorApi((call) =>
      call.method === 'PUT' && call.path.startsWith(VARIANTS)
        ? json(200, { data: { ...VARIANT, data: { title: 'Hi', summary: 'Short' } } })
        : undefined,
    );
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1?locale=en');
    await screen.findByRole('heading', { name: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Variants' }));
    const sheet = await screen.findByRole('dialog', { name: 'Variants' });

    const titleOverride = (await within(sheet).findByRole('textbox', { name: 'Title (override)' })) as HTMLInputElement;
    expect((within(sheet).getByRole('textbox', { name: 'Title (base)' }) as HTMLInputElement).value).toBe('Hello');
    expect(titleOverride.value).toBe('Hello from your phone');
    expect((within(sheet).getByRole('textbox', { name: 'Summary (base)' }) as HTMLTextAreaElement).value).toBe(
      'A short greeting',
    );
    expect((within(sheet).getByRole('textbox', { name: 'Summary (override)' }) as HTMLTextAreaElement).value).toBe('');
    expect((within(sheet).getByRole('textbox', { name: 'Subtitle (base)' }) as HTMLInputElement).value).toBe(
      'For everyone',
    );
    expect(within(sheet).queryByRole('textbox', { name: /Views/ })).toBeNull();
    expect(within(sheet).getByText(/Views is left out/)).toBeTruthy();
    expect(within(sheet).getByRole('list', { name: 'Existing variants' }).textContent).toContain('French mobile');
    expect(calls.find((call) => call.path === VARIANTS)?.query.get('locale')).toBe('en');

    await user.clear(titleOverride);
    await user.type(titleOverride, 'Hi');
    await user.type(within(sheet).getByRole('textbox', { name: 'Summary (override)' }), 'Short');
    await user.click(within(sheet).getByRole('button', { name: 'Save variant' }));

    const isVariantPut = (call: FetchCall) => call.method === 'PUT' && call.path.startsWith(VARIANTS);
    await waitFor(() => expect(calls.some(isVariantPut)).toBe(true));
    const put = calls.find(isVariantPut);
    expect(put?.path).toBe(`${VARIANTS}/fr_mobile`);
    expect(put?.body).toEqual({ data: { title: 'Hi', summary: 'Short', subtitle: null }, locale: 'en' });
  });

  it('deletes the variant after confirmation', async () => {
    const calls = editorApi((call) => (call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1?locale=en');
    await screen.findByRole('heading', { name: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Variants' }));
    const sheet = await screen.findByRole('dialog', { name: 'Variants' });
    await user.click(await within(sheet).findByRole('button', { name: 'Delete variant' }));
    const confirm = await screen.findByRole('dialog', { name: /Delete the variant for “French mobile”/ });
    await user.click(within(confirm).getByRole('button', { name: 'Delete variant' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        `${VARIANTS}/fr_mobile`,
      ]),
    );
  });

  it('writes the variant with the AI model from the base texts and shows what it wrote', async () => {
    let variant = VARIANT;
    const AI = '/api/v1/projects/p1/ai/variant';
    const calls = editorApi((call) => {
      if (call.method === 'POST' && call.path === AI) {
        variant = { ...VARIANT, data: { title: 'Salut, mobile', summary: 'Un petit bonjour', subtitle: 'Pour vous' } };
        return json(200, { data: variant });
      }
      return call.method === 'GET' && call.path === VARIANTS
        ? json(200, { data: [variant], meta: { total: 1, page: 1, limit: 100 } })
        : undefined;
    });
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1?locale=en');
    await screen.findByRole('heading', { name: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Variants' }));
    const sheet = await screen.findByRole('dialog', { name: 'Variants' });
    await user.click(await within(sheet).findByRole('button', { name: 'Write with AI' }));

    await waitFor(() =>
      expect((within(sheet).getByRole('textbox', { name: 'Summary (override)' }) as HTMLTextAreaElement).value).toBe(
        'Un petit bonjour',
      ),
    );
    expect((within(sheet).getByRole('textbox', { name: 'Title (override)' }) as HTMLInputElement).value).toBe(
      'Salut, mobile',
    );
    const post = calls.find((call) => call.method === 'POST' && call.path === AI);
    expect(post?.body).toEqual({
      document_id: 'd1',
      audience: 'fr_mobile',
      locale: 'en',
      fields: ['title', 'summary', 'subtitle'],
    });
  });

  it('says who can set the model up when there is none, and that nothing was written', async () => {
    editorApi((call) =>
      call.method === 'POST' && call.path === '/api/v1/projects/p1/ai/variant'
        ? json(503, {
            statusCode: 503,
            error: 'Service Unavailable',
            code: 'AI_NOT_CONFIGURED',
            message: 'No AI model is configured on this server',
          })
        : undefined,
    );
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1?locale=en');
    await screen.findByRole('heading', { name: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Variants' }));
    const sheet = await screen.findByRole('dialog', { name: 'Variants' });
    await user.click(await within(sheet).findByRole('button', { name: 'Write with AI' }));
    const alert = await within(sheet).findByRole('alert');
    expect(alert.textContent).toContain('The AI assistant is not set up');
    expect(alert.textContent).toContain('Nothing was written');
    expect((within(sheet).getByRole('textbox', { name: 'Title (override)' }) as HTMLInputElement).value).toBe(
      'Hello from your phone',
    );
  });

  it('is disabled for a new document', async () => {
    editorApi();
    renderApp('/app/projects/p1/document-editor/articles/new');
    const button = await screen.findByRole('button', { name: 'Variants' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
