import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlinthClient } from './client.js';
import {
  compileQuery,
  createPreviewToken,
  type DocumentInput,
  documentAction,
  getDocument,
  type PlinthDocument,
} from './documents.js';
import { PlinthError } from './errors.js';
import { clientOf, createBlogModel, type SdkTestServer, startSdkServer } from './test/server.js';

interface Author {
  name: string;
}
interface Article {
  title: string;
  slug: string | null;
  views: number | null;
  featured: boolean | null;
  category: 'news' | 'guide' | null;
  tags: ('cms' | 'api')[] | null;
  author: string | PlinthDocument<Author> | null;
  related: (string | PlinthDocument<Article>)[] | null;
}
interface Collections {
  articles: Article;
  authors: Author;
}

describe('compileQuery', () => {
  it('writes filters as filter[field][op] parameters, lists comma-separated', () => {
    expect(
      compileQuery<Article>({
        filter: {
          views: { gte: 10, lt: 100 },
          title: 'Hi',
          category: { in: ['news', 'guide'] },
          featured: { exists: true },
          updated_at: { gt: new Date('2026-01-02T03:04:05.000Z') },
          'author.name': { starts_with: 'A' },
        },
        sort: ['-views', 'title'],
        fields: ['title', 'views'],
        populate: '*',
        depth: 2,
        locale: 'es',
        q: 'word',
        limit: 5,
      }),
    ).toEqual({
      'filter[views][gte]': '10',
      'filter[views][lt]': '100',
      'filter[title][eq]': 'Hi',
      'filter[category][in]': 'news,guide',
      'filter[featured][exists]': 'true',
      'filter[updated_at][gt]': '2026-01-02T03:04:05.000Z',
      'filter[author.name][starts_with]': 'A',
      sort: '-views,title',
      fields: 'title,views',
      populate: '*',
      depth: 2,
      locale: 'es',
      q: 'word',
      limit: 5,
    });
  });
});

describe('request descriptions of publishing and preview', () => {
  const target = { projectId: 'p1', collection: 'articles', id: 'd/1' };

  it('sends publish and unpublish without a body, or with the locales given', () => {
    const whole = documentAction({ ...target, action: 'publish' });
    expect(whole).toMatchObject({ method: 'POST', path: '/projects/p1/collections/articles/documents/d%2F1/publish' });
    expect(whole).not.toHaveProperty('body');
    expect(documentAction({ ...target, action: 'unpublish', locales: ['es', 'fr'] })).toMatchObject({
      path: '/projects/p1/collections/articles/documents/d%2F1/unpublish',
      body: { locales: ['es', 'fr'] },
    });
    expect(documentAction({ ...target, action: 'restore' })).not.toHaveProperty('body');
  });

  it('reads with a preview token as the bearer of that request only', () => {
    expect(getDocument({ ...target, previewToken: 'plp_abc', options: { locale: 'es' } })).toMatchObject({
      method: 'GET',
      query: { locale: 'es' },
      headers: { authorization: 'Bearer plp_abc' },
    });
    expect(getDocument(target)).not.toHaveProperty('headers');
  });

  it('asks for a preview token, with the locale when given', () => {
    expect(createPreviewToken({ ...target, locale: 'es' })).toMatchObject({
      method: 'POST',
      path: '/projects/p1/collections/articles/documents/d%2F1/preview-token',
      body: { locale: 'es' },
    });
    expect(createPreviewToken(target).body).toEqual({});
  });
});

