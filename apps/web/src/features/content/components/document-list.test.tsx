import type { Document } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventSource } from '../../../test/fake-event-source';
import {
  type FetchCall,
  fakeAppApi,
  json,
  renderApp,
  signIn,
  testCollection,
  testDocument,
} from '../../../test/render';
import { LIVE_REFRESH_DEBOUNCE_MS } from '../hooks/use-live-list-refresh';

const PATH = '/app/projects/p1/content?collection=articles&sort=title';
const DOCS = '/api/v1/projects/p1/collections/articles/documents';

const ARTICLES = testCollection({
  slug: 'articles',
  name: 'Articles',
  singular: 'article',
  display_field: 'title',
  fields: [{ name: 'title', type: 'text', required: true }],
});
const AUTHORS = testCollection({
  slug: 'authors',
  name: 'Authors',
  singular: 'author',
  display_field: 'name',
  fields: [{ name: 'name', type: 'text' }],
});

const article = (id: string, title: string): Document => testDocument({ id, collection: 'articles', data: { title } });

/** The collections and the articles' list over `documents`, which a test changes as someone else would. */
function serveArticles(documents: Document[]): FetchCall[] {
  return fakeAppApi((call) => {
    if (call.path === '/api/v1/projects/p1/collections') return json(200, { data: [ARTICLES, AUTHORS] });
    if (call.path === DOCS && call.method === 'GET') {
      return json(200, { data: documents, meta: { total: documents.length, page: 1, limit: 50, next_cursor: null } });
    }
    if (call.path === '/api/v1/projects/p1/events/tickets') {
      return json(201, { data: { ticket: 'ticket-1', expires_at: '2026-03-01T10:01:00.000Z' } });
    }
    return undefined;
  });
}

const listReads = (calls: FetchCall[]) => calls.filter((call) => call.path === DOCS && call.method === 'GET');
/** Longer than the refresh waits for more events: time enough for a refetch that should not come. */
const pastDebounce = () => new Promise((resolve) => setTimeout(resolve, LIVE_REFRESH_DEBOUNCE_MS + 300));

async function showArticles(documents: Document[]) {
  const calls = serveArticles(documents);
  const streams = fakeEventSource();
  signIn();
  const view = renderApp(PATH);
  await screen.findByRole('table');
  await waitFor(() => expect(streams).toHaveLength(1));
  return { ...view, calls, stream: streams[0] as NonNullable<(typeof streams)[number]> };
}

describe('the content list follows other people’s changes', () => {
  it('shows a document someone else creates in the collection, without a reload', async () => {
    const documents = [article('d1', 'Hello world')];
    const { calls, stream } = await showArticles(documents);
    expect(screen.getByText('1 document')).toBeTruthy();

    documents.push(article('d2', 'Launch notes'));
    stream.emit('document.created', { data: article('d2', 'Launch notes') });

    const table = screen.getByRole('table');
    expect(await within(table).findByRole('link', { name: 'Launch notes' })).toBeTruthy();
    expect(screen.getByText('2 documents')).toBeTruthy();
    expect(listReads(calls)).toHaveLength(2);
  });

  it('does not read the list again for changes in another collection', async () => {
    const documents = [article('d1', 'Hello world')];
    const { calls, stream } = await showArticles(documents);

    documents.push(article('d2', 'Launch notes'));
    stream.emit('document.created', { data: { ...article('a1', 'Ada Okafor'), collection: 'authors' } });
    await pastDebounce();

    expect(listReads(calls)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Launch notes' })).toBeNull();
  });

  it('reads the list once for a burst of changes, keeping the URL and the selection of rows still there', async () => {
    const documents = [article('d1', 'Hello world'), article('d2', 'Launch notes'), article('d3', 'Roadmap')];
    const { calls, stream, router, user } = await showArticles(documents);
    await user.click(screen.getByRole('checkbox', { name: 'Select Hello world' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Launch notes' }));
    expect(screen.getByText('2 selected')).toBeTruthy();

    // Someone publishes all three and deletes one of them.
    for (const item of documents) stream.emit('document.published', { data: item });
    documents.splice(1, 1);
    stream.emit('document.deleted', { data: { id: 'd2', collection: 'articles' } });

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Launch notes' })).toBeNull());
    await pastDebounce();
    expect(listReads(calls)).toHaveLength(2);
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Hello world' }) as HTMLInputElement).checked).toBe(true);
    expect(router.state.location.search).toBe('?collection=articles&sort=title');
  });
});
