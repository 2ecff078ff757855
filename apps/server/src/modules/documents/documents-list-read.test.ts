import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

interface Doc {
  id: string;
  status: string;
  data: Record<string, unknown>;
}

describe('documents list: projection, populate, search, locales, ETag and snapshots', () => {
  let t: TestApp;
  let owner: Session;
  let reader: string;
  let projectId: string;
  const ids: Record<string, string> = {};
  const base = (collection: string) => `/api/v1/projects/${projectId}/collections/${collection}/documents`;
  const get = async (path: string, credential: Session | string = owner) => {
    const response = await call(t.app, credential, { method: 'GET', url: path });
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return response.json() as { data: Doc[]; meta: { total: number } };
  };
  const one = async (path: string, credential: Session | string = owner) =>
    (await get(path, credential)) as unknown as { data: Doc };
  const rejects = async (path: string, credential: Session | string = owner) =>
    expectError(await call(t.app, credential, { method: 'GET', url: path }), 400, 'VALIDATION_FAILED');
  const patch = async (collection: string, id: string, payload: Record<string, unknown>) => {
    const response = await call(t.app, owner, { method: 'PATCH', url: `${base(collection)}/${id}`, payload });
    expect(response.statusCode, response.body).toBe(200);
  };
  const titles = (body: { data: Doc[] }) => body.data.map((doc) => doc.data.title).sort();

  beforeAll(async () => {
    // The job worker's polling would add to the counted statements.
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    await createCollection(t.app, owner, projectId, {
      slug: 'continents',
      name: 'Continents',
      fields: [{ name: 'name', type: 'text', required: true }],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'countries',
      name: 'Countries',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'continent', type: 'reference', options: { collection: 'continents' } },
      ],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'people',
      name: 'People',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'country', type: 'reference', options: { collection: 'countries' } },
        { name: 'pin', type: 'text', hidden: true },
      ],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'slug', type: 'slug', options: { from: 'title' } },
        { name: 'body', type: 'richtext', localized: true },
        { name: 'views', type: 'integer' },
        { name: 'author', type: 'reference', options: { collection: 'people' } },
        { name: 'editors', type: 'reference', options: { collection: 'people', multiple: true } },
        { name: 'secret', type: 'text', hidden: true },
      ],
    });
    const create = async (key: string, collection: string, body: Record<string, unknown>) => {
      ids[key] = (await createDocument(t.app, owner, projectId, collection, body)).id;
      return ids[key] as string;
    };
    await create('europe', 'continents', { data: { name: 'Europe' }, status: 'published' });
    await create('spain', 'countries', { data: { name: 'Spain', continent: ids.europe }, status: 'published' });
    await create('ada', 'people', { data: { name: 'Ada', country: ids.spain, pin: '1' }, status: 'published' });
    await create('bob', 'people', { data: { name: 'Bob', country: ids.spain }, status: 'published' });
    await create('drafty', 'people', { data: { name: 'Drafty' } });
    await create('quantum', 'posts', {
      data: {
        title: 'Quantum physics',
        body: '<p>Particles <b>entangle</b></p>',
        author: ids.ada,
        editors: [ids.ada, ids.bob, ids.drafty],
        secret: 'classified',
      },
      status: 'published',
    });
    await patch('posts', ids.quantum as string, {
      data: { title: 'Física cuántica', body: '<p>Partículas</p>' },
      locale: 'es',
    });
    await call(t.app, owner, { method: 'POST', url: `${base('posts')}/${ids.quantum}/publish` });
    await create('solar', 'posts', { data: { title: 'Solar energy', author: ids.drafty }, status: 'published' });
    await create('draft', 'posts', { data: { title: 'Draft only zeppelin', author: ids.bob } });
    await create('edited', 'posts', { data: { title: 'Original wording', views: 1 }, status: 'published' });
    await patch('posts', ids.edited as string, { data: { title: 'Rewritten walrus', views: 2 } });
    // The author's name changes after publishing too: readers keep the snapshot.
    await patch('people', ids.bob as string, { data: { name: 'Robert' } });
  });
  afterAll(async () => t.close());

  it('projects fields', async () => {
    const body = await get(`${base('posts')}?fields=title,slug`);
    expect(body.data.length).toBe(4);
    for (const doc of body.data) expect(Object.keys(doc.data).sort()).toEqual(['slug', 'title']);
    const quantum = body.data.find((doc) => doc.id === ids.quantum);
    expect(quantum?.data).toEqual({ title: 'Quantum physics', slug: 'quantum-physics' });
    const single = await one(`${base('posts')}/${ids.quantum}?fields=views`);
    expect(single.data.data).toEqual({ views: null });
    await rejects(`${base('posts')}?fields=title,nope`);
    await rejects(`${base('posts')}?fields=secret`, reader);
    await rejects(`${base('posts')}/${ids.quantum}?fields=password_hash`);
    expect((await get(`${base('posts')}?fields=secret`)).data[0]?.data).toHaveProperty('secret');
  });

  it('populates references to depth 1, 2 and 3', async () => {
    const plain = (await one(`${base('posts')}/${ids.quantum}`)).data;
    expect(plain.data.author).toBe(ids.ada);
    expect(plain.data.editors).toEqual([ids.ada, ids.bob, ids.drafty]);

    const depth1 = (await one(`${base('posts')}/${ids.quantum}?populate=author`)).data;
    const author = depth1.data.author as Doc;
    expect(author).toMatchObject({ id: ids.ada, collection: 'people', data: { name: 'Ada', country: ids.spain } });
    expect(depth1.data.editors).toEqual([ids.ada, ids.bob, ids.drafty]);

    const all = (await one(`${base('posts')}/${ids.quantum}?populate=*`)).data;
    expect((all.data.author as Doc).id).toBe(ids.ada);
    expect((all.data.editors as Doc[]).map((doc) => doc.data.name)).toEqual(['Ada', 'Robert', 'Drafty']);
    expect((all.data.editors as Doc[])[0]?.data.country).toBe(ids.spain);

    const depth2 = (await one(`${base('posts')}/${ids.quantum}?populate=author&depth=2`)).data;
    const country2 = (depth2.data.author as Doc).data.country as Doc;
    expect(country2).toMatchObject({ id: ids.spain, data: { name: 'Spain', continent: ids.europe } });

    const depth3 = (await one(`${base('posts')}/${ids.quantum}?populate=author&depth=3`)).data;
    const country3 = (depth3.data.author as Doc).data.country as Doc;
    expect(country3.data.continent).toMatchObject({ id: ids.europe, data: { name: 'Europe' } });

    // The same through a list.
    const listed = await get(`${base('posts')}?populate=author,editors&depth=2&filter[id][eq]=${ids.quantum}`);
    const listedAuthor = listed.data[0]?.data.author as Doc;
    expect((listedAuthor.data.country as Doc).data.continent).toBe(ids.europe);
    // Drafty has no country.
    const editorCountries = ((listed.data[0]?.data.editors ?? []) as Doc[]).map(
      (doc) => (doc.data.country as Doc | null)?.id,
    );
    expect(editorCountries).toEqual([ids.spain, ids.spain, undefined]);

    for (const depth of ['0', '4', '-1', 'abc', '1.5'])
      await rejects(`${base('posts')}?populate=author&depth=${depth}`);
    await rejects(`${base('posts')}?populate=title`);
    await rejects(`${base('posts')}?populate=nope`);
    await rejects(`${base('posts')}/${ids.quantum}?populate=author,nope`);
  });

  it('populates with published snapshots for a content:read token', async () => {
    const body = await one(`${base('posts')}/${ids.quantum}?populate=*&depth=2`, reader);
    expect((body.data.data.author as Doc).data).toEqual({
      name: 'Ada',
      country: expect.objectContaining({ id: ids.spain }),
    });
    // Drafty was never published; Bob was renamed after publishing.
    expect((body.data.data.editors as Doc[]).map((doc) => doc.data.name)).toEqual(['Ada', 'Bob']);
    const solar = await one(`${base('posts')}/${ids.solar}?populate=author`, reader);
    expect(solar.data.data.author).toBeNull();
  });

  it('issues the same number of SQL statements for 5 and 50 documents with populate', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'author', type: 'reference', options: { collection: 'people' } },
        { name: 'editors', type: 'reference', options: { collection: 'people', multiple: true } },
        { name: 'country', type: 'reference', options: { collection: 'countries' } },
      ],
    });
    const people = [ids.ada, ids.bob, ids.drafty] as string[];
    for (let i = 0; i < 50; i++) {
      await createDocument(t.app, owner, projectId, 'notes', {
        data: {
          title: `Note ${i}`,
          author: people[i % 3],
          editors: [people[(i + 1) % 3], people[(i + 2) % 3]],
          country: ids.spain,
        },
      });
    }
    const count = async (limit: number) => {
      const path = `${base('notes')}?populate=*&depth=3&limit=${limit}&sort=title`;
      await get(path); // warm-up (index creation, caches)
      t.queries.length = 0;
      const body = await get(path);
      expect(body.data).toHaveLength(limit);
      expect((body.data.at(-1)?.data.author as Doc | undefined)?.data.name).toEqual(expect.any(String));
      return t.queries.length;
    };
    const five = await count(5);
    const fifty = await count(50);
    expect(five).toBeGreaterThan(0);
    expect(fifty).toBe(five);
  });

  it('searches with q in the chosen locale, published words only for readers', async () => {
    expect(titles(await get(`${base('posts')}?q=quantum`))).toEqual(['Quantum physics']);
    expect(titles(await get(`${base('posts')}?q=quant`))).toEqual(['Quantum physics']);
    expect(titles(await get(`${base('posts')}?q=entangle`))).toEqual(['Quantum physics']);
    expect(titles(await get(`${base('posts')}?q=${encodeURIComponent('QUANTUM Physics')}`))).toEqual([
      'Quantum physics',
    ]);
    expect(titles(await get(`${base('posts')}?q=${encodeURIComponent('quantum energy')}`))).toEqual([]);
    expect((await get(`${base('posts')}?q=${encodeURIComponent('física')}`)).data).toEqual([]);
    expect(titles(await get(`${base('posts')}?q=${encodeURIComponent('física')}&locale=es`))).toEqual([
      'Física cuántica',
    ]);
    // The Spanish body replaces the English one (the slug, not localized, is shared).
    expect((await get(`${base('posts')}?q=entangle&locale=es`)).data).toEqual([]);
    expect(titles(await get(`${base('posts')}?q=quantum&locale=es`))).toEqual(['Física cuántica']);
    // Falls back to the default locale where a document has no Spanish text.
    expect(titles(await get(`${base('posts')}?q=solar&locale=es`))).toEqual(['Solar energy']);
    // Hidden fields are never searchable.
    expect((await get(`${base('posts')}?q=classified`)).data).toEqual([]);

    expect(titles(await get(`${base('posts')}?q=zeppelin`))).toEqual(['Draft only zeppelin']);
    expect((await get(`${base('posts')}?q=zeppelin`, reader)).data).toEqual([]);
    expect(titles(await get(`${base('posts')}?q=walrus`))).toEqual(['Rewritten walrus']);
    expect((await get(`${base('posts')}?q=walrus`, reader)).data).toEqual([]);
    expect(titles(await get(`${base('posts')}?q=original`, reader))).toEqual(['Original wording']);
    for (const q of ['', '***', '"', '-']) await rejects(`${base('posts')}?q=${encodeURIComponent(q)}`);
  });

  it('falls back to the default locale in lists', async () => {
    const spanish = await get(`${base('posts')}?locale=es&sort=created_at`);
    expect(spanish.data.map((doc) => doc.data.title)).toEqual([
      'Física cuántica',
      'Solar energy',
      'Draft only zeppelin',
      'Rewritten walrus',
    ]);
    expect(spanish.data.every((doc) => (doc as unknown as { locale: string }).locale === 'es')).toBe(true);
    const every = await get(`${base('posts')}?locale=*&filter[id][eq]=${ids.quantum}`);
    expect(every.data[0]?.data.title).toEqual({ en: 'Quantum physics', es: 'Física cuántica' });
    const french = await get(`${base('posts')}?locale=fr&filter[id][eq]=${ids.quantum}&populate=author`);
    expect(french.data[0]?.data.title).toBe('Quantum physics');
    const filtered = await get(`${base('posts')}?locale=es&filter[title][eq]=${encodeURIComponent('Física cuántica')}`);
    expect(filtered.data.map((doc) => doc.id)).toEqual([ids.quantum]);
    await rejects(`${base('posts')}?locale=xx`);
    await rejects(`${base('posts')}?locale=${encodeURIComponent("en' OR 1=1")}`);
  });

  it('answers ETag and 304 on lists and single reads, and the ETag follows updates', async () => {
    for (const path of [`${base('posts')}?sort=created_at`, `${base('posts')}/${ids.edited}`]) {
      const first = await call(t.app, owner, { method: 'GET', url: path });
      const tag = first.headers.etag as string;
      expect(tag).toBeTruthy();
      const again = await call(t.app, owner, { method: 'GET', url: path, headers: { 'if-none-match': tag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await call(t.app, owner, { method: 'GET', url: path, headers: { 'if-none-match': 'W/"nope"' } });
      expect(other.statusCode).toBe(200);
      await patch('posts', ids.edited as string, { data: { views: Math.floor(Math.random() * 1000) + 10 } });
      const changed = await call(t.app, owner, { method: 'GET', url: path, headers: { 'if-none-match': tag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(tag);
    }
  });

  it('gives a content:read token published snapshots only', async () => {
    const body = await get(`${base('posts')}?sort=created_at`, reader);
    expect(body.meta.total).toBe(3);
    expect(body.data.map((doc) => doc.data.title)).toEqual(['Quantum physics', 'Solar energy', 'Original wording']);
    expect(body.data.every((doc) => doc.status === 'published')).toBe(true);
    for (const doc of body.data) expect(doc.data).not.toHaveProperty('secret');
    expect(body.data[2]?.data.views).toBe(1);
    expect(
      (await get(`${base('posts')}?filter[title][eq]=${encodeURIComponent('Rewritten walrus')}`, reader)).data,
    ).toEqual([]);
    expect((await get(`${base('posts')}?filter[views][eq]=1`, reader)).data.map((doc) => doc.id)).toEqual([ids.edited]);
    expect((await get(`${base('posts')}?filter[views][eq]=1`)).data).toEqual([]);
    const single = await one(`${base('posts')}/${ids.edited}`, reader);
    expect(single.data.data.title).toBe('Original wording');
    const draft = await call(t.app, reader, { method: 'GET', url: `${base('posts')}/${ids.draft}` });
    expect(draft.statusCode).toBe(404);
    const asDrafts = await call(t.app, reader, { method: 'GET', url: `${base('posts')}?status=draft` });
    expect(asDrafts.statusCode).toBe(403);
    // Through a reference, the reader matches the author's published name only.
    expect((await get(`${base('posts')}?filter[author.name][eq]=Robert`, reader)).data).toEqual([]);
    expect((await get(`${base('posts')}?filter[author.name][eq]=Robert`)).data.map((doc) => doc.id)).toEqual([
      ids.draft,
    ]);
  });
});
