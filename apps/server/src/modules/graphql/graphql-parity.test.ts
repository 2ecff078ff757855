import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { graphql, graphqlData, graphqlErrors } from '../../test/graphql.js';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

interface Doc {
  id: string;
  status: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  data: Record<string, unknown>;
}

/** How GraphQL types each filtered field's values (the REST query has strings only). */
const VALUE_TYPES: Record<string, 'int' | 'float' | 'boolean'> = { views: 'int', rating: 'float', featured: 'boolean' };

function typed(field: string, raw: string): unknown {
  const kind = VALUE_TYPES[field];
  if (kind === 'int') return /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (kind === 'float') return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (kind === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/** `filter[author.name][eq]=Ada&sort=-views` → GraphQL arguments, the same request in the other API. */
function toGraphqlArgs(query: string): Record<string, unknown> {
  const filter: Record<string, Record<string, unknown>> = {};
  const args: Record<string, unknown> = { filter };
  for (const [key, raw] of new URLSearchParams(query)) {
    if (key === 'sort') {
      args.sort = raw.split(',');
      continue;
    }
    if (key === 'locale') {
      args.locale = raw;
      continue;
    }
    const match = /^filter\[([a-z0-9_.]+)\](?:\[([a-z_]+)\])?$/.exec(key);
    if (!match?.[1]) throw new Error(`cannot translate ${key}`);
    const op = match[2] ?? 'eq';
    const [name = '', sub] = match[1].split('.');
    const valueField = sub ?? name;
    const value =
      op === 'exists'
        ? typed('featured', raw)
        : op === 'in' || op === 'nin'
          ? raw.split(',').map((part) => typed(valueField, part))
          : typed(valueField, raw);
    const entry = filter[name] ?? {};
    if (sub) {
      const where = (entry.where ?? {}) as Record<string, Record<string, unknown>>;
      where[sub] = { ...where[sub], [op]: value };
      entry.where = where;
    } else {
      entry[op] = value;
    }
    filter[name] = entry;
  }
  return args;
}

describe('GraphQL lists: the REST filter and sort scenarios, compared with REST', () => {
  let t: TestApp;
  let owner: Session;
  let reader: string;
  let projectId: string;
  let otherProjectId: string;
  const clock = createTestClock();
  const people: Record<string, Doc> = {};
  const posts: Record<string, Doc> = {};

  const LIST = `query ($filter: PostFilter, $sort: [String!], $limit: Int, $offset: Int, $locale: String, $status: ReadStatus) {
    posts(filter: $filter, sort: $sort, limit: $limit, offset: $offset, locale: $locale, status: $status) {
      total items { id status created_at updated_at published_at title views rating featured day starts category tags meta }
    }
  }`;

  /**
   * Runs `query` through REST and the same request through GraphQL, and checks that both
   * answer the same documents in the same order with the same total, or both refuse it.
   */
  const same = async (query: string, credential: Session | string = owner) => {
    // The clock stands still otherwise, and a token's requests would hit the burst limit.
    clock.advance(100);
    const rest = await call(t.app, credential, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/collections/posts/documents?${query}&limit=100`,
    });
    const variables = { ...toGraphqlArgs(query), limit: 100 };
    const answer = await graphql(t.app, credential, projectId, LIST, variables);
    if (rest.statusCode !== 200) {
      expect(rest.statusCode, query).toBe(400);
      expect(answer.body.errors?.[0]?.extensions.code, `${query}: ${answer.response.body}`).toBe('VALIDATION_FAILED');
      // Refused by the document reads (not by GraphQL's own typing): the very same message.
      if (answer.status === 200) expect(answer.body.errors?.[0]?.message).toBe(rest.json().message);
      return 'refused';
    }
    expect(answer.status, `${query}: ${answer.response.body}`).toBe(200);
    const restBody = rest.json() as { data: Doc[]; meta: { total: number } };
    const data = answer.body.data as { posts: { total: number; items: { id: string }[] } };
    expect(
      data.posts.items.map((item) => item.id),
      query,
    ).toEqual(restBody.data.map((doc) => doc.id));
    expect(data.posts.total, query).toBe(restBody.meta.total);
    const byId = new Map(Object.entries(posts).map(([key, doc]) => [doc.id, key]));
    return data.posts.items.map((item) => byId.get(item.id) ?? `foreign:${item.id}`).sort();
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.clock, worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'people',
      name: 'People',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'country', type: 'select', options: { choices: ['uk', 'us'] } },
        { name: 'pin', type: 'text', hidden: true },
      ],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'views', type: 'integer' },
        { name: 'rating', type: 'number' },
        { name: 'featured', type: 'boolean' },
        { name: 'day', type: 'date' },
        { name: 'starts', type: 'datetime' },
        { name: 'category', type: 'select', options: { choices: ['news', 'sport', 'tech'] } },
        { name: 'tags', type: 'select', options: { choices: ['a', 'b', 'c'], multiple: true } },
        { name: 'author', type: 'reference', options: { collection: 'people' } },
        { name: 'editors', type: 'reference', options: { collection: 'people', multiple: true } },
        { name: 'meta', type: 'json' },
        { name: 'secret', type: 'text', hidden: true },
      ],
    });
    for (const [key, data] of [
      ['ada', { name: 'Ada', country: 'uk', pin: '1234' }],
      ['bob', { name: 'Bob', country: 'us' }],
      ['cy', { name: 'Cy', country: 'uk' }],
    ] as const) {
      people[key] = await createDocument(t.app, owner, projectId, 'people', { data, status: 'published' });
    }
    const [ada, bob, cy] = [people.ada?.id, people.bob?.id, people.cy?.id];
    const fixtures: [string, Record<string, unknown>, boolean][] = [
      [
        'A',
        {
          title: 'Alpha',
          views: 10,
          rating: 1.5,
          featured: true,
          day: '2026-01-05',
          starts: '2026-01-05T10:00:00.000Z',
          category: 'news',
          tags: ['a', 'b'],
          author: ada,
          editors: [ada, bob],
          meta: { x: 1 },
        },
        true,
      ],
      [
        'B',
        {
          title: 'Beta',
          views: 20,
          rating: 2.25,
          featured: false,
          day: '2026-02-10',
          starts: '2026-02-10T10:00:00+02:00',
          category: 'sport',
          tags: ['b'],
          author: bob,
          editors: [bob],
        },
        true,
      ],
      [
        'C',
        {
          title: 'Gamma',
          views: 30,
          rating: -3,
          featured: true,
          day: '2026-03-15',
          starts: '2026-03-15T00:00:00.000Z',
          category: 'tech',
          tags: ['c'],
          author: cy,
          editors: [cy],
        },
        true,
      ],
      ['D', { title: "O'Brien 100%_x" }, false],
      ['E', { title: 'Delta alpha', views: 20, category: 'news', secret: 'topsecret' }, false],
    ];
    for (const [key, data, published] of fixtures) {
      clock.advance(60_000);
      posts[key] = await createDocument(t.app, owner, projectId, 'posts', {
        data,
        ...(published ? { status: 'published' } : {}),
      });
    }
    clock.advance(60_000);
    const touched = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/posts/documents/${posts.D?.id}`,
      payload: { data: { rating: 9 } },
    });
    posts.D = touched.json().data;
    // A Spanish title, and an edit after publishing that readers must not see.
    await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/posts/documents/${posts.A?.id}`,
      payload: { data: { title: 'Alfa' }, locale: 'es' },
    });
    await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/posts/documents/${posts.B?.id}`,
      payload: { data: { views: 21 } },
    });
    reader = await createToken(t.app, owner, projectId, ['content:read']);

    const stranger = await signUp(t.app);
    otherProjectId = await createProject(t.app, stranger);
    await createCollection(t.app, stranger, otherProjectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [{ name: 'title', type: 'text', required: true, localized: true }],
    });
    await createDocument(t.app, stranger, otherProjectId, 'posts', { data: { title: 'Leak' }, status: 'published' });
  });
  afterAll(async () => t.close());

  it('filters text fields with every operator', async () => {
    expect(await same('filter[title][eq]=Alpha')).toEqual(['A']);
    expect(await same('filter[title][ne]=Alpha')).toEqual(['B', 'C', 'D', 'E']);
    expect(await same('filter[title][gt]=Beta')).toEqual(['C', 'D', 'E']);
    expect(await same('filter[title][lte]=Beta')).toEqual(['A', 'B']);
    expect(await same('filter[title][in]=Alpha,Gamma')).toEqual(['A', 'C']);
    expect(await same('filter[title][nin]=Alpha,Gamma')).toEqual(['B', 'D', 'E']);
    expect(await same('filter[title][contains]=ALPH')).toEqual(['A', 'E']);
    expect(await same('filter[title][starts_with]=al')).toEqual(['A']);
    expect(await same(`filter[title][contains]=${encodeURIComponent('%')}`)).toEqual(['D']);
    expect(await same('filter[title][contains]=_')).toEqual(['D']);
    expect(await same(`filter[title][starts_with]=${encodeURIComponent("O'")}`)).toEqual(['D']);
    expect(await same('filter[title][exists]=false')).toEqual([]);
    expect(await same('filter[title][contains]=')).toBe('refused');
    expect(await same('filter[title][exists]=maybe')).toBe('refused');
  });

  it('filters numbers, booleans, dates, datetimes and selects', async () => {
    // B's working copy has 21 views (its published snapshot keeps 20).
    expect(await same('filter[views][eq]=20')).toEqual(['E']);
    expect(await same('filter[views][gt]=10')).toEqual(['B', 'C', 'E']);
    expect(await same('filter[views][in]=10,30')).toEqual(['A', 'C']);
    expect(await same('filter[views][nin]=10,30')).toEqual(['B', 'D', 'E']);
    expect(await same('filter[views][exists]=false')).toEqual(['D']);
    expect(await same('filter[rating][eq]=2.25')).toEqual(['B']);
    expect(await same('filter[rating][gte]=-3')).toEqual(['A', 'B', 'C', 'D']);
    expect(await same('filter[rating][in]=1.5,-3')).toEqual(['A', 'C']);
    expect(await same('filter[views][gt]=abc')).toBe('refused');
    expect(await same('filter[views][contains]=1')).toBe('refused');
    expect(await same('filter[featured][eq]=true')).toEqual(['A', 'C']);
    expect(await same('filter[featured][ne]=true')).toEqual(['B', 'D', 'E']);
    expect(await same('filter[featured][in]=true,false')).toEqual(['A', 'B', 'C']);
    expect(await same('filter[featured][gt]=true')).toBe('refused');
    expect(await same('filter[day][gt]=2026-01-31')).toEqual(['B', 'C']);
    expect(await same('filter[day][in]=2026-01-05,2026-03-15')).toEqual(['A', 'C']);
    expect(await same('filter[day][gt]=2026-13-45')).toBe('refused');
    expect(await same(`filter[starts][eq]=${encodeURIComponent('2026-02-10T08:00:00Z')}`)).toEqual(['B']);
    expect(await same(`filter[starts][gt]=${encodeURIComponent('2026-02-10T09:00:00+02:00')}`)).toEqual(['B', 'C']);
    expect(await same('filter[starts][starts_with]=2026')).toBe('refused');
    expect(await same('filter[category][in]=sport,tech')).toEqual(['B', 'C']);
    expect(await same('filter[category][contains]=por')).toEqual(['B']);
    expect(await same('filter[tags][contains]=b')).toEqual(['A', 'B']);
    expect(await same('filter[tags][exists]=false')).toEqual(['D', 'E']);
    expect(await same('filter[tags][eq]=a')).toBe('refused');
    expect(await same('filter[meta][exists]=true')).toEqual(['A']);
  });

  it('filters references, through references, and meta columns', async () => {
    const { ada, bob, cy } = people as Record<'ada' | 'bob' | 'cy', Doc>;
    expect(await same(`filter[author][eq]=${ada.id}`)).toEqual(['A']);
    expect(await same(`filter[author][in]=${ada.id},${bob.id}`)).toEqual(['A', 'B']);
    expect(await same('filter[author][exists]=false')).toEqual(['D', 'E']);
    expect(await same(`filter[author][gt]=${ada.id}`)).toBe('refused');
    expect(await same(`filter[editors][contains]=${bob.id}`)).toEqual(['A', 'B']);
    expect(await same(`filter[editors][eq]=${bob.id}`)).toBe('refused');
    expect(await same('filter[author.name][eq]=Ada')).toEqual(['A']);
    expect(await same('filter[author.name][starts_with]=b')).toEqual(['B']);
    expect(await same('filter[author.country][eq]=uk')).toEqual(['A', 'C']);
    expect(await same(`filter[author.id][eq]=${cy.id}`)).toEqual(['C']);
    expect(await same('filter[editors.name][contains]=y')).toEqual(['C']);
    expect(await same('filter[author.name][eq]=Ada&filter[views][gt]=5')).toEqual(['A']);
    const { A, B, C } = posts as Record<'A' | 'B' | 'C', Doc>;
    expect(await same(`filter[id][in]=${A.id},${C.id}`)).toEqual(['A', 'C']);
    expect(await same(`filter[created_at][gt]=${B.created_at}`)).toEqual(['C', 'D', 'E']);
    expect(await same(`filter[published_at][exists]=true`)).toEqual(['A', 'B', 'C']);
    expect(await same(`filter[updated_at][gt]=${posts.E?.updated_at}`)).toEqual(['A', 'B', 'D']);
    expect(await same('filter[created_at][contains]=2026')).toBe('refused');
  });

  it('sorts as REST does, ties broken on id, and refuses what REST refuses', async () => {
    for (const sort of [
      '-views',
      'views,-rating',
      'title',
      '-created_at',
      'category,-day',
      'featured,title',
      'starts',
    ]) {
      await same(`sort=${sort}`);
      await same(`sort=${sort}`, reader);
    }
    expect(await same('sort=meta')).toBe('refused');
    expect(await same('sort=tags')).toBe('refused');
    expect(await same('sort=nope')).toBe('refused');
  });

  it('never filters or sorts on hidden fields, and leaves them out of the tokens schema', async () => {
    // Members read hidden fields but cannot filter on them: the filter input does not have them.
    const { codes } = await graphqlErrors(
      t.app,
      owner,
      projectId,
      '{ posts(filter: { secret: { eq: "x" } }) { total } }',
    );
    expect(codes).toEqual(['VALIDATION_FAILED']);
    expect(await same('sort=secret')).toBe('refused');
    expect(await same('sort=secret', reader)).toBe('refused');
    const member = await graphqlData<{ post: { secret: string | null } }>(
      t.app,
      owner,
      projectId,
      `{ post(id: "${posts.E?.id}") { secret } }`,
    );
    expect(member.post.secret).toBe('topsecret');
    const { errors } = await graphqlErrors(t.app, reader, projectId, `{ post(id: "${posts.A?.id}") { secret } }`);
    expect(errors[0]?.message).toContain('Cannot query field "secret"');
    expect(
      (
        await graphqlData<{ people: { items: Record<string, unknown>[] } }>(
          t.app,
          owner,
          projectId,
          '{ people { items { pin } } }',
        )
      ).people.items.length,
    ).toBe(3);
    await graphqlErrors(t.app, reader, projectId, '{ people { items { pin } } }');
  });

  it('pages with limit and offset like REST pages, for any offset', async () => {
    const all = await graphqlData<{ posts: { items: { id: string }[]; total: number } }>(
      t.app,
      owner,
      projectId,
      LIST,
      { sort: ['title'], limit: 100 },
    );
    const ids = all.posts.items.map((item) => item.id);
    expect(ids).toHaveLength(5);
    for (const [limit, offset] of [
      [2, 0],
      [2, 2],
      [2, 4],
      [2, 1],
      [3, 1],
      [1, 3],
      [4, 3],
      [2, 9],
      [0, 0],
    ] as const) {
      const page = await graphqlData<{ posts: { items: { id: string }[]; total: number } }>(
        t.app,
        owner,
        projectId,
        LIST,
        {
          sort: ['title'],
          limit,
          offset,
        },
      );
      expect(
        page.posts.items.map((item) => item.id),
        `${limit}@${offset}`,
      ).toEqual(ids.slice(offset, offset + limit));
      expect(page.posts.total).toBe(5);
    }
    // Pages of REST and GraphQL agree.
    const rest = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/collections/posts/documents?sort=title&limit=2&page=2`,
    });
    expect(rest.json().data.map((doc: Doc) => doc.id)).toEqual(ids.slice(2, 4));
    for (const variables of [{ limit: 101 }, { limit: -1 }, { offset: -1 }]) {
      const { codes } = await graphqlErrors(t.app, owner, projectId, LIST, variables);
      expect(codes).toEqual(['VALIDATION_FAILED']);
    }
  });

  it('answers the same values as REST, in every locale, with fallback', async () => {
    for (const locale of ['en', 'es', 'fr']) {
      const rest = await call(t.app, owner, {
        method: 'GET',
        url: `/api/v1/projects/${projectId}/collections/posts/documents?sort=created_at&locale=${locale}`,
      });
      const data = await graphqlData<{ posts: { items: Record<string, unknown>[] } }>(t.app, owner, projectId, LIST, {
        sort: ['created_at'],
        locale,
      });
      const expected = (rest.json().data as Doc[]).map((doc) => {
        const { author: _author, editors: _editors, secret: _secret, ...values } = doc.data;
        return {
          id: doc.id,
          status: doc.status,
          created_at: doc.created_at,
          updated_at: doc.updated_at,
          published_at: doc.published_at,
          ...values,
        };
      });
      expect(data.posts.items).toEqual(expected);
    }
    const spanish = await graphqlData<{ posts: { items: { title: string }[] } }>(t.app, owner, projectId, LIST, {
      sort: ['created_at'],
      locale: 'es',
    });
    expect(spanish.posts.items.map((item) => item.title)).toEqual([
      'Alfa',
      'Beta',
      'Gamma',
      "O'Brien 100%_x",
      'Delta alpha',
    ]);
    expect(await same('filter[title][eq]=Alfa&locale=es')).toEqual(['A']);
    for (const locale of ['xx', '*', "en' OR 1=1"]) {
      const { codes } = await graphqlErrors(t.app, owner, projectId, LIST, { locale });
      expect(codes).toEqual(['VALIDATION_FAILED']);
    }
  });

  it('gives a content:read token published snapshots only, like REST', async () => {
    expect(await same('sort=created_at', reader)).toEqual(['A', 'B', 'C']);
    expect(await same('filter[views][eq]=20', reader)).toEqual(['B']);
    expect(await same('filter[views][eq]=21', reader)).toEqual([]);
    expect(await same('filter[views][eq]=21')).toEqual(['B']);
    const snapshot = await graphqlData<{ post: { views: number; status: string } }>(
      t.app,
      reader,
      projectId,
      `{ post(id: "${posts.B?.id}") { views status } }`,
    );
    expect(snapshot.post).toEqual({ views: 20, status: 'published' });
    // A member sees the working copy, or the snapshot on request.
    const working = await graphqlData<{ post: { views: number; status: string } }>(
      t.app,
      owner,
      projectId,
      `{ post(id: "${posts.B?.id}") { views status } }`,
    );
    expect(working.post).toEqual({ views: 21, status: 'changed' });
    const asked = await graphqlData<{ post: { views: number } }>(
      t.app,
      owner,
      projectId,
      `{ post(id: "${posts.B?.id}", status: published) { views } }`,
    );
    expect(asked.post.views).toBe(20);
    // A draft is not there for the reader: null, as REST's 404.
    const draft = await graphqlData<{ post: null }>(t.app, reader, projectId, `{ post(id: "${posts.D?.id}") { id } }`);
    expect(draft.post).toBeNull();
    const asDrafts = await graphqlErrors(t.app, reader, projectId, '{ posts(status: draft) { total } }');
    expect(asDrafts.codes).toEqual(['FORBIDDEN']);
    // Through a reference, the reader matches published names only.
    expect(await same('filter[author.name][eq]=Bob', reader)).toEqual(['B']);
  });

  it('answers another project, as REST does, with NOT_FOUND', async () => {
    for (const credential of [owner, reader]) {
      const rest = await call(t.app, credential, {
        method: 'GET',
        url: `/api/v1/projects/${otherProjectId}/collections/posts/documents`,
      });
      expect(rest.statusCode).toBe(404);
      const answer = await graphql(t.app, credential, otherProjectId, '{ posts { total } }');
      expect(answer.status).toBe(404);
      expect(answer.body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      expect(answer.body.errors?.[0]?.message).toBe(expectError(rest, 404, 'NOT_FOUND').message);
      expect(answer.body.data).toBeUndefined();
    }
  });
});
