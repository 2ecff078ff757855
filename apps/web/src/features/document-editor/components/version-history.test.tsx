import type { Document, DocumentVersionSummary } from '@plinth/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
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
  status: 'draft',
  version: 3,
  data: { title: { en: 'Third' } },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-03T10:00:00.000Z',
  locale_status: { en: 'draft' },
});

const version = (number: number): DocumentVersionSummary => ({
  version: number,
  created_at: `2026-11-0${number}T10:00:00.000Z`,
  created_by: null,
  created_by_token: null,
  locale: 'en',
  status: 'draft',
  changed_fields: ['title'],
  published_locales: [],
});

const LONG_TITLE = 'A very long title. '.repeat(40);

/** Three versions of one title; a diff answers from `against` (or the version before) to the version asked. */
function historyApi() {
  signIn();
  const titles: Record<number, string | null> = { 0: null, 1: LONG_TITLE, 2: 'Second', 3: 'Third' };
  fakeEditorApi({
    project: testProject({ locales: ['en'], default_locale: 'en' }),
    collections: [ARTICLES],
    document: DOCUMENT,
    handler: (call) => {
      if (call.path === '/api/v1/projects/p1/members') return json(200, { data: [] });
      if (call.path === `${DOCS}/d1/versions`) {
        return json(200, { data: [version(3), version(2), version(1)], meta: { total: 3, page: 1, limit: 100 } });
      }
      const diff = /\/versions\/(\d)\/diff$/.exec(call.path);
      if (diff) {
        const to = Number(diff[1]);
        const from = Number(call.query.get('against') ?? to - 1);
        return json(200, {
          data: { from, to, changes: [{ path: 'title.en', before: titles[from], after: titles[to] }] },
        });
      }
      return undefined;
    },
  });
}

const columns = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

describe('version history', () => {
  it('names the two versions compared above their values, whichever is the older', async () => {
    historyApi();
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    await within(dialog).findByRole('rowheader', { name: 'Title (en)' });
    expect(columns(dialog)).toEqual(['Field', 'Version 2', 'Version 3']);

    // Version 2 against the later version 3: version 3's value is the one on the left.
    await user.click(within(dialog).getByRole('button', { name: /Version 2/ }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Compared with' }), 'version 3');
    expect(await within(dialog).findByRole('columnheader', { name: 'Version 3' })).toBeTruthy();
    expect(columns(dialog)).toEqual(['Field', 'Version 3', 'Version 2']);
    expect(within(dialog).getByRole('deletion').textContent).toBe('Third');
    expect(within(dialog).getByRole('insertion').textContent).toBe('Second');
  });

  it('says the first version has nothing before it, and marks a long value that is cut', async () => {
    historyApi();
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    await user.click(await within(dialog).findByRole('button', { name: /Version 1/ }));
    const compared = within(dialog).getByRole('combobox', { name: 'Compared with' }) as HTMLSelectElement;
    expect(compared.selectedOptions[0]?.textContent).toBe('nothing: it is the first version');
    const added = await within(dialog).findByRole('insertion');
    expect(columns(dialog)).toEqual(['Field', 'Before', 'Version 1']);
    expect(added.textContent).toHaveLength(501);
    expect(added.textContent?.endsWith('…')).toBe(true);
  });
});