describe('documents through the SDK, over HTTP', () => {
  let server: SdkTestServer;
  let client: PlinthClient<Collections>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startSdkServer();
    await createBlogModel(server);
    client = clientOf<Collections>(server);
    const authors = client.collection('authors');
    ids.ann = (await authors.create({ name: 'Ann' })).id;
    ids.bob = (await authors.create({ name: 'Bob' })).id;
    const articles = client.collection('articles');
    const seed: DocumentInput<Article>[] = [
      { title: 'Alpha', views: 5, featured: true, category: 'news', tags: ['cms'], author: ids.ann },
      { title: 'Bravo', views: 50, featured: false, category: 'guide', tags: ['api'], author: ids.bob },
      { title: 'Charlie', views: 500, category: 'news', tags: ['cms', 'api'], author: ids.ann },
      { title: 'Delta', views: 20, category: 'guide', author: ids.bob },
      { title: 'Echo', views: 1, featured: true, category: 'news' },
    ];
    for (const data of seed) {
      const created = await articles.create(data, { status: 'published' });
      ids[created.data.title] = created.id;
    }
  });
  afterAll(() => server.close());

  const titles = (documents: PlinthDocument<Article>[]) => documents.map((document) => document.data.title);

  it('lists with filter objects, sort, page and limit', async () => {
    const articles = client.collection('articles');
    const popular = await articles.list({ filter: { views: { gte: 20 } }, sort: '-views' });
    expect(titles(popular.data)).toEqual(['Charlie', 'Bravo', 'Delta']);
    expect(popular.meta).toMatchObject({ total: 3, page: 1, limit: 25, next_cursor: null });

    const news = await articles.list({ filter: { category: { in: ['news'] }, featured: true }, sort: 'title' });
    expect(titles(news.data)).toEqual(['Alpha', 'Echo']);

    const tagged = await articles.list({ filter: { tags: { contains: 'api' } }, sort: 'title' });
    expect(titles(tagged.data)).toEqual(['Bravo', 'Charlie']);

    const noAuthor = await articles.list({ filter: { author: { exists: false } } });
    expect(titles(noAuthor.data)).toEqual(['Echo']);

    const throughReference = await articles.list({ filter: { 'author.name': 'Bob' }, sort: '-title' });
    expect(titles(throughReference.data)).toEqual(['Delta', 'Bravo']);

    const second = await articles.list({ sort: ['-featured', 'title'], page: 2, limit: 2 });
    expect(titles(second.data)).toEqual(['Bravo', 'Charlie']);
    expect(second.meta).toMatchObject({ total: 5, page: 2, limit: 2 });
  });

  it('projects fields and searches', async () => {
    const found = await client.collection('articles').list({ q: 'charlie', fields: ['title', 'views'] });
    expect(found.data).toHaveLength(1);
    expect(found.data[0]?.data).toEqual({ title: 'Charlie', views: 500 });
  });

  it('walks every page with cursors, in sort order', async () => {
    const articles = client.collection('articles');
    const seen: string[] = [];
    for await (const article of articles.iterate({ sort: 'views', limit: 2 })) seen.push(article.data.title);
    expect(seen).toEqual(['Echo', 'Alpha', 'Delta', 'Bravo', 'Charlie']);

    const pages = [];
    for await (const page of articles.pages({ sort: 'views', limit: 2, filter: { views: { lt: 100 } } })) {
      pages.push(titles(page.data));
    }
    expect(pages).toEqual([
      ['Echo', 'Alpha'],
      ['Delta', 'Bravo'],
    ]);
  });

  it('populates references, and reads one document with read options', async () => {
    const articles = client.collection('articles');
    const plain = await articles.get(ids.Alpha as string);
    expect(plain.data.author).toBe(ids.ann);

    const populated = await articles.get(ids.Alpha as string, { populate: ['author'] });
    const author = populated.data.author;
    expect(typeof author === 'object' && author?.data.name).toBe('Ann');

    const listed = await articles.list({ filter: { title: 'Bravo' }, populate: '*' });
    const bravoAuthor = listed.data[0]?.data.author;
    expect(typeof bravoAuthor === 'object' && bravoAuthor?.id).toBe(ids.bob);
  });

  it('creates, updates with a version, and turns a stale version into a CONFLICT error', async () => {
    const articles = client.collection('articles');
    const draft = await articles.create({ title: 'Foxtrot', views: 0 });
    expect(draft).toMatchObject({ status: 'draft', version: 1, data: { title: 'Foxtrot', views: 0 } });

    const updated = await articles.update(draft.id, { views: 7 }, { version: 1 });
    expect(updated).toMatchObject({ version: 2, data: { title: 'Foxtrot', views: 7 } });

    const stale = await articles.update(draft.id, { views: 8 }, { version: 1 }).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(PlinthError);
    expect(stale).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect((stale as PlinthError).message).toMatch(/\S/);
    expect((await articles.get(draft.id)).data.views).toBe(7);
  });

  it('replays a create sent again with the same Idempotency-Key', async () => {
    const articles = client.collection('articles');
    const first = await articles.create({ title: 'Golf' }, { idempotencyKey: 'golf-1' });
    const again = await articles.create({ title: 'Golf' }, { idempotencyKey: 'golf-1' });
    expect(again.id).toBe(first.id);
    expect((await articles.list({ filter: { title: 'Golf' } })).meta.total).toBe(1);
  });

  it('publishes and unpublishes: a content:read token sees only published snapshots', async () => {
    const reader = clientOf(server, { token: await server.token(['content:read']) }).collection<Article>('articles');
    const articles = client.collection('articles');
    const draft = await articles.create({ title: 'Hotel' });
    await expect(reader.get(draft.id)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });

    const published = await articles.publish(draft.id);
    expect(published.status).toBe('published');
    expect((await reader.get(draft.id)).data.title).toBe('Hotel');

    await articles.update(draft.id, { title: 'Hotel (edited)' });
    expect((await reader.get(draft.id)).data.title).toBe('Hotel');

    expect((await articles.unpublish(draft.id)).status).toBe('draft');
    await expect(reader.get(draft.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('deletes to trash and restores', async () => {
    const articles = client.collection('articles');
    const doc = await articles.create({ title: 'India' });
    await expect(articles.delete(doc.id)).resolves.toBeUndefined();
    await expect(articles.get(doc.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const trash = await articles.list({ status: 'deleted' });
    expect(titles(trash.data)).toContain('India');
    expect((await articles.restore(doc.id)).data.title).toBe('India');
  });

  it('reports validation failures with the details of API.md', async () => {
    // An untyped client: the typed one would not even compile a filter on an unknown field.
    const articles = clientOf(server).collection('articles');
    const error = await articles.list({ filter: { nope: 'x' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlinthError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((error as PlinthError).details[0]?.path).toBe('filter[nope][eq]');
  });
});
