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
  requires_approval: true,
  fields: [{ name: 'title', type: 'text' }],
});

const IN_REVIEW: Document = testDocument({
  id: 'd1',
  collection: 'articles',
  locale: '*',
  status: 'draft',
  workflow_stage: 'in_review',
  version: 2,
  data: { title: 'Draft' },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  locale_status: { en: 'draft' },
  created_by: 'u2',
  updated_by: 'u2',
});

/** An editor's view of a document in review; each workflow step is recorded. */
function reviewApi() {
  const steps: FetchCall[] = [];
  signIn();
  fakeEditorApi({
    project: testProject({ locales: ['en'], default_locale: 'en', role: 'editor' }),
    collections: [ARTICLES],
    document: IN_REVIEW,
    handler: (call) => {
      if (call.method !== 'POST' || call.path !== `${DOCS}/d1/workflow`) return undefined;
      steps.push(call);
      return json(200, { data: { ...IN_REVIEW, workflow_stage: 'rejected' } });
    },
  });
  return steps;
}

describe('review actions', () => {
  it('does not send a document back without a comment saying what to change', async () => {
    const steps = reviewApi();
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.click(await screen.findByRole('button', { name: 'Request changes…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    await user.type(comment, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(within(dialog).getByText('Say what needs to change before sending it back.')).toBeTruthy();
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(steps).toEqual([]);

    await user.type(comment, 'Cite the source');
    expect(within(dialog).queryByText('Say what needs to change before sending it back.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() =>
      expect(steps.map((call) => call.body)).toEqual([{ action: 'reject', comment: 'Cite the source' }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request changes' })).toBeNull());
  });
});
