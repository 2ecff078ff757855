import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

/** Versions, locales, publishing and the snapshot rule, trash, singletons, idempotency. */
describe('documents: lifecycle', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let reader: string;
  let previewer: string;
  const docs = (collection = 'articles') => `/api/v1/projects/${projectId}/collections/${collection}/documents`;
  const get = (credential: Session | string, id: string, query = '', collection = 'articles') =>
    call(t.app, credential, { method: 'GET', url: `${docs(collection)}/${id}${query}` });
  const patch = (id: string, payload: Record<string, unknown>) =>
    call(t.app, owner, { method: 'PATCH', url: `${docs()}/${id}`, payload });
  const action = (id: string, name: string, credential: Session | string = owner, collection = 'articles') =>
    call(t.app, credential, { method: 'POST', url: `${docs(collection)}/${id}/${name}` });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
        { name: 'summary', type: 'longtext', localized: true },
        { name: 'views', type: 'integer' },
        { name: 'featured', type: 'boolean' },
      ],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'settings',
      name: 'Settings',
      kind: 'singleton',
      fields: [{ name: 'site_name', type: 'text', required: true }],
    });
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    previewer = await createToken(t.app, owner, projectId, ['content:preview']);
  });
  afterAll(async () => t.close());

  it('updates partially with optimistic concurrency', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Partial', summary: 'Kept', views: 1, featured: true },
    });
    const updated = await patch(created.id, { data: { views: 2 }, version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      version: 2,
      data: { title: 'Partial', slug: 'partial', summary: 'Kept', views: 2, featured: true },
    });
    const stale = expectError(await patch(created.id, { data: { views: 3 }, version: 1 }), 409, 'CONFLICT');
    expect(stale.message).toContain('version');
    const after = await get(owner, created.id);
    expect(after.json().data).toMatchObject({ version: 2, data: { views: 2 } });
    // Without a version the write simply applies; false and 0 are values, not removals.
    const blind = await patch(created.id, { data: { featured: false, views: 0 } });
    expect(blind.json().data).toMatchObject({ version: 3, data: { featured: false, views: 0, summary: 'Kept' } });
    const removed = await patch(created.id, { data: { summary: null }, version: 3 });
    expect(removed.json().data).toMatchObject({ version: 4, data: { summary: null, title: 'Partial' } });
  });

  it('writes localized values per locale, shares the others and falls back to the default locale', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Hello', summary: 'English summary', views: 1 },
    });
    const spanish = await patch(created.id, { data: { title: 'Hola', views: 5 }, locale: 'es' });
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(spanish.json().data).toMatchObject({
      locale: 'es',
      data: { title: 'Hola', summary: 'English summary', views: 5 },
    });

    const english = (await get(owner, created.id)).json().data;
    expect(english).toMatchObject({ locale: 'en', data: { title: 'Hello', summary: 'English summary', views: 5 } });
    const inSpanish = (await get(owner, created.id, '?locale=es')).json().data;
    expect(inSpanish.data).toMatchObject({ title: 'Hola', summary: 'English summary', views: 5 });
    const french = (await get(owner, created.id, '?locale=fr')).json().data;
    expect(french).toMatchObject({ locale: 'fr', data: { title: 'Hello', summary: 'English summary' } });

    const all = (await get(owner, created.id, '?locale=*')).json().data.data;
    expect(all.title).toEqual({ en: 'Hello', es: 'Hola' });
    expect(all.summary).toEqual({ en: 'English summary' });
    expect(all.views).toBe(5);
    // The slug is shared and was made from the default-locale title.
    expect(all.slug).toBe('hello');

    // Removing the Spanish title falls back to English again and leaves English untouched.
    await patch(created.id, { data: { title: null }, locale: 'es' });
    expect((await get(owner, created.id, '?locale=*')).json().data.data.title).toEqual({ en: 'Hello' });

    // Creating in another locale needs the default locale's required values.
    const onlySpanish = await call(t.app, owner, {
      method: 'POST',
      url: docs(),
      payload: { data: { title: 'Solo' }, locale: 'es' },
    });
    expect(expectError(onlySpanish, 400, 'VALIDATION_FAILED').details?.[0]?.path).toBe('data.title');

    for (const bad of [
      get(owner, created.id, '?locale=de'),
      call(t.app, owner, { method: 'POST', url: docs(), payload: { data: { title: 'x' }, locale: 'de' } }),
      patch(created.id, { data: { title: 'x' }, locale: 'de' }),
      patch(created.id, { data: { title: 'x' }, locale: '*' }),
      call(t.app, owner, { method: 'GET', url: `${docs()}?locale=de` }),
    ]) {
      const body = expectError(await bad, 400, 'VALIDATION_FAILED');
      expect(body.message).toMatch(/locale/);
    }
  });

  it('moves through draft, published, changed and back, and content:read keeps the snapshot', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Snapshot one', views: 1 },
    });
    expect(created).toMatchObject({ status: 'draft', published_at: null });
    expectError(await get(reader, created.id), 404, 'NOT_FOUND');
    expect((await get(previewer, created.id)).json().data.data.title).toBe('Snapshot one');

    const published = await action(created.id, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published', data: { title: 'Snapshot one' } });
    expect(published.json().data.published_at).toEqual(expect.any(String));

    const edited = await patch(created.id, { data: { title: 'Snapshot two', views: 2 } });
    expect(edited.json().data).toMatchObject({ status: 'changed', data: { title: 'Snapshot two' } });
    const spanishEdit = await patch(created.id, { data: { title: 'Instantánea' }, locale: 'es' });
    expect(spanishEdit.json().data.status).toBe('changed');

    const asReader = (await get(reader, created.id)).json().data;
    expect(asReader).toMatchObject({ status: 'published', data: { title: 'Snapshot one', views: 1 } });
    expect((await get(reader, created.id, '?locale=es')).json().data.data.title).toBe('Snapshot one');
    expect((await get(reader, created.id, '?status=published')).json().data.data.title).toBe('Snapshot one');
    expect((await get(owner, created.id)).json().data).toMatchObject({
      status: 'changed',
      data: { title: 'Snapshot two' },
    });
    expect((await get(owner, created.id, '?status=published')).json().data.data.title).toBe('Snapshot one');
    expect((await get(previewer, created.id)).json().data.data.title).toBe('Snapshot two');
    for (const status of ['draft', 'changed', 'deleted']) {
      expectError(await get(reader, created.id, `?status=${status}`), 403, 'FORBIDDEN');
      expectError(await call(t.app, reader, { method: 'GET', url: `${docs()}?status=${status}` }), 403, 'FORBIDDEN');
    }
    const readerList = await call(t.app, reader, { method: 'GET', url: `${docs()}?filter[id][eq]=${created.id}` });
    expect(readerList.json().data.map((doc: { data: { title: string } }) => doc.data.title)).toEqual(['Snapshot one']);

    // Search follows the same rule: the reader matches the snapshot's words, not the draft's.
    const search = async (credential: Session | string, word: string) =>
      (await call(t.app, credential, { method: 'GET', url: `${docs()}?q=${word}` })).json().meta.total;
    expect(await search(reader, 'one')).toBe(1);
    expect(await search(reader, 'two')).toBe(0);
    expect(await search(owner, 'two')).toBe(1);
    // (the slug, made at creation, still says "snapshot-one" in both copies)

    const republished = await action(created.id, 'publish');
    expect(republished.json().data.status).toBe('published');
    expect((await get(reader, created.id)).json().data.data).toMatchObject({ title: 'Snapshot two', views: 2 });
    expect((await get(reader, created.id, '?locale=es')).json().data.data.title).toBe('Instantánea');
    expect(await search(reader, 'two')).toBe(1);

    const unpublished = await action(created.id, 'unpublish');
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json().data).toMatchObject({ status: 'draft', published_at: null });
    expectError(await get(reader, created.id), 404, 'NOT_FOUND');
    expect(
      (await call(t.app, reader, { method: 'GET', url: `${docs()}?filter[id][eq]=${created.id}` })).json().meta.total,
    ).toBe(0);
    expect((await get(owner, created.id)).json().data.status).toBe('draft');
    const stillDraft = await patch(created.id, { data: { views: 9 } });
    expect(stillDraft.json().data.status).toBe('draft');
  });

  it('creates published documents directly when allowed', async () => {
    const response = await call(t.app, owner, {
      method: 'POST',
      url: docs(),
      payload: { data: { title: 'Straight out' }, status: 'published' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created.status).toBe('published');
    expect((await get(reader, created.id)).json().data.data.title).toBe('Straight out');
  });

  it('deletes to trash and restores', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Trash me' },
      status: 'published',
    });
    const deleted = await call(t.app, owner, { method: 'DELETE', url: `${docs()}/${created.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectError(await get(owner, created.id), 404, 'NOT_FOUND');
    expectError(await get(reader, created.id), 404, 'NOT_FOUND');
    expectError(await patch(created.id, { data: { views: 1 } }), 404, 'NOT_FOUND');
    expectError(await action(created.id, 'publish'), 404, 'NOT_FOUND');
    expectError(await call(t.app, owner, { method: 'DELETE', url: `${docs()}/${created.id}` }), 404, 'NOT_FOUND');
    const live = await call(t.app, owner, { method: 'GET', url: `${docs()}?filter[id][eq]=${created.id}` });
    expect(live.json().meta.total).toBe(0);
    const trash = await call(t.app, owner, { method: 'GET', url: `${docs()}?status=deleted` });
    expect(trash.statusCode).toBe(200);
    expect(trash.json().data.map((doc: { id: string }) => doc.id)).toContain(created.id);
    expect((await get(owner, created.id, '?status=deleted')).json().data.data.title).toBe('Trash me');

    const restored = await action(created.id, 'restore');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ id: created.id, data: { title: 'Trash me', slug: 'trash-me' } });
    expect((await get(owner, created.id)).statusCode).toBe(200);
    expect((await get(reader, created.id)).json().data.data.title).toBe('Trash me');
    expectError(await action(created.id, 'restore'), 404, 'NOT_FOUND');
    const trashAfter = await call(t.app, owner, { method: 'GET', url: `${docs()}?status=deleted` });
    expect(trashAfter.json().data.map((doc: { id: string }) => doc.id)).not.toContain(created.id);
  });

  it('refuses to restore a document whose unique value was taken meanwhile', async () => {
    const first = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Taken later' } });
    await call(t.app, owner, { method: 'DELETE', url: `${docs()}/${first.id}` });
    const second = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Taken later' } });
    expect(second.data.slug).toBe('taken-later');
    expectError(await action(first.id, 'restore'), 409, 'CONFLICT');
    expectError(await get(owner, first.id), 404, 'NOT_FOUND');
    // Freeing the value lets it come back.
    await patch(second.id, { data: { slug: 'taken-later-b' } });
    expect((await action(first.id, 'restore')).statusCode).toBe(200);
  });

  it('keeps singletons to one live document', async () => {
    const first = await createDocument(t.app, owner, projectId, 'settings', { data: { site_name: 'Plinth' } });
    const second = await call(t.app, owner, {
      method: 'POST',
      url: docs('settings'),
      payload: { data: { site_name: 'Again' } },
    });
    expectError(second, 409, 'CONFLICT');
    const list = await call(t.app, owner, { method: 'GET', url: docs('settings') });
    expect(list.json().meta.total).toBe(1);
    const updated = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs('settings')}/${first.id}`,
      payload: { data: { site_name: 'Renamed' } },
    });
    expect(updated.json().data.data.site_name).toBe('Renamed');

    await call(t.app, owner, { method: 'DELETE', url: `${docs('settings')}/${first.id}` });
    const replacement = await createDocument(t.app, owner, projectId, 'settings', { data: { site_name: 'New' } });
    expectError(await action(first.id, 'restore', owner, 'settings'), 409, 'CONFLICT');
    expect((await get(owner, replacement.id, '', 'settings')).statusCode).toBe(200);
  });

  it('replays a create with the same Idempotency-Key and creates nothing new', async () => {
    const payload = { data: { title: 'Idempotent' } };
    const headers = { 'idempotency-key': 'create-idempotent-1' };
    const count = async () =>
      (await call(t.app, owner, { method: 'GET', url: `${docs()}?filter[title][eq]=Idempotent` })).json().meta.total;
    const first = await call(t.app, owner, { method: 'POST', url: docs(), payload, headers });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await call(t.app, owner, { method: 'POST', url: docs(), payload, headers });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(1);

    const otherBody = await call(t.app, owner, {
      method: 'POST',
      url: docs(),
      payload: { data: { title: 'Different' } },
      headers,
    });
    expectError(otherBody, 409, 'CONFLICT');
    const newKey = await call(t.app, owner, {
      method: 'POST',
      url: docs(),
      payload,
      headers: { 'idempotency-key': 'create-idempotent-2' },
    });
    expect(newKey.statusCode).toBe(201);
    expect(newKey.json().data.id).not.toBe(first.json().data.id);
    expect(newKey.json().data.data.slug).toBe('idempotent-2');
    expect(await count()).toBe(2);
  });
});
