import type { Component, Document, Role } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventSource } from '../../test/fake-event-source';
import {
  apiError,
  type FetchCall,
  fakeEditorApi,
  json,
  renderApp,
  signIn,
  testCollection,
  testDocument,
  testProject,
} from '../../test/render';

const PROJECT = (role: Role = 'owner') => testProject({ locales: ['en', 'es', 'fr'], default_locale: 'en', role });
const DOCS = '/api/v1/projects/p1/collections/articles/documents';
const ARTICLES = testCollection({
  slug: 'articles',
  name: 'Articles',
  singular: 'article',
  display_field: 'title',
  fields: [
    { name: 'title', type: 'text', required: true, localized: true },
    { name: 'slug', type: 'slug', options: { from: 'title' } },
    { name: 'views', type: 'integer' },
    { name: 'featured', type: 'boolean' },
    { name: 'kind', type: 'select', options: { choices: ['news', 'guide'] } },
    { name: 'body', type: 'blocks', options: { components: ['hero'] } },
  ],
});

const COMPONENTS: Component[] = [
  {
    name: 'hero',
    label: 'Hero',
    description: 'A big heading',
    fields: [{ name: 'heading', type: 'text' }],
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  },
];

const DOCUMENT: Document = testDocument({
  id: 'd1',
  collection: 'articles',
  locale: '*',
  status: 'changed',
  version: 4,
  data: {
    title: { en: 'Hello', es: 'Hola' },
    slug: 'hello',
    views: 3,
    featured: false,
    kind: 'news',
    body: [
      { _component: 'hero', _key: 'a', heading: 'First' },
      { _component: 'hero', _key: 'b', heading: 'Second' },
    ],
  },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  published_at: '2026-11-01T12:00:00.000Z',
  locale_status: { en: 'published', es: 'changed', fr: 'draft' },
});

function editorApi(
  handler: (call: FetchCall) => Response | undefined | Promise<Response | undefined> = () => undefined,
  role: Role = 'owner',
) {
  signIn();
  return fakeEditorApi({
    project: PROJECT(role),
    collections: [ARTICLES],
    components: COMPONENTS,
    document: DOCUMENT,
    handler,
  });
}

