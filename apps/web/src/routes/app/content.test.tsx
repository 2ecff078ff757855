import type { Collection, Document, DocumentStatus, Role } from '@plinth/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  type FetchCall,
  fakeAppApi,
  json,
  renderApp,
  signIn,
  testCollection,
  testDocument,
  testProject,
} from '../../test/render';

const PATH = '/app/projects/p1/content';
const DOCS = '/api/v1/projects/p1/collections/articles/documents';
const LOCALES = ['en', 'es', 'fr'];

const ARTICLES = testCollection({
  slug: 'articles',
  name: 'Articles',
  singular: 'article',
  display_field: 'title',
  fields: [
    { name: 'title', type: 'text', localized: true, required: true },
    { name: 'slug', type: 'slug' },
    { name: 'author', type: 'reference', options: { collection: 'authors' } },
    { name: 'published_on', type: 'date' },
    { name: 'body', type: 'blocks', localized: true, options: { components: ['text'] } },
  ],
});
const AUTHORS = testCollection({
  slug: 'authors',
  name: 'Authors',
  singular: 'author',
  display_field: 'name',
  fields: [{ name: 'name', type: 'text' }],
});
const HOME = testCollection({ slug: 'home', name: 'Home', kind: 'singleton', display_field: 'title' });

const doc = (
  id: string,
  title: string,
  localeStatus: Record<string, DocumentStatus> = { en: 'draft', es: 'draft', fr: 'draft' },
): Document =>
  testDocument({
    id,
    collection: 'articles',
    status: localeStatus.en ?? 'draft',
    data: { title, slug: id, author: { id: 'a1', data: { name: 'Ada Okafor' } }, published_on: '2026-03-01' },
    locale_status: localeStatus,
  });

const HELLO = doc('d1', 'Hello world', { en: 'published', es: 'changed', fr: 'draft' });
const LAUNCH = doc('d2', 'Launch notes');

/**
 * The content API over in-memory documents: lists (one page, or `pages` followed by cursor),
 * and publish/unpublish/delete (a document in `failing` answers 409).
 */
function serveContent(
  options: {
    role?: Role;
    collections?: Collection[];
    documents?: Document[];
    pages?: Record<string, { data: Document[]; next: string | null }>;
    failing?: string[];
    answer?: (call: FetchCall) => Response | undefined;
  } = {},
) {
  const documents = options.documents ?? [HELLO, LAUNCH];
  return fakeAppApi(
    (call) => {
      const custom = options.answer?.(call);
      if (custom) return custom;
      if (call.path === '/api/v1/projects/p1/collections') {
        return json(200, { data: options.collections ?? [ARTICLES, AUTHORS, HOME] });
      }
      if (call.path === DOCS && call.method === 'GET') {
        const page = options.pages?.[call.query.get('cursor') ?? 'first'];
        const data = page?.data ?? documents;
        const total = options.pages ? Object.values(options.pages).reduce((sum, item) => sum + item.data.length, 0) : 0;
        return json(200, {
          data,
          meta: { total: total || data.length, page: 1, limit: 50, next_cursor: page?.next ?? null },
        });
      }
      const action = new RegExp(`^${DOCS}/([^/]+)(/publish|/unpublish)?$`).exec(call.path);
      if (action && call.method !== 'GET') {
        const id = action[1] ?? '';
        if (options.failing?.includes(id)) return apiError(409, 'The first publish must include en.');
        if (call.method === 'DELETE') return new Response(null, { status: 204 });
        return json(200, { data: documents.find((item) => item.id === id) });
      }
      if (call.path === '/api/v1/projects/p1/collections/home/documents') {
        return json(200, { data: [{ ...HELLO, id: 'h1', collection: 'home' }], meta: { total: 1, page: 1, limit: 1 } });
      }
      return undefined;
    },
    { projects: [testProject({ locales: LOCALES, role: options.role ?? 'owner' })] },
  );
}

const listCalls = (calls: FetchCall[]) => calls.filter((call) => call.path === DOCS && call.method === 'GET');
const lastList = (calls: FetchCall[]) => listCalls(calls).at(-1);

