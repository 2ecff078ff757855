import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

describe('documents: basic lifecycle', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const docs = () => `/api/v1/projects/${projectId}/collections/articles/documents`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'authors',
      name: 'Authors',
      fields: [{ name: 'name', type: 'text', required: true }],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true, options: { max_length: 200 } },
        { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
        { name: 'views', type: 'integer', options: { min: 0 } },
        { name: 'author', type: 'reference', options: { collection: 'authors' } },
        { name: 'body', type: 'richtext' },
        { name: 'secret', type: 'text', hidden: true },
      ],
    });
  });
  afterAll(async () => t.close());

  it('creates, reads, updates with version checks, publishes and keeps the snapshot', async () => {
    const author = await createDocument(t.app, owner, projectId, 'authors', {
      data: { name: 'Ada' },
      status: 'published',
    });
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: {
        title: 'Hello World',
        views: 3,
        author: author.id,
        body: '<p onclick="x()">Hi<script>alert(1)</script></p>',
        secret: 's',
      },
    });
    expect(created).toMatchObject({ status: 'draft', version: 1, locale: 'en' });
    expect(created.data).toMatchObject({
      title: 'Hello World',
      slug: 'hello-world',
      views: 3,
      author: author.id,
      body: '<p>Hi</p>',
    });

    const stale = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs()}/${created.id}`,
      payload: { data: { views: 4 }, version: 7 },
    });
    expectError(stale, 409, 'CONFLICT');

    const published = await call(t.app, owner, { method: 'POST', url: `${docs()}/${created.id}/publish` });
    expect(published.json().data.status).toBe('published');
    const edited = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs()}/${created.id}`,
      payload: { data: { title: 'Changed' }, version: 1 },
    });
    expect(edited.json().data).toMatchObject({ status: 'changed', version: 2 });

    const token = await createToken(t.app, owner, projectId, ['content:read']);
    const asReader = await call(t.app, token, { method: 'GET', url: `${docs()}/${created.id}?populate=author` });
    expect(asReader.statusCode).toBe(200);
    expect(asReader.json().data.data.title).toBe('Hello World');
    expect(asReader.json().data.data.author.data.name).toBe('Ada');
    expect(asReader.json().data.data).not.toHaveProperty('secret');

    const spanish = await call(t.app, owner, {
      method: 'PATCH',
      url: `${docs()}/${created.id}`,
      payload: { data: { title: 'Hola' }, locale: 'es' },
    });
    expect(spanish.json().data.data.title).toBe('Hola');
    const french = await call(t.app, owner, { method: 'GET', url: `${docs()}/${created.id}?locale=fr` });
    expect(french.json().data.data.title).toBe('Changed');
    const all = await call(t.app, owner, { method: 'GET', url: `${docs()}/${created.id}?locale=*` });
    expect(all.json().data.data.title).toEqual({ en: 'Changed', es: 'Hola' });
  });

  it('filters, sorts, pages with cursors and searches', async () => {
    for (let i = 0; i < 12; i++) {
      await createDocument(t.app, owner, projectId, 'articles', { data: { title: `Paged ${i} zebra`, views: i % 4 } });
    }
    const filtered = await call(t.app, owner, {
      method: 'GET',
      url: `${docs()}?filter[views][gte]=2&sort=-views,title&limit=5`,
    });
    expect(filtered.statusCode).toBe(200);
    const body = filtered.json();
    expect(body.data.map((d: { data: { views: number } }) => d.data.views)).toEqual([3, 3, 3, 3, 2]);
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await call(t.app, owner, {
        method: 'GET',
        url: `${docs()}?sort=views&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(page.statusCode).toBe(200);
      for (const doc of page.json().data) {
        expect(seen.has(doc.id)).toBe(false);
        seen.add(doc.id);
      }
      cursor = page.json().meta.next_cursor;
    } while (cursor);
    expect(seen.size).toBe(
      body.meta.total > 0 ? (await call(t.app, owner, { method: 'GET', url: docs() })).json().meta.total : 0,
    );

    const searched = await call(t.app, owner, { method: 'GET', url: `${docs()}?q=zebr` });
    expect(searched.json().meta.total).toBe(12);
    expectError(
      await call(t.app, owner, { method: 'GET', url: `${docs()}?filter[secret][eq]=s` }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call(t.app, owner, { method: 'GET', url: `${docs()}?filter[nope][eq]=s` }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call(t.app, owner, { method: 'GET', url: `${docs()}?sort=password_hash` }),
      400,
      'VALIDATION_FAILED',
    );
    const through = await call(t.app, owner, { method: 'GET', url: `${docs()}?filter[author.name][eq]=Ada` });
    expect(through.json().meta.total).toBe(1);
  });

  it('answers ETag and 304', async () => {
    const first = await call(t.app, owner, { method: 'GET', url: docs() });
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const again = await call(t.app, owner, { method: 'GET', url: docs(), headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
  });
});
