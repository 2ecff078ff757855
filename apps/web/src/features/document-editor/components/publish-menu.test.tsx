import type { Document } from '@plinth/contract';
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
const ARTICLES = testCollection({
  slug: 'articles',
  name: 'Articles',
  singular: 'article',
  display_field: 'title',
  fields: [{ name: 'title', type: 'text', localized: true }],
});

const DOCUMENT: Document = testDocument({
  id: 'd1',
  collection: 'articles',
  locale: '*',
  status: 'changed',
  version: 4,
  data: { title: { en: 'Hello', es: 'Hola', fr: 'Bonjour' } },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  published_at: '2026-11-01T12:00:00.000Z',
  locale_status: { en: 'published', es: 'changed', fr: 'draft' },
});

/** The editor's API; each publish is recorded. */
function publishApi() {
  const published: FetchCall[] = [];
  signIn();
  fakeEditorApi({
    project: testProject({ locales: ['en', 'es', 'fr'], default_locale: 'en' }),
    collections: [ARTICLES],
    document: DOCUMENT,
    handler: (call) => {
      if (call.method !== 'POST' || call.path !== `${DOCS}/d1/publish`) return undefined;
      published.push(call);
      return json(200, { data: DOCUMENT });
    },
  });
  return published;
}

describe('publish menu', () => {
  it('names and sends the chosen locales in the project’s order, whatever order they were ticked in', async () => {
    const published = publishApi();
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.click(await screen.findByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish by locale' });
    for (const locale of ['en', 'es', 'fr']) {
      await user.click(within(dialog).getByRole('checkbox', { name: new RegExp(`^${locale}`) }));
    }
    // Nothing chosen: the buttons say no more than their action, and the hint says why they wait.
    expect(within(dialog).getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Unpublish' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Choose at least one locale.')).toBeTruthy();

    await user.click(within(dialog).getByRole('checkbox', { name: /^fr/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^es/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish es, fr' }));
    await waitFor(() => expect(published.map((call) => call.body)).toEqual([{ locales: ['es', 'fr'] }]));
  });
});
