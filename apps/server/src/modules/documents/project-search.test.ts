import type { SearchHit } from '@plinth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

describe(`project search (${dialectName})`, () => {
  const time = createTestClock();
  let t: TestApp;
  let owner: Session;
  let viewer: Session;
  let projectId: string;
  const ids: Record<string, string> = {};

  const search = async (q: string, credential: Session | string = owner, extra = '') => {
    const response = await call(t.app, credential, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/search?q=${encodeURIComponent(q)}${extra}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SearchHit[] }>().data;
  };
  const titles = async (q: string, credential: Session | string = owner, extra = '') =>
    (await search(q, credential, extra)).map((hit) => hit.title);

  /** Creates a document a second after the previous one, so "newest first" has one answer. */
  const create = async (collection: string, data: Record<string, unknown>, status?: 'published') => {
    time.advance(1000);
    const document = await createDocument(t.app, owner, projectId, collection, { data, ...(status ? { status } : {}) });
    return document.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    owner = await signUp(t.app);
    viewer = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email: viewer.email, role: 'viewer' },
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      display_field: 'title',
      fields: [
        { name: 'summary', type: 'text' },
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'body', type: 'richtext' },
      ],
    });
    // No display field: the first text field names the documents; the hidden one never does.
    await createCollection(t.app, owner, projectId, {
      slug: 'internal',
      name: 'Internal',
      fields: [
        { name: 'code', type: 'text', hidden: true },
        { name: 'order', type: 'integer' },
        { name: 'label', type: 'text' },
      ],
    });
    // A display field that is not text-like: the first text field stands in.
    await createCollection(t.app, owner, projectId, {
      slug: 'events',
      name: 'Events',
      display_field: 'day',
      fields: [
        { name: 'day', type: 'date' },
        { name: 'name', type: 'text' },
      ],
    });

    ids.started = await create('articles', { title: 'Getting Started with Plinth', summary: 'zz' }, 'published');
    ids.paid = await create('articles', { title: 'Getting paid', body: '<p>Started late</p>' });
    ids.garden = await create('articles', { title: 'Started a garden' }, 'published');
    ids.cafe = await create('articles', { title: 'Café culture' }, 'published');
    ids.notes = await create('articles', { title: 'Release notes', body: '<p>getting there</p>', summary: 'getting' });
    ids.internal = await create('internal', { code: 'zebra', label: 'Visible label', order: 1 });
    ids.meetup = await create('events', { day: '2026-12-01', name: 'Winter meetup' });
    ids.trashed = await create('articles', { title: 'Getting rid of this' });
    await call(t.app, owner, {
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/collections/articles/documents/${ids.trashed}`,
    });
    // Translations are not searched: only the default locale.
    time.advance(1000);
    await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/articles/documents/${ids.garden}`,
      payload: { locale: 'es', data: { title: 'Empezó un jardín' } },
    });

    // Another project's documents never show.
    const elsewhere = await createProject(t.app, owner, { name: 'Elsewhere' });
    await createCollection(t.app, owner, elsewhere, {
      slug: 'articles',
      name: 'Articles',
      fields: [{ name: 'title', type: 'text' }],
    });
    await createDocument(t.app, owner, elsewhere, 'articles', { data: { title: 'Getting Started elsewhere' } });
  });
  afterAll(async () => t.close());

  it('finds documents whose title has each word as a word prefix, any case, newest first', async () => {
    expect(await titles('get sta')).toEqual(['Getting Started with Plinth']);
    expect(await titles('STARTED')).toEqual(['Started a garden', 'Getting Started with Plinth']);
    expect(await titles('getting')).toEqual(['Getting paid', 'Getting Started with Plinth']);
    expect(await titles('tarted')).toEqual([]);
    expect(await titles('CAFÉ')).toEqual(['Café culture']);
    const [hit] = await search('garden');
    expect(hit).toEqual({
      id: ids.garden,
      collection: 'articles',
      title: 'Started a garden',
      status: 'changed',
      updated_at: expect.any(String),
    });
  });

  it('matches titles only: the display field, else the first visible text field', async () => {
    // "getting" is in the body and the summary of "Release notes", not in its title.
    expect(await titles('notes')).toEqual(['Release notes']);
    expect((await titles('getting')).includes('Release notes')).toBe(false);
    expect(await search('visible')).toEqual([
      expect.objectContaining({ collection: 'internal', title: 'Visible label' }),
    ]);
    expect(await search('winter')).toEqual([expect.objectContaining({ collection: 'events', title: 'Winter meetup' })]);
    // A hidden field is never searched, by members either.
    expect(await search('zebra')).toEqual([]);
  });

  it('searches the default locale only, and leaves the trash out', async () => {
    expect(await search('empezó')).toEqual([]);
    expect((await titles('rid')).length).toBe(0);
  });

  it('limits the hits (8 by default)', async () => {
    for (let index = 0; index < 10; index += 1) await create('articles', { title: `Limit test ${index}` });
    expect(await search('limit')).toHaveLength(8);
    expect(await titles('limit', owner, '&limit=3')).toEqual(['Limit test 9', 'Limit test 8', 'Limit test 7']);
  });

  it('lets any member search; content:read tokens search published snapshots only', async () => {
    expect(await titles('getting', viewer)).toEqual(['Getting paid', 'Getting Started with Plinth']);
    const reader = await createToken(t.app, owner, projectId, ['content:read']);
    expect(await titles('getting', reader)).toEqual(['Getting Started with Plinth']);
    // A published document's draft edits stay out of readers' search.
    await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/articles/documents/${ids.cafe}`,
      payload: { data: { title: 'Tea culture' } },
    });
    expect(await titles('tea')).toEqual(['Tea culture']);
    expect(await titles('tea', reader)).toEqual([]);
    const [published] = await search('café', reader);
    expect(published).toMatchObject({ id: ids.cafe, title: 'Café culture', status: 'published' });
    const preview = await createToken(t.app, owner, projectId, ['content:preview']);
    expect(await titles('tea', preview)).toEqual(['Tea culture']);
  });

  it('answers 403 without content access, 404 to strangers, 401 without a credential, 400 on bad input', async () => {
    const mediaToken = await createToken(t.app, owner, projectId, ['media:read']);
    const url = (query: string) => `/api/v1/projects/${projectId}/search${query}`;
    expectError(await call(t.app, mediaToken, { method: 'GET', url: url('?q=get') }), 403, 'FORBIDDEN');
    const stranger = await signUp(t.app);
    expectError(await call(t.app, stranger, { method: 'GET', url: url('?q=get') }), 404, 'NOT_FOUND');
    expectError(await call(t.app, null, { method: 'GET', url: url('?q=get') }), 401, 'UNAUTHENTICATED');
    for (const query of ['', '?q=', '?q=!!!', '?q=get&limit=0', '?q=get&limit=26', '?q=get&sort=title']) {
      expectError(await call(t.app, owner, { method: 'GET', url: url(query) }), 400, 'VALIDATION_FAILED');
    }
  });
});