async function showList(path = `${PATH}?collection=articles`) {
  signIn();
  const view = renderApp(path);
  await screen.findByRole('table');
  return view;
}

describe('the content list', () => {
  it('opens the first collection and shows its documents with a status per locale', async () => {
    const calls = serveContent();
    signIn();
    const { router } = renderApp(PATH);
    const table = await screen.findByRole('table');
    expect(router.state.location.search).toBe('?collection=articles');
    expect(within(table).getByRole('link', { name: 'Hello world' }).getAttribute('href')).toBe(
      '/app/projects/p1/document-editor/articles/d1',
    );
    expect(within(table).getAllByText('Ada Okafor')).toHaveLength(2);
    const statuses = within(table).getAllByRole('list', { name: 'Status by locale' })[0] as HTMLElement;
    expect(statuses.textContent).toContain('enPublished');
    expect(statuses.textContent).toContain('esChanged');
    expect(statuses.textContent).toContain('frDraft');
    // Default order: last changed first; the author column is resolved in the same request.
    expect(lastList(calls)?.query.get('sort')).toBe('-updated_at');
    expect(lastList(calls)?.query.get('populate')).toBe('author');
    expect(screen.getByRole('link', { name: 'New document' }).getAttribute('href')).toBe(
      '/app/projects/p1/document-editor/articles/new',
    );
  });

  it('restores search, sort, filters, columns, status and locale from the URL and keeps changes in it', async () => {
    const calls = serveContent();
    const { router, user } = await showList(
      `${PATH}?collection=articles&status=draft&locale=es&q=cms&sort=-published_on&columns=slug,status` +
        '&filter[author.name][eq]=Ada&filter[published_on][gte]=2026-01-01',
    );
    const query = lastList(calls)?.query;
    expect(query?.get('q')).toBe('cms');
    expect(query?.get('sort')).toBe('-published_on');
    expect(query?.get('status')).toBe('draft');
    expect(query?.get('locale')).toBe('es');
    expect(query?.get('filter[author.name][eq]')).toBe('Ada');
    expect(query?.get('filter[published_on][gte]')).toBe('2026-01-01');
    expect(query?.has('populate')).toBe(false);

    expect((screen.getByRole('searchbox', { name: 'Search Articles' }) as HTMLInputElement).value).toBe('cms');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement).value).toBe('draft');
    expect((screen.getByRole('combobox', { name: 'Locale' }) as HTMLInputElement).value).toBe('es');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Title', 'Slug', 'Status']);
    const filters = screen.getByRole('list', { name: 'Active filters' });
    expect(within(filters).getByText('Author › Name is “Ada”')).toBeTruthy();
    expect(within(filters).getByText('Published on is on or after “2026-01-01”')).toBeTruthy();

    // Sorting by a header is the API's sort, written to the URL.
    await user.click(screen.getByRole('button', { name: /Title/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('title'));
    await waitFor(() => expect(lastList(calls)?.query.get('sort')).toBe('title'));
    expect(screen.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'Remove filter: Author › Name is “Ada”' }));
    await waitFor(() => expect(lastList(calls)?.query.has('filter[author.name][eq]')).toBe(false));
    expect(router.state.location.search).toContain('filter%5Bpublished_on%5D%5Bgte%5D=2026-01-01');
  });

  it('sends a filter with its operator, through a reference too', async () => {
    const calls = serveContent();
    const { router, user } = await showList();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(panel).getByLabelText('Filter 1 field'), 'author.name');
    await user.selectOptions(within(panel).getByLabelText('Filter 1 operator'), 'starts_with');
    await user.type(within(panel).getByLabelText('Filter 1 value'), 'Ad');
    await user.click(within(panel).getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(within(panel).getByLabelText('Filter 2 field'), 'published_on');
    // A date compares with the date operators.
    expect(
      within(within(panel).getByLabelText('Filter 2 operator'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('is before');
    await user.selectOptions(within(panel).getByLabelText('Filter 2 operator'), 'lt');
    fireEvent.change(within(panel).getByLabelText('Filter 2 value'), { target: { value: '2026-06-01' } });
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(lastList(calls)?.query.get('filter[author.name][starts_with]')).toBe('Ad'));
    expect(lastList(calls)?.query.get('filter[published_on][lt]')).toBe('2026-06-01');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('filter[author.name][starts_with]')).toBe('Ad');
    expect(search.get('filter[published_on][lt]')).toBe('2026-06-01');
  });

  it('searches after typing pauses, with one request', async () => {
    const calls = serveContent();
    const { router, user } = await showList();
    await user.type(screen.getByRole('searchbox', { name: 'Search Articles' }), 'launch');
    await waitFor(() => expect(lastList(calls)?.query.get('q')).toBe('launch'));
    expect(listCalls(calls).filter((call) => call.query.has('q'))).toHaveLength(1);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('launch');
  });

  it('loads the next page by its cursor as the end of the list comes near', async () => {
    const calls = serveContent({
      pages: {
        first: { data: [HELLO, LAUNCH], next: 'cursor-2' },
        'cursor-2': { data: [doc('d3', 'Third article')], next: null },
      },
    });
    await showList();
    expect(await screen.findByRole('link', { name: 'Third article' })).toBeTruthy();
    const cursors = listCalls(calls).map((call) => call.query.get('cursor'));
    expect(cursors).toEqual([null, 'cursor-2']);
    expect(listCalls(calls)[1]?.query.get('limit')).toBe('50');
    expect(screen.getByText('3 documents')).toBeTruthy();
  });

  it('publishes chosen locales of the selected documents, sending each body, and reports a failure', async () => {
    const calls = serveContent({ failing: ['d2'] });
    const { user } = await showList();
    await user.click(screen.getByRole('checkbox', { name: 'Select Hello world' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Launch notes' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Publish locales…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Publish chosen locales' });
    await user.click(within(dialog).getByRole('checkbox', { name: /fr/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /es/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish es, fr' }));

    const progress = await screen.findByRole('dialog', { name: 'Publishing 2 documents' });
    await within(progress).findByText('1 of 2 published; 1 failed and stay selected.');
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('2 of 2');
    const failures = within(progress).getByRole('list', { name: 'Failures' });
    expect(within(failures).getByText('Launch notes')).toBeTruthy();
    expect(within(failures).getByText('The first publish must include en.')).toBeTruthy();

    const publishes = calls.filter((call) => call.method === 'POST' && call.path.endsWith('/publish'));
    expect(publishes.map((call) => [call.path, call.body])).toEqual([
      [`${DOCS}/d1/publish`, { locales: ['es', 'fr'] }],
      [`${DOCS}/d2/publish`, { locales: ['es', 'fr'] }],
    ]);
    await user.click(within(progress).getByRole('button', { name: 'Close' }));
    // The failed one stays selected for another try.
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Launch notes' }) as HTMLInputElement).checked).toBe(true);
  });

  it('publishes every locale with no body, and moves to trash after asking', async () => {
    const calls = serveContent();
    const { user } = await showList();
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded documents' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const progress = await screen.findByRole('dialog', { name: 'Publishing 2 documents' });
    await within(progress).findByText('All 2 documents published.');
    const publishes = calls.filter((call) => call.method === 'POST' && call.path.endsWith('/publish'));
    expect(publishes.map((call) => call.body)).toEqual([undefined, undefined]);
    await user.click(within(progress).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('checkbox', { name: 'Select Hello world' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move 1 document to trash?' });
    await user.click(within(confirm).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === `${DOCS}/d1`)).toBe(true),
    );
  });

  it('opens a row with Enter and selects it with Space', async () => {
    serveContent();
    const { router, user } = await showList();
    const row = screen.getByRole('link', { name: 'Hello world' }).closest('tr') as HTMLElement;
    row.focus();
    await user.keyboard(' ');
    expect((screen.getByRole('checkbox', { name: 'Select Hello world' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('1 selected')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p1/document-editor/articles/d1'));
  });

  it('saves, applies and deletes named views of the URL state', async () => {
    serveContent();
    const { router, user } = await showList(`${PATH}?collection=articles&status=draft&sort=title`);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('button', { name: 'Save current view…' }));
    const naming = await screen.findByRole('dialog', { name: 'Save this view' });
    await user.type(within(naming).getByLabelText('View name'), 'Drafts by title');
    await user.click(within(naming).getByRole('button', { name: 'Save view' }));
    expect(JSON.parse(localStorage.getItem('plinth.content.views.p1.articles') ?? '[]')).toMatchObject([
      { name: 'Drafts by title', search: 'collection=articles&status=draft&sort=title' },
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'published');
    await waitFor(() => expect(router.state.location.search).toContain('status=published'));
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('button', { name: 'Drafts by title' }));
    await waitFor(() => expect(router.state.location.search).toBe('?collection=articles&status=draft&sort=title'));
    // The trigger names the view on screen.
    expect(screen.getByRole('button', { name: 'Drafts by title' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Drafts by title' }));
    await user.click(await screen.findByRole('button', { name: 'Delete view Drafts by title' }));
    expect(JSON.parse(localStorage.getItem('plinth.content.views.p1.articles') ?? '[]')).toEqual([]);
  });

  it('keeps the chosen columns per collection', async () => {
    serveContent();
    const { router, user } = await showList();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Slug' }));
    await waitFor(() => expect(router.state.location.search).toContain('columns=slug%2Cauthor'));
    expect(JSON.parse(localStorage.getItem('plinth.content.columns.p1.articles') ?? 'null')).toEqual([
      'slug',
      'author',
      'published_on',
      'status',
      'updated_at',
    ]);
  });

  it('opens a singleton’s one document', async () => {
    serveContent();
    signIn();
    const { router } = renderApp(`${PATH}?collection=home`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p1/document-editor/home/h1'));
  });

  it('links to the content model when there are no collections', async () => {
    serveContent({ collections: [] });
    signIn();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No collections yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the content model' }).getAttribute('href')).toBe(
      '/app/projects/p1/collections',
    );
  });

  it('offers the first document of an empty collection, and a way out of a filter that matches none', async () => {
    serveContent({ documents: [] });
    signIn();
    const { user } = renderApp(`${PATH}?collection=articles`);
    expect(await screen.findByRole('heading', { name: 'No articles yet' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'New document' })[1]?.getAttribute('href')).toBe(
      '/app/projects/p1/document-editor/articles/new',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'deleted');
    expect(await screen.findByRole('heading', { name: 'The trash is empty' })).toBeTruthy();
  });

  it('shows the API’s error with a retry, and a way out of a view it refuses', async () => {
    let isBroken = true;
    serveContent({
      answer: (call) => {
        if (call.path !== DOCS) return undefined;
        if (call.query.has('filter[secret][eq]')) return apiError(400, 'filter cannot use hidden field "secret"');
        return isBroken
          ? json(500, { statusCode: 500, code: 'INTERNAL', message: 'Internal Server Error' })
          : undefined;
      },
    });
    signIn();
    const { user } = renderApp(`${PATH}?collection=articles`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the documents.');
    isBroken = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('explains a filter the API refuses and offers to clear it', async () => {
    serveContent({
      answer: (call) =>
        call.path === DOCS && call.query.has('filter[secret][eq]')
          ? apiError(400, 'filter cannot use hidden field "secret"')
          : undefined,
    });
    signIn();
    const { user } = renderApp(`${PATH}?collection=articles&filter[secret][eq]=x`);
    expect((await screen.findByRole('alert')).textContent).toContain('filter cannot use hidden field "secret"');
    await user.click(screen.getByRole('button', { name: 'Clear filters, search and sort' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('shows a viewer the documents without selection or bulk actions', async () => {
    serveContent({ role: 'viewer' });
    await showList();
    expect(screen.getByRole('link', { name: 'Hello world' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New document' })).toBeNull();
  });
});
