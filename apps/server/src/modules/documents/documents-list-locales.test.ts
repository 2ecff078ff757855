import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject } from '../../test/content.js';
import { call, createTestApp, type Session, signUp, type TestApp } from '../../test/harness.js';

/** Filters, sorts and populate in a locale: the same fallback to the default locale as reads. */
describe('documents list: locales in filters, sorts and populate', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const ids: Record<string, string> = {};
  const url = (query: string) => `/api/v1/projects/${projectId}/collections/books/documents?${query}`;
  const list = async (query: string) => {
    const response = await call(t.app, owner, { method: 'GET', url: url(query) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { id: string; data: Record<string, unknown> }[]; meta: { next_cursor: string } };
  };
  const names = async (query: string) => {
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return (await list(query)).data.map((doc) => byId.get(doc.id));
  };

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner, { name: 'Books', locales: ['en', 'es'], default_locale: 'en' });
    await createCollection(t.app, owner, projectId, {
      slug: 'authors',
      name: 'Authors',
      fields: [{ name: 'name', type: 'text', required: true, localized: true }],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'books',
      name: 'Books',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'author', type: 'reference', localized: true, options: { collection: 'authors' } },
        { name: 'editors', type: 'reference', localized: true, options: { collection: 'authors', multiple: true } },
      ],
    });
    const author = async (name: string, en: string, es?: string) => {
      ids[name] = (await createDocument(t.app, owner, projectId, 'authors', { data: { name: en } })).id;
      if (es) {
        await call(t.app, owner, {
          method: 'PATCH',
          url: `/api/v1/projects/${projectId}/collections/authors/documents/${ids[name]}`,
          payload: { locale: 'es', data: { name: es } },
        });
      }
    };
    await author('ana', 'Ana');
    await author('ben', 'Ben', 'Benito');
    const book = async (name: string, en: Record<string, unknown>, es?: Record<string, unknown>) => {
      ids[name] = (await createDocument(t.app, owner, projectId, 'books', { data: en })).id;
      if (es) {
        const response = await call(t.app, owner, {
          method: 'PATCH',
          url: `/api/v1/projects/${projectId}/collections/books/documents/${ids[name]}`,
          payload: { locale: 'es', data: es },
        });
        expect(response.statusCode, response.body).toBe(200);
      }
    };
    // "apple" has Spanish values of its own; "banana" only English ones, which Spanish reads fall back to.
    await book(
      'apple',
      { title: 'Apple', author: ids.ana, editors: [ids.ana] },
      { title: 'Manzana', author: ids.ben, editors: [ids.ben] },
    );
    await book('banana', { title: 'Banana', author: ids.ben, editors: [ids.ben] });
  });
  afterAll(async () => t.close());

  it('filters through a localized reference in the chosen locale, with fallback', async () => {
    expect(await names('filter[author.name][eq]=Ana')).toEqual(['apple']);
    expect((await names('filter[author.name][eq]=Ben')).sort()).toEqual(['banana']);
    expect((await names('locale=es&filter[author.name][eq]=Benito')).sort()).toEqual(['apple', 'banana']);
    expect(await names('locale=es&filter[author.name][eq]=Ana')).toEqual([]);
    expect((await names('locale=es&filter[editors.name][eq]=Benito')).sort()).toEqual(['apple', 'banana']);
    expect(await names(`locale=es&filter[author][eq]=${ids.ben}&sort=title`)).toEqual(['banana', 'apple']);
  });

  it('filters and sorts on the default locale’s value where the chosen locale has none, as reads do', async () => {
    expect(await names('locale=es&filter[title][eq]=Banana')).toEqual(['banana']);
    expect(await names('locale=es&filter[title][starts_with]=Ban')).toEqual(['banana']);
    expect(await names('locale=es&filter[title][exists]=true&sort=title')).toEqual(['banana', 'apple']);
    expect(await names('locale=es&filter[title][eq]=Apple')).toEqual([]);
    expect(await names('locale=es&sort=title')).toEqual(['banana', 'apple']);
    expect(await names('locale=es&sort=-title')).toEqual(['apple', 'banana']);
    expect(await names('locale=en&sort=title')).toEqual(['apple', 'banana']);
    // Cursor pages walk the same order.
    const first = await list('locale=es&sort=title&limit=1');
    expect(first.data[0]?.id).toBe(ids.banana);
    const second = await list(`locale=es&sort=title&limit=1&cursor=${first.meta.next_cursor}`);
    expect(second.data.map((doc) => doc.id)).toEqual([ids.apple]);
  });

  it('populates the references of every locale with locale=*', async () => {
    const body = await list(`locale=*&populate=author,editors&filter[id][eq]=${ids.apple}`);
    const data = body.data[0]?.data as Record<string, Record<string, { id: string } | { id: string }[]>>;
    expect(data.author?.en).toMatchObject({ id: ids.ana, data: { name: { en: 'Ana' } } });
    expect(data.author?.es).toMatchObject({ id: ids.ben, data: { name: { en: 'Ben', es: 'Benito' } } });
    expect(data.editors?.es).toEqual([expect.objectContaining({ id: ids.ben })]);
  });
});
