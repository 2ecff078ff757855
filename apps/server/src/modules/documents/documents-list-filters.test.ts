import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
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
  created_at: string;
  updated_at: string;
  published_at: string | null;
  data: Record<string, unknown>;
}

describe('documents list: filters', () => {
  let t: TestApp;
  let owner: Session;
  let reader: string;
  let projectId: string;
  let otherProjectId: string;
  const clock = createTestClock();
  const people: Record<string, Doc> = {};
  const posts: Record<string, Doc> = {};
  const url = (query: string, collection = 'posts', project = projectId) =>
    `/api/v1/projects/${project}/collections/${collection}/documents?${query}`;

  /** Keys (A…E) of the posts a list request returns, sorted, after checking it answered 200. */
  const keysOf = async (query: string, credential: Session | string = owner): Promise<string[]> => {
    const response = await call(t.app, credential, { method: 'GET', url: url(`${query}&limit=100`) });
    if (response.statusCode !== 200) throw new Error(`${query} answered ${response.statusCode}: ${response.body}`);
    const byId = new Map(Object.entries(posts).map(([key, doc]) => [doc.id, key]));
    const keys = response.json().data.map((doc: Doc) => byId.get(doc.id) ?? `foreign:${doc.id}`);
    expect(response.json().meta.total).toBe(keys.length);
    return keys.sort();
  };
  const rejects = async (query: string, credential: Session | string = owner) => {
    const response = await call(t.app, credential, { method: 'GET', url: url(query) });
    return expectError(response, 400, 'VALIDATION_FAILED');
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.clock });
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
    const ada = people.ada?.id;
    const bob = people.bob?.id;
    const cy = people.cy?.id;
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
    expect(touched.statusCode).toBe(200);
    posts.D = touched.json().data;
    reader = await createToken(t.app, owner, projectId, ['content:read']);

    // Another tenant with the same collection slugs and look-alike content.
    const stranger = await signUp(t.app);
    otherProjectId = await createProject(t.app, stranger);
    await createCollection(t.app, stranger, otherProjectId, {
      slug: 'people',
      name: 'People',
      fields: [{ name: 'name', type: 'text', required: true }],
    });
    await createCollection(t.app, stranger, otherProjectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'views', type: 'integer' },
        { name: 'author', type: 'reference', options: { collection: 'people' } },
      ],
    });
    const foreignAuthor = await createDocument(t.app, stranger, otherProjectId, 'people', {
      data: { name: 'Ada' },
      status: 'published',
    });
    for (const title of ['Alpha', 'Leak', "' OR 1=1 --"]) {
      await createDocument(t.app, stranger, otherProjectId, 'posts', {
        data: { title, views: 20, author: foreignAuthor.id },
        status: 'published',
      });
    }
  });
  afterAll(async () => t.close());

  it('filters text fields with every operator (LIKE wildcards are literal)', async () => {
    expect(await keysOf('filter[title][eq]=Alpha')).toEqual(['A']);
    expect(await keysOf('filter[title]=Alpha')).toEqual(['A']);
    expect(await keysOf('filter[title][ne]=Alpha')).toEqual(['B', 'C', 'D', 'E']);
    expect(await keysOf('filter[title][gt]=Beta')).toEqual(['C', 'D', 'E']);
    expect(await keysOf('filter[title][gte]=Beta')).toEqual(['B', 'C', 'D', 'E']);
    expect(await keysOf('filter[title][lt]=Beta')).toEqual(['A']);
    expect(await keysOf('filter[title][lte]=Beta')).toEqual(['A', 'B']);
    expect(await keysOf('filter[title][in]=Alpha,Gamma')).toEqual(['A', 'C']);
    expect(await keysOf('filter[title][nin]=Alpha,Gamma')).toEqual(['B', 'D', 'E']);
    expect(await keysOf('filter[title][contains]=lph')).toEqual(['A', 'E']);
    expect(await keysOf('filter[title][contains]=ALPH')).toEqual(['A', 'E']);
    expect(await keysOf('filter[title][starts_with]=al')).toEqual(['A']);
    expect(await keysOf('filter[title][starts_with]=Delta')).toEqual(['E']);
    expect(await keysOf(`filter[title][contains]=${encodeURIComponent('%')}`)).toEqual(['D']);
    expect(await keysOf('filter[title][contains]=_')).toEqual(['D']);
    expect(await keysOf(`filter[title][starts_with]=${encodeURIComponent("O'")}`)).toEqual(['D']);
    expect(await keysOf('filter[title][exists]=true')).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(await keysOf('filter[title][exists]=false')).toEqual([]);
    await rejects('filter[title][contains]=');
    await rejects('filter[title][exists]=maybe');
  });

  it('filters integer and number fields numerically', async () => {
    expect(await keysOf('filter[views][eq]=20')).toEqual(['B', 'E']);
    expect(await keysOf('filter[views][ne]=20')).toEqual(['A', 'C', 'D']);
    expect(await keysOf('filter[views][gt]=10')).toEqual(['B', 'C', 'E']);
    // Numbers, not strings: "10" < "9" as text.
    expect(await keysOf('filter[views][gt]=9')).toEqual(['A', 'B', 'C', 'E']);
    expect(await keysOf('filter[views][gte]=20')).toEqual(['B', 'C', 'E']);
    expect(await keysOf('filter[views][lt]=20')).toEqual(['A']);
    expect(await keysOf('filter[views][lte]=20')).toEqual(['A', 'B', 'E']);
    expect(await keysOf('filter[views][in]=10,30')).toEqual(['A', 'C']);
    expect(await keysOf('filter[views][nin]=10,30')).toEqual(['B', 'D', 'E']);
    expect(await keysOf('filter[views][exists]=false')).toEqual(['D']);
    expect(await keysOf('filter[views][exists]=true')).toEqual(['A', 'B', 'C', 'E']);
    expect(await keysOf('filter[rating][eq]=2.25')).toEqual(['B']);
    expect(await keysOf('filter[rating][gt]=1.5')).toEqual(['B', 'D']);
    expect(await keysOf('filter[rating][lt]=0')).toEqual(['C']);
    expect(await keysOf('filter[rating][gte]=-3')).toEqual(['A', 'B', 'C', 'D']);
    expect(await keysOf('filter[rating][lte]=1.5')).toEqual(['A', 'C']);
    expect(await keysOf('filter[rating][in]=1.5,-3')).toEqual(['A', 'C']);
    await rejects('filter[views][gt]=abc');
    await rejects('filter[views][eq]=');
    await rejects('filter[views][in]=10,abc');
    await rejects('filter[rating][lt]=1e999');
    await rejects('filter[views][contains]=1');
    await rejects('filter[views][starts_with]=1');
    await rejects('filter[rating][contains]=1');
  });

  it('filters booleans, dates and datetimes', async () => {
    expect(await keysOf('filter[featured][eq]=true')).toEqual(['A', 'C']);
    expect(await keysOf('filter[featured][eq]=false')).toEqual(['B']);
    expect(await keysOf('filter[featured][ne]=true')).toEqual(['B', 'D', 'E']);
    expect(await keysOf('filter[featured][in]=true,false')).toEqual(['A', 'B', 'C']);
    expect(await keysOf('filter[featured][nin]=true')).toEqual(['B', 'D', 'E']);
    expect(await keysOf('filter[featured][exists]=false')).toEqual(['D', 'E']);
    await rejects('filter[featured][eq]=yes');
    await rejects('filter[featured][eq]=1');
    await rejects('filter[featured][gt]=true');
    await rejects('filter[featured][contains]=t');

    expect(await keysOf('filter[day][eq]=2026-02-10')).toEqual(['B']);
    expect(await keysOf('filter[day][ne]=2026-02-10')).toEqual(['A', 'C', 'D', 'E']);
    expect(await keysOf('filter[day][gt]=2026-01-31')).toEqual(['B', 'C']);
    expect(await keysOf('filter[day][gte]=2026-02-10')).toEqual(['B', 'C']);
    expect(await keysOf('filter[day][lt]=2026-02-10')).toEqual(['A']);
    expect(await keysOf('filter[day][lte]=2026-02-10')).toEqual(['A', 'B']);
    expect(await keysOf('filter[day][in]=2026-01-05,2026-03-15')).toEqual(['A', 'C']);
    expect(await keysOf('filter[day][nin]=2026-01-05,2026-03-15')).toEqual(['B', 'D', 'E']);
    expect(await keysOf('filter[day][exists]=true')).toEqual(['A', 'B', 'C']);
    await rejects('filter[day][eq]=abc');
    await rejects('filter[day][gt]=2026-13-45');
    await rejects('filter[day][contains]=2026');

    // Stored as UTC; filter values in any offset compare as instants.
    expect(await keysOf(`filter[starts][eq]=${encodeURIComponent('2026-02-10T08:00:00Z')}`)).toEqual(['B']);
    expect(await keysOf(`filter[starts][gt]=${encodeURIComponent('2026-02-10T09:00:00+02:00')}`)).toEqual(['B', 'C']);
    expect(await keysOf('filter[starts][lt]=2026-01-06')).toEqual(['A']);
    expect(await keysOf('filter[starts][lte]=2026-02-10T08:00:00.000Z')).toEqual(['A', 'B']);
    expect(await keysOf('filter[starts][gte]=2026-02-10T08:00:00.000Z')).toEqual(['B', 'C']);
    expect(await keysOf('filter[starts][ne]=2026-02-10T08:00:00.000Z')).toEqual(['A', 'C', 'D', 'E']);
    expect(await keysOf('filter[starts][in]=2026-01-05T10:00:00Z,2026-03-15T00:00:00Z')).toEqual(['A', 'C']);
    expect(await keysOf('filter[starts][nin]=2026-01-05T10:00:00Z')).toEqual(['B', 'C', 'D', 'E']);
    expect(await keysOf('filter[starts][exists]=false')).toEqual(['D', 'E']);
    await rejects('filter[starts][gt]=abc');
    await rejects('filter[starts][starts_with]=2026');
  });

  it('filters single and multiple selects', async () => {
    expect(await keysOf('filter[category][eq]=news')).toEqual(['A', 'E']);
    expect(await keysOf('filter[category][ne]=news')).toEqual(['B', 'C', 'D']);
    expect(await keysOf('filter[category][in]=sport,tech')).toEqual(['B', 'C']);
    expect(await keysOf('filter[category][nin]=sport,tech')).toEqual(['A', 'D', 'E']);
    expect(await keysOf('filter[category][gt]=news')).toEqual(['B', 'C']);
    expect(await keysOf('filter[category][lte]=sport')).toEqual(['A', 'B', 'E']);
    expect(await keysOf('filter[category][contains]=por')).toEqual(['B']);
    expect(await keysOf('filter[category][starts_with]=te')).toEqual(['C']);
    expect(await keysOf('filter[category][exists]=false')).toEqual(['D']);

    expect(await keysOf('filter[tags][contains]=b')).toEqual(['A', 'B']);
    expect(await keysOf('filter[tags][contains]=c')).toEqual(['C']);
    expect(await keysOf('filter[tags][contains]=zzz')).toEqual([]);
    expect(await keysOf('filter[tags][exists]=true')).toEqual(['A', 'B', 'C']);
    expect(await keysOf('filter[tags][exists]=false')).toEqual(['D', 'E']);
    for (const op of ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'starts_with']) {
      await rejects(`filter[tags][${op}]=a`);
    }
  });

  it('filters single and multiple references, and through them', async () => {
    const { ada, bob, cy } = people as Record<string, Doc>;
    expect(await keysOf(`filter[author][eq]=${ada?.id}`)).toEqual(['A']);
    expect(await keysOf(`filter[author][ne]=${ada?.id}`)).toEqual(['B', 'C', 'D', 'E']);
    expect(await keysOf(`filter[author][in]=${ada?.id},${bob?.id}`)).toEqual(['A', 'B']);
    expect(await keysOf(`filter[author][nin]=${ada?.id},${bob?.id}`)).toEqual(['C', 'D', 'E']);
    expect(await keysOf('filter[author][exists]=false')).toEqual(['D', 'E']);
    for (const op of ['gt', 'lt', 'contains', 'starts_with']) await rejects(`filter[author][${op}]=${ada?.id}`);

    expect(await keysOf(`filter[editors][contains]=${bob?.id}`)).toEqual(['A', 'B']);
    expect(await keysOf(`filter[editors][contains]=${cy?.id}`)).toEqual(['C']);
    expect(await keysOf('filter[editors][exists]=true')).toEqual(['A', 'B', 'C']);
    for (const op of ['eq', 'in', 'gt', 'starts_with']) await rejects(`filter[editors][${op}]=${bob?.id}`);

    expect(await keysOf('filter[author.name][eq]=Ada')).toEqual(['A']);
    expect(await keysOf('filter[author.name][ne]=Ada')).toEqual(['B', 'C']);
    expect(await keysOf('filter[author.name][starts_with]=b')).toEqual(['B']);
    expect(await keysOf('filter[author.country][eq]=uk')).toEqual(['A', 'C']);
    expect(await keysOf('filter[author.country][in]=us')).toEqual(['B']);
    expect(await keysOf(`filter[author.id][eq]=${cy?.id}`)).toEqual(['C']);
    expect(await keysOf('filter[editors.name][eq]=Bob')).toEqual(['A', 'B']);
    expect(await keysOf('filter[editors.name][contains]=y')).toEqual(['C']);
    expect(await keysOf('filter[editors.country][eq]=uk')).toEqual(['A', 'C']);
    expect(await keysOf('filter[author.name][eq]=Ada&filter[views][gt]=5')).toEqual(['A']);
    await rejects('filter[author.nope][eq]=x');
    await rejects('filter[author.pin][eq]=1234');
    await rejects('filter[author.password_hash][eq]=x');
    await rejects('filter[title.name][eq]=x');
    await rejects('filter[author.name.name][eq]=x');
    await rejects('filter[author.name][gt]=abc&filter[author.name][exists]=perhaps');
  });

  it('filters meta columns id, created_at, updated_at and published_at', async () => {
    const { A, B, C, D } = posts as Record<string, Doc>;
    expect(await keysOf(`filter[id][eq]=${A?.id}`)).toEqual(['A']);
    expect(await keysOf(`filter[id][ne]=${A?.id}`)).toEqual(['B', 'C', 'D', 'E']);
    expect(await keysOf(`filter[id][in]=${A?.id},${C?.id}`)).toEqual(['A', 'C']);
    expect(await keysOf(`filter[id][nin]=${A?.id},${C?.id}`)).toEqual(['B', 'D', 'E']);
    const sortedIds = Object.entries(posts)
      .map(([key, doc]) => [key, doc.id] as const)
      .sort((a, b) => (a[1] < b[1] ? -1 : 1));
    const third = sortedIds[2]?.[1];
    expect(await keysOf(`filter[id][gt]=${third}`)).toEqual(sortedIds.slice(3).map(([key]) => key));
    expect(await keysOf(`filter[id][lte]=${third}`)).toEqual(
      sortedIds
        .slice(0, 3)
        .map(([key]) => key)
        .sort(),
    );
    expect(await keysOf('filter[id][exists]=true')).toEqual(['A', 'B', 'C', 'D', 'E']);
    await rejects('filter[id][contains]=0');
    await rejects('filter[id][starts_with]=0');

    expect(await keysOf(`filter[created_at][eq]=${B?.created_at}`)).toEqual(['B']);
    expect(await keysOf(`filter[created_at][gt]=${B?.created_at}`)).toEqual(['C', 'D', 'E']);
    expect(await keysOf(`filter[created_at][gte]=${B?.created_at}`)).toEqual(['B', 'C', 'D', 'E']);
    expect(await keysOf(`filter[created_at][lt]=${B?.created_at}`)).toEqual(['A']);
    expect(await keysOf(`filter[created_at][lte]=${B?.created_at}`)).toEqual(['A', 'B']);
    expect(await keysOf(`filter[created_at][in]=${A?.created_at},${C?.created_at}`)).toEqual(['A', 'C']);
    // Any ISO form of the same instant matches.
    const sameInstant = B?.created_at.replace('.000Z', 'Z');
    expect(await keysOf(`filter[created_at][eq]=${sameInstant}`)).toEqual(['B']);
    await rejects('filter[created_at][gt]=abc');
    await rejects('filter[created_at][contains]=2026');
    await rejects('filter[updated_at][starts_with]=2026');

    // D was edited after everything else was created.
    expect(await keysOf(`filter[updated_at][gt]=${posts.E?.updated_at}`)).toEqual(['D']);
    expect(D?.updated_at).not.toBe(D?.created_at);

    expect(await keysOf('filter[published_at][exists]=true')).toEqual(['A', 'B', 'C']);
    expect(await keysOf('filter[published_at][exists]=false')).toEqual(['D', 'E']);
    expect(await keysOf(`filter[published_at][gt]=${A?.published_at}`)).toEqual(['B', 'C']);
    expect(await keysOf(`filter[published_at][ne]=${A?.published_at}`)).toEqual(['B', 'C', 'D', 'E']);
  });

  it('rejects json fields except exists, and unknown operators', async () => {
    expect(await keysOf('filter[meta][exists]=true')).toEqual(['A']);
    for (const op of ['eq', 'contains', 'gt', 'in']) await rejects(`filter[meta][${op}]=1`);
    await rejects('filter[title][like]=x');
    await rejects('filter[title][EQ]=x');
    await rejects('filter[title][eq][x]=x');
    await rejects('filter[title]][eq]=x');
    await rejects('filters=x');
  });

  it('answers 400 naming an unknown query parameter, and keeps every documented one', async () => {
    for (const name of ['sortt', 'filter', 'limits', 'populate_depth', 'Sort']) {
      const body = await rejects(`${name}=title`);
      expect(body.details).toEqual([{ path: name, message: 'is not allowed' }]);
      expect(body.message).toBe(`${name} is not allowed`);
    }
    const documented = [
      'locale=en',
      'populate=author',
      'depth=1',
      'fields=title',
      'status=draft',
      'sort=title',
      'page=1',
      'limit=5',
      'q=alpha',
      'filter[title][eq]=x',
      'filter[title]=x',
    ];
    const response = await call(t.app, owner, { method: 'GET', url: url(documented.join('&')) });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 400 for unknown, hidden and system names in filter, sort, fields and populate', async () => {
    const names = [
      'nope',
      'secret',
      'password_hash',
      'token_hash',
      'project_id',
      'collection_id',
      'deleted_at',
      'data',
      'published_data',
      'status',
      'created_by',
      // Names an object lookup would find on any plain object.
      'constructor',
      '__proto__',
      'tostring',
    ];
    for (const name of names) {
      await rejects(`filter[${name}][eq]=x`);
      await rejects(`filter[${name}][exists]=true`);
      await rejects(`sort=${name}`);
      await rejects(`sort=-${name}`);
      await rejects(`filter[author.${name}][eq]=x`);
      if (name !== 'secret') {
        await rejects(`fields=title,${name}`);
        await rejects(`populate=${name}`);
      }
    }
    // A member may read a hidden field but never filter, sort or search on it; a token may not even read it.
    await rejects('filter[secret][eq]=topsecret', reader);
    await rejects('sort=secret', reader);
    await rejects('fields=secret', reader);
    expect(await keysOf('q=topsecret')).toEqual([]);
    const asMember = await call(t.app, owner, {
      method: 'GET',
      url: url('fields=secret,title&filter[title]=Delta alpha'),
    });
    expect(asMember.json().data[0].data).toEqual({ secret: 'topsecret', title: 'Delta alpha' });
  });

  it('treats SQL in keys, values, sort, fields, populate, q, locale and cursor as data', async () => {
    const values = [
      "' OR 1=1 --",
      'x") OR 1=1',
      "Alpha' OR '1'='1",
      '1; DROP TABLE documents',
      "\\' OR 1=1 #",
      '%',
      '*',
    ];
    for (const value of values) {
      const encoded = encodeURIComponent(value);
      for (const query of [
        `filter[title][eq]=${encoded}`,
        `filter[title][ne]=${encoded}`,
        `filter[title][contains]=${encoded}`,
        `filter[title][in]=${encoded}`,
        `filter[author.name][eq]=${encoded}`,
        `filter[editors.name][eq]=${encoded}`,
        `filter[tags][contains]=${encoded}`,
        `filter[id][eq]=${encoded}`,
        `filter[author][eq]=${encoded}`,
      ]) {
        const response = await call(t.app, owner, { method: 'GET', url: url(query) });
        expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
        const keys = await keysOf(query);
        for (const key of keys) expect(key).not.toMatch(/^foreign:/);
        // The only values that match anything are the LIKE metacharacters, literally.
        if (query.includes('[ne]')) expect(keys).toEqual(['A', 'B', 'C', 'D', 'E']);
        else if (value === '%' && query.startsWith('filter[title][contains]')) expect(keys).toEqual(['D']);
        else expect(keys).toEqual([]);
      }
      for (const query of [
        `filter[views][eq]=${encoded}`,
        `filter[starts][gt]=${encoded}`,
        `filter[created_at][lt]=${encoded}`,
        `filter[featured][eq]=${encoded}`,
        `sort=${encoded}`,
        `sort=title,${encoded}`,
        `fields=${encoded}`,
        // `populate=*` and `locale=*` are the valid values here.
        ...(value === '*' ? [] : [`populate=${encoded}`, `locale=${encoded}`]),
        `cursor=${encoded}`,
        `depth=${encoded}`,
        `limit=${encoded}`,
      ]) {
        await rejects(query);
      }
      const search = await call(t.app, owner, { method: 'GET', url: url(`q=${encoded}`) });
      expect([200, 400], search.body).toContain(search.statusCode);
      if (search.statusCode === 200) expect(search.json().data).toEqual([]);
    }
    for (const key of [
      "filter[title' OR 1=1 --][eq]",
      'filter[title"][eq]',
      'filter[title") OR 1=1 --][eq]',
      "filter[title][eq' OR 1=1]",
      'filter[title;drop table documents][eq]',
      'filter[author.name"][eq]',
      'filter[author"."name][eq]',
      'filter[$.title][eq]',
      'filter[title.en][eq]',
      "filter[title][eq]'",
    ]) {
      await rejects(`${encodeURIComponent(key)}=x`);
    }
    expect(await keysOf('q=alpha')).toEqual(['A', 'E']);
    expect(await keysOf(`q=${encodeURIComponent('alpha" OR 1=1 --')}`)).toEqual([]);
    expect(await keysOf(`q=${encodeURIComponent('alpha NEAR(x y) OR beta*')}`)).toEqual([]);
  });

  it('never returns documents of another project', async () => {
    for (const query of [
      'filter[views][eq]=20',
      'filter[title][eq]=Leak',
      'filter[author.name][eq]=Ada',
      'filter[title][ne]=nothing',
      'q=leak',
      'sort=-created_at',
    ]) {
      const keys = await keysOf(query);
      for (const key of keys) expect(key).not.toMatch(/^foreign:/);
      const asReader = await keysOf(query, reader);
      for (const key of asReader) expect(key).not.toMatch(/^foreign:/);
    }
    expect(await keysOf('filter[author.name][eq]=Ada')).toEqual(['A']);
    // Our token cannot list the other project at all.
    const foreign = await call(t.app, reader, { method: 'GET', url: url('', 'posts', otherProjectId) });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
  });

  it('applies filters to published snapshots for a content:read token', async () => {
    expect(await keysOf('filter[views][eq]=20', reader)).toEqual(['B']);
    expect(await keysOf('filter[title][exists]=true', reader)).toEqual(['A', 'B', 'C']);
    expect(await keysOf('filter[author.name][eq]=Ada', reader)).toEqual(['A']);
    expect(await keysOf('q=alpha', reader)).toEqual(['A']);
  });
});