describe('document editor', () => {
  it('shows the document in a locale, with each locale’s state and the default locale as fallback', async () => {
    const calls = editorApi();
    renderApp('/app/projects/p1/document-editor/articles/d1?locale=fr');
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeTruthy();
    const statuses = within(screen.getByRole('list', { name: 'Status by locale' })).getAllByRole('listitem');
    expect(statuses.map((item) => item.textContent)).toEqual(['en · published', 'es · changed', 'fr · draft']);
    const title = screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement;
    expect(title.value).toBe('');
    expect(screen.getByText(/readers get the en value, “Hello”/)).toBeTruthy();
    expect((screen.getByRole('spinbutton', { name: 'Views' }) as HTMLInputElement).value).toBe('3');
    expect(calls.some((call) => call.path === `${DOCS}/d1` && call.query.get('locale') === '*')).toBe(true);
  });

  it('saves each locale’s changes with the version they were made on, shared fields with the first', async () => {
    const saves: FetchCall[] = [];
    editorApi((call) => {
      if (call.method !== 'PATCH') return undefined;
      saves.push(call);
      return json(200, { data: { ...DOCUMENT, version: DOCUMENT.version + saves.length } });
    });
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1?locale=es');
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Hola mundo');
    await user.clear(screen.getByRole('spinbutton', { name: 'Views' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Views' }), '7');
    await user.click(screen.getByRole('button', { name: 'fr' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Bonjour');
    expect(screen.getByRole('status', { name: 'Save state' }).textContent).toBe('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves.map((call) => call.body)).toEqual([
      { data: { title: 'Hola mundo', views: 7 }, locale: 'es', version: 4 },
      { data: { title: 'Bonjour' }, locale: 'fr', version: 5 },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Save state' }).textContent).toBe('All changes saved'),
    );
  });

  it('edits blocks: reorders by keyboard, edits in place, adds from the palette, removes with undo', async () => {
    const saves: FetchCall[] = [];
    editorApi((call) => {
      if (call.method !== 'PATCH') return undefined;
      saves.push(call);
      return json(200, { data: { ...DOCUMENT, version: 5 } });
    });
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    const blocks = await screen.findByRole('region', { name: /Body/ });
    expect(
      within(blocks)
        .getAllByRole('listitem')
        .map((item) => within(item).getAllByRole('button')[1]?.textContent),
    ).toEqual(['Hero: First', 'Hero: Second']);
    await user.click(within(blocks).getByRole('button', { name: 'Move Hero: Second up' }));
    expect(within(blocks).getByText('Hero: Second moved to position 1 of 2.')).toBeTruthy();
    const headings = within(blocks).getAllByRole('textbox', { name: 'Heading' });
    await user.clear(headings[1] as HTMLElement);
    await user.type(headings[1] as HTMLElement, 'Primero');
    await user.click(within(blocks).getByRole('button', { name: 'Add block at the end' }));
    await user.click(await screen.findByRole('menuitem', { name: /Hero/ }));
    await user.click(within(blocks).getByRole('button', { name: 'Remove Hero' }));
    await user.click(within(blocks).getByRole('button', { name: 'Remove Hero: Second' }));
    await user.click(within(blocks).getByRole('button', { name: 'Undo' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.body).toEqual({
      data: {
        body: [
          { _component: 'hero', _key: 'b', heading: 'Second' },
          { _component: 'hero', _key: 'a', heading: 'Primero' },
        ],
      },
      locale: 'en',
      version: 4,
    });
  });

  it('saves by itself a moment after typing stops', async () => {
    const saves: FetchCall[] = [];
    editorApi((call) => {
      if (call.method !== 'PATCH') return undefined;
      saves.push(call);
      return json(200, { data: { ...DOCUMENT, version: 5 } });
    });
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.type(await screen.findByRole('spinbutton', { name: 'Views' }), '4');
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 4000 });
    expect(saves[0]?.body).toEqual({ data: { views: 34 }, locale: 'en', version: 4 });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Save state' }).textContent).toBe('All changes saved'),
    );
  });

  it('has nothing to save when a field is put back as it was', async () => {
    const saves: FetchCall[] = [];
    editorApi((call) => {
      if (call.method === 'PATCH') saves.push(call);
      return undefined;
    });
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    const views = await screen.findByRole('spinbutton', { name: 'Views' });
    await user.type(views, '4');
    expect(screen.getByRole('status', { name: 'Save state' }).textContent).not.toBe('All changes saved');
    await user.type(views, '{Backspace}');
    expect((views as HTMLInputElement).value).toBe('3');
    expect(screen.getByRole('status', { name: 'Save state' }).textContent).toBe('All changes saved');
    // Past the autosave delay: no empty version was made.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(saves).toEqual([]);
  });

  it('does not take its own save for someone else’s when the save’s event comes before its answer', async () => {
    const streams = fakeEventSource();
    const saves: FetchCall[] = [];
    editorApi((call) => {
      if (call.path === '/api/v1/projects/p1/events/tickets') {
        return json(201, { data: { ticket: 'ticket-1', expires_at: '2026-11-02T10:01:00.000Z' } });
      }
      if (call.path === `${DOCS}/d1/presence` && call.method === 'PUT') return json(200, { data: [] });
      if (call.method !== 'PATCH') return undefined;
      saves.push(call);
      // The stream is quicker than the answer, as it often is on a busy server.
      streams[0]?.emit('document.updated', {
        data: { id: 'd1', collection: 'articles', version: 5, updated_by: 'u1', changed_paths: ['views'] },
      });
      return json(200, { data: { ...DOCUMENT, version: 5, data: { ...DOCUMENT.data, views: 34 } } });
    });
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.type(await screen.findByRole('spinbutton', { name: 'Views' }), '4');
    await waitFor(() => expect(streams).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /^Save$/ }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Save state' }).textContent).toBe('All changes saved'),
    );
    expect(saves).toHaveLength(1);
    expect(screen.queryByText(/saved a newer version/)).toBeNull();
  });

  it('puts server errors on their fields', async () => {
    editorApi((call) =>
      call.method === 'PATCH'
        ? apiError(400, 'data.views must be at least 0', [{ path: 'data.views', message: 'must be at least 0' }])
        : undefined,
    );
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    const views = await screen.findByRole('spinbutton', { name: 'Views' });
    await user.clear(views);
    await user.type(views, '-1');
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('must be at least 0')).toBeTruthy();
    expect(views.getAttribute('aria-invalid')).toBe('true');
  });

  describe('when someone else saved first', () => {
    const STALE = () =>
      new Response(
        JSON.stringify({ statusCode: 409, code: 'CONFLICT', message: 'The document changed since version 4' }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      );
    /** The server's copy: DOCUMENT until `theirs` is saved, then version 5 with it. */
    function conflictApi(theirs: Partial<Document['data']>) {
      let latest = DOCUMENT;
      const saves: FetchCall[] = [];
      editorApi((call) => {
        if (call.method === 'GET' && call.path === `${DOCS}/d1`) return json(200, { data: latest });
        if (call.method !== 'PATCH') return undefined;
        saves.push(call);
        if ((call.body as { version: number }).version < latest.version) return STALE();
        latest = { ...latest, version: latest.version + 1, data: { ...latest.data, ...(call.body as Document).data } };
        return json(200, { data: latest });
      });
      return {
        saves,
        saveTheirs: () => {
          latest = { ...DOCUMENT, version: 5, data: { ...DOCUMENT.data, ...theirs } };
        },
      };
    }

    it('loads what only they changed and saves mine on top, without asking', async () => {
      const server = conflictApi({ kind: 'guide' });
      const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
      const views = await screen.findByRole('spinbutton', { name: 'Views' });
      server.saveTheirs();
      await user.clear(views);
      await user.type(views, '8');
      await user.keyboard('{Control>}s{/Control}');
      expect((await screen.findByText(/Their changes are loaded and yours are kept/)).textContent).toMatch(
        /Someone else saved this document/,
      );
      expect((screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('guide');
      await waitFor(() => expect(server.saves).toHaveLength(2));
      expect(server.saves[1]?.body).toEqual({ data: { views: 8 }, locale: 'en', version: 5 });
      expect(await screen.findByText('All changes saved')).toBeTruthy();
    });

    it('asks about a field both changed: keep mine, take theirs, or both texts combined', async () => {
      const server = conflictApi({ title: { en: 'Hello there', es: 'Hola' }, views: 10 });
      const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
      const title = await screen.findByRole('textbox', { name: /Title/ });
      server.saveTheirs();
      await user.clear(title);
      await user.type(title, 'Oh Hello');
      await user.clear(screen.getByRole('spinbutton', { name: 'Views' }));
      await user.type(screen.getByRole('spinbutton', { name: 'Views' }), '7');
      await user.keyboard('{Control>}s{/Control}');

      const resolver = await screen.findByRole('region', { name: '2 fields were changed on both sides' });
      const titleChoice = within(resolver).getByRole('group', { name: 'Title (en)' });
      const combined = within(titleChoice).getByRole('radio', { name: /Combine both/ }) as HTMLInputElement;
      expect(combined.checked).toBe(true);
      expect(titleChoice.textContent).toContain('Oh Hello there');
      const viewsChoice = within(resolver).getByRole('group', { name: 'Views' });
      expect(within(viewsChoice).queryByRole('radio', { name: /Combine both/ })).toBeNull();
      expect(viewsChoice.textContent).toMatch(/Keep mine\s*7/);
      await user.click(within(viewsChoice).getByRole('radio', { name: /Take theirs/ }));
      // Nothing is saved while the user decides.
      expect(server.saves).toHaveLength(1);

      await user.click(within(resolver).getByRole('button', { name: 'Apply and save' }));
      expect(screen.queryByRole('region', { name: /changed on both sides/ })).toBeNull();
      expect((screen.getByRole('spinbutton', { name: 'Views' }) as HTMLInputElement).value).toBe('10');
      expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Oh Hello there');
      await waitFor(() => expect(server.saves).toHaveLength(2));
      expect(server.saves[1]?.body).toEqual({ data: { title: 'Oh Hello there' }, locale: 'en', version: 5 });
    });

    it('keeps all mine with one choice', async () => {
      const server = conflictApi({ title: { en: 'Theirs', es: 'Hola' } });
      const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
      const title = await screen.findByRole('textbox', { name: /Title/ });
      server.saveTheirs();
      await user.clear(title);
      await user.type(title, 'Mine');
      await user.keyboard('{Control>}s{/Control}');
      const resolver = await screen.findByRole('region', { name: 'One field was changed on both sides' });
      await user.click(within(resolver).getByRole('button', { name: 'Keep all mine' }));
      expect((within(resolver).getByRole('radio', { name: /Keep mine/ }) as HTMLInputElement).checked).toBe(true);
      await user.click(within(resolver).getByRole('button', { name: 'Apply and save' }));
      await waitFor(() => expect(server.saves).toHaveLength(2));
      expect(server.saves[1]?.body).toEqual({ data: { title: 'Mine' }, locale: 'en', version: 5 });
    });
  });

  it('translates side by side, with how complete each locale is', async () => {
    const saves: FetchCall[] = [];
    editorApi((call) => {
      if (call.method !== 'PATCH') return undefined;
      saves.push(call);
      return json(200, { data: { ...DOCUMENT, version: 5 } });
    });
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.click(await screen.findByRole('button', { name: 'Translate side by side' }));
    // From the default locale into the first other one.
    expect(screen.getByRole('button', { name: 'es' }).getAttribute('aria-pressed')).toBe('true');
    const progress = screen.getByRole('region', { name: 'Translation progress' });
    expect(within(progress).getByRole('progressbar', { name: 'Spanish (es)' }).getAttribute('aria-valuetext')).toBe(
      '1 of 1',
    );
    expect(within(progress).getByRole('progressbar', { name: 'French (fr)' }).getAttribute('aria-valuetext')).toBe(
      '0 of 1',
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Title \(es\)/ }) as HTMLInputElement).value).toBe('Hola');
    // Shared fields are left to the full form.
    expect(screen.queryByRole('spinbutton', { name: 'Views' })).toBeNull();
    expect(screen.getByText(/5 fields are the same in every locale/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'fr' }));
    const french = screen.getByRole('textbox', { name: /Title \(fr\)/ }) as HTMLInputElement;
    expect(french.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Copy Title from en' }));
    expect(french.value).toBe('Hello');
    await user.type(french, ' le monde');
    expect(within(progress).getByRole('progressbar', { name: 'French (fr)' }).getAttribute('aria-valuetext')).toBe(
      '1 of 1',
    );
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.body).toEqual({ data: { title: 'Hello le monde' }, locale: 'fr', version: 4 });
  });

  it('publishes only the locales chosen', async () => {
    const published: FetchCall[] = [];
    editorApi((call) => {
      if (call.method !== 'POST' || !call.path.endsWith('/publish')) return undefined;
      published.push(call);
      return json(200, { data: { ...DOCUMENT, locale_status: { en: 'published', es: 'published', fr: 'draft' } } });
    });
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.click(await screen.findByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish by locale' });
    await user.click(within(dialog).getByRole('checkbox', { name: /en/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /fr/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish es' }));
    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0]?.body).toEqual({ locales: ['es'] });
  });

  it('takes the review steps by role: authors submit, editors approve or send back with a comment', async () => {
    const steps: FetchCall[] = [];
    const reviewed = { ...ARTICLES, requires_approval: true };
    const stepHandler = (call: FetchCall) => {
      if (call.path === '/api/v1/projects/p1/collections') return json(200, { data: [reviewed] });
      if (call.method !== 'POST' || !call.path.endsWith('/workflow')) return undefined;
      steps.push(call);
      return json(200, { data: { ...DOCUMENT, workflow_stage: 'in_review' } });
    };
    editorApi(stepHandler, 'author');
    const author = renderApp('/app/projects/p1/document-editor/articles/d1');
    await author.user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(steps.map((call) => call.body)).toEqual([{ action: 'submit' }]));
    expect(screen.queryByRole('button', { name: 'Publish…' })).toBeNull();
    author.unmount();

    editorApi(
      (call) =>
        call.method === 'GET' && call.path === `${DOCS}/d1`
          ? json(200, { data: { ...DOCUMENT, workflow_stage: 'in_review' } })
          : stepHandler(call),
      'editor',
    );
    const editor = renderApp('/app/projects/p1/document-editor/articles/d1');
    expect(await screen.findByText('In review')).toBeTruthy();
    await editor.user.click(screen.getByRole('button', { name: 'Request changes…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await editor.user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Cite the source');
    await editor.user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(steps.at(-1)?.body).toEqual({ action: 'reject', comment: 'Cite the source' }));
  });

  it('shows the history with a field-level diff, and restores a version', async () => {
    const restores: FetchCall[] = [];
    editorApi((call) => {
      if (call.path === `${DOCS}/d1/versions`) {
        return json(200, {
          data: [
            {
              version: 4,
              created_at: '2026-11-02T10:00:00.000Z',
              created_by: 'u1',
              created_by_token: null,
              locale: 'es',
              status: 'changed',
              changed_fields: ['title'],
              published_locales: [],
            },
            {
              version: 3,
              created_at: '2026-11-01T12:00:00.000Z',
              created_by: null,
              created_by_token: 't1',
              locale: 'en',
              status: 'draft',
              changed_fields: ['views'],
              published_locales: ['en', 'es'],
            },
          ],
          meta: { total: 2, page: 1, limit: 100 },
        });
      }
      if (call.path === `${DOCS}/d1/versions/3/diff`) {
        return json(200, { data: { from: 2, to: 3, changes: [{ path: 'views', before: 1, after: 3 }] } });
      }
      if (call.path === `${DOCS}/d1/versions/4/diff`) {
        return json(200, { data: { from: 3, to: 4, changes: [{ path: 'title.es', before: null, after: 'Hola' }] } });
      }
      if (call.method === 'POST' && call.path === `${DOCS}/d1/versions/3/restore`) {
        restores.push(call);
        return json(200, { data: { ...DOCUMENT, version: 5 } });
      }
      return undefined;
    });
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    expect(await within(dialog).findByRole('rowheader', { name: 'Title (es)' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Version 3/ }));
    expect(await within(dialog).findByRole('rowheader', { name: 'Views' })).toBeTruthy();
    expect(within(dialog).getByText('Published: en, es')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restore version 3?' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    await waitFor(() => expect(restores).toHaveLength(1));
  });

  it('hides publishing from authors', async () => {
    editorApi(undefined, 'author');
    renderApp('/app/projects/p1/document-editor/articles/d1');
    await screen.findByRole('heading', { name: 'Hello' });
    expect(screen.queryByRole('button', { name: 'Publish…' })).toBeNull();
  });

  it('creates a new document and opens it', async () => {
    const posts: FetchCall[] = [];
    editorApi((call) => {
      if (call.method === 'POST' && call.path === DOCS) {
        posts.push(call);
        return json(201, { data: { ...DOCUMENT, id: 'd2', version: 1 } });
      }
      if (call.method === 'GET' && call.path === `${DOCS}/d2`) return json(200, { data: { ...DOCUMENT, id: 'd2' } });
      return undefined;
    });
    const { user, router } = renderApp('/app/projects/p1/document-editor/articles/new');
    expect(await screen.findByRole('heading', { name: 'New article' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Fresh');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p1/document-editor/articles/d2'));
    expect(posts[0]?.body).toEqual({ data: { title: 'Fresh', slug: 'fresh' }, locale: 'en' });
  });

  it('keeps what is typed while a new document is being created, and saves it to the new document', async () => {
    const posts: FetchCall[] = [];
    const patches: FetchCall[] = [];
    let answerPost: () => void = () => undefined;
    const CREATED: Document = { ...DOCUMENT, id: 'd2', version: 1, data: { ...DOCUMENT.data, title: { en: 'Fresh' } } };
    editorApi((call) => {
      if (call.method === 'POST' && call.path === DOCS) {
        posts.push(call);
        return new Promise<Response>((resolve) => {
          answerPost = () => resolve(json(201, { data: CREATED }));
        });
      }
      if (call.method === 'GET' && call.path === `${DOCS}/d2`) return json(200, { data: CREATED });
      if (call.method === 'PATCH' && call.path === `${DOCS}/d2`) {
        patches.push(call);
        return json(200, { data: { ...CREATED, version: 2 } });
      }
      return undefined;
    });
    const { user, router } = renderApp('/app/projects/p1/document-editor/articles/new');
    await user.type(await screen.findByRole('textbox', { name: /Title/ }), 'Fresh');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    // Typed while the document is being created.
    await user.type(screen.getByRole('spinbutton', { name: 'Views' }), '12');
    answerPost();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p1/document-editor/articles/d2'));
    expect((screen.getByRole('spinbutton', { name: 'Views' }) as HTMLInputElement).value).toBe('12');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({ data: { views: 12 }, locale: 'en', version: 1 });
    expect(posts).toHaveLength(1);
  });

  it('fills a new document’s slug from its title until the slug is written by hand', async () => {
    editorApi();
    const { user } = renderApp('/app/projects/p1/document-editor/articles/new');
    const title = await screen.findByRole('textbox', { name: /Title/ });
    const slug = screen.getByRole('textbox', { name: 'Slug' }) as HTMLInputElement;
    await user.type(title, 'Café Menu!');
    expect(slug.value).toBe('cafe-menu');
    await user.clear(slug);
    await user.type(slug, 'menu');
    await user.type(title, ' 2026');
    expect(slug.value).toBe('menu');
  });

  it('leaves a saved document’s slug alone when its title changes', async () => {
    editorApi();
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await user.type(title, ' again');
    expect((screen.getByRole('textbox', { name: 'Slug' }) as HTMLInputElement).value).toBe('hello');
  });

  it('opens the AI assistant, whose text goes into the field being edited as an unsaved change', async () => {
    const sse = (frames: string) =>
      new Response(
        new ReadableStream({
          start: (controller) => {
            controller.enqueue(new TextEncoder().encode(frames));
            controller.close();
          },
        }),
        { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
      );
    const calls = editorApi((call) =>
      call.path === '/api/v1/projects/p1/ai/generate'
        ? sse(
            'event: delta\ndata: {"text":"Hola "}\n\nevent: delta\ndata: {"text":"mundo"}\n\n' +
              'event: done\ndata: {"text":"Hola mundo","usage":{"prompt_tokens":3,"completion_tokens":2}}\n\n',
          )
        : call.path === '/api/v1/projects/p1/ai/translate'
          ? json(200, { data: DOCUMENT })
          : undefined,
    );
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1?locale=es');
    await user.click(await screen.findByRole('button', { name: 'AI assistant' }));
    const panel = within(await screen.findByRole('dialog', { name: 'AI assistant' }));
    expect((panel.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).value).toBe('es');
    await user.type(panel.getByRole('textbox', { name: 'What to write' }), 'A greeting');
    await user.click(panel.getByRole('button', { name: 'Generate' }));
    await user.click(await panel.findByRole('button', { name: 'Insert into Title' }));
    expect(calls.find((call) => call.path.endsWith('/ai/generate'))?.body).toMatchObject({
      field: 'articles.title',
      locale: 'es',
    });

    // Translating reloads the editor's copy of the document.
    await user.click(panel.getByRole('tab', { name: 'Translate' }));
    expect(panel.getByText(/Save your changes first/)).toBeTruthy();
    await user.click(panel.getByRole('button', { name: 'Close panel' }));
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Hola mundo');
    expect(screen.getByRole('status', { name: 'Save state' }).textContent).toBe('Unsaved changes');
  });

  it('reads the document again after the AI assistant translated it', async () => {
    const calls = editorApi((call) =>
      call.path === '/api/v1/projects/p1/ai/translate' ? json(200, { data: DOCUMENT }) : undefined,
    );
    const { user } = renderApp('/app/projects/p1/document-editor/articles/d1');
    await user.click(await screen.findByRole('button', { name: 'AI assistant' }));
    const panel = within(await screen.findByRole('dialog', { name: 'AI assistant' }));
    await user.click(panel.getByRole('tab', { name: 'Translate' }));
    const reads = () => calls.filter((call) => call.method === 'GET' && call.path === `${DOCS}/d1`).length;
    const before = reads();
    await user.click(panel.getByRole('button', { name: 'Translate' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(calls.find((call) => call.path.endsWith('/ai/translate'))?.body).toEqual({
      document_id: 'd1',
      source_locale: 'en',
      target_locales: ['es', 'fr'],
    });
  });

  it('says when the document does not exist', async () => {
    editorApi((call) => (call.path === `${DOCS}/gone` ? apiError(404, 'Document not found') : undefined));
    renderApp('/app/projects/p1/document-editor/articles/gone');
    expect(await screen.findByRole('heading', { name: 'Document not found' })).toBeTruthy();
  });
});
