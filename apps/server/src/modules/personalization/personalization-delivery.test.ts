import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { graphql, graphqlData } from '../../test/graphql.js';
import { call, createTestApp, type Session, signUp, type TestApp } from '../../test/harness.js';

describe('personalization: variants and delivery', () => {
  let t: TestApp;
  let owner: Session;
  let author: Session;
  let projectId: string;
  let reader: string;
  let writer: string;
  let article: { id: string };
  let other: { id: string };
  const docs = (path = '') => `/api/v1/projects/${projectId}/collections/articles/documents${path}`;
  const variants = (id: string, audience = '') => docs(`/${id}/variants${audience ? `/${audience}` : ''}`);
  const get = (credential: Session | string, url: string, headers: Record<string, string> = {}) =>
    call(t.app, credential, { method: 'GET', url, headers });
  const put = (credential: Session | string, url: string, payload: object) =>
    call(t.app, credential, { method: 'PUT', url, payload });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    author = await signUp(t.app);
    projectId = await createProject(t.app, owner, { name: 'Shop', locales: ['en', 'es'], default_locale: 'en' });
    await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email: author.email, role: 'author' },
    });
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    writer = await createToken(t.app, owner, projectId, ['content:read', 'content:preview', 'content:write']);
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'tagline', type: 'text' },
        { name: 'views', type: 'integer' },
        { name: 'related', type: 'reference', options: { collection: 'articles' } },
        { name: 'note', type: 'text', hidden: true },
      ],
    });
    const audience = (key: string, priority: number, rules: object[], match = 'all') =>
      call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/audiences`,
        payload: { key, name: key, priority, match, rules },
      });
    await audience('france', 10, [{ attribute: 'country', op: 'eq', value: 'FR' }]);
    await audience('mobile', 20, [{ attribute: 'device', op: 'eq', value: 'mobile' }]);
    await audience('pro', 30, [{ attribute: 'custom.plan', op: 'eq', value: 'pro' }]);
    await audience(
      'campaign',
      40,
      [
        { attribute: 'utm_campaign', op: 'exists', value: true },
        { attribute: 'referrer', op: 'contains', value: 'news' },
      ],
      'any',
    );
    article = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Hello', tagline: 'Plain', views: 1 },
      status: 'published',
    });
    await call(t.app, owner, {
      method: 'PATCH',
      url: docs(`/${article.id}`),
      payload: { data: { title: 'Hola' }, locale: 'es' },
    });
    await call(t.app, owner, { method: 'POST', url: docs(`/${article.id}/publish`) });
    other = await createDocument(t.app, author, projectId, 'articles', { data: { title: 'Other' } });
  });
  afterAll(async () => t.close());

  it('validates variants like an edit of the document', async () => {
    const bad = await put(owner, variants(article.id, 'france'), { data: { nope: 1, views: 'many' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(
      bad
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['data.nope', 'data.views']);
    const dangling = await put(owner, variants(article.id, 'france'), { data: { related: '0000nothing' } });
    expect(dangling.statusCode).toBe(400);
    expect(dangling.json().details[0].path).toBe('data.related');
    // Hidden fields do not exist for API tokens.
    const hidden = await put(writer, variants(article.id, 'france'), { data: { note: 'x' } });
    expect(hidden.statusCode).toBe(400);
    expect((await put(owner, variants(article.id, 'france'), { data: { title: 'x' }, locale: 'de' })).statusCode).toBe(
      400,
    );
    expect((await put(owner, variants(article.id, 'france'), { data: {}, extra: 1 })).statusCode).toBe(400);
    expect((await put(owner, variants(article.id, 'nobody'), { data: { title: 'x' } })).statusCode).toBe(404);
    expect((await put(owner, variants('0000missing', 'france'), { data: { title: 'x' } })).statusCode).toBe(404);
    // Who may edit the document may edit its variants: not delivery tokens, not authors on others' documents.
    expect((await put(reader, variants(article.id, 'france'), { data: { title: 'x' } })).statusCode).toBe(403);
    expect((await put(author, variants(article.id, 'france'), { data: { title: 'x' } })).statusCode).toBe(403);
    expect((await put(author, variants(other.id, 'france'), { data: { title: 'Autre' } })).statusCode).toBe(201);
    // Nothing was written by the refusals.
    const list = await get(owner, variants(article.id));
    expect(list.json().data).toEqual([]);
  });

  it('writes overrides per locale, shared fields once, and lists them', async () => {
    const created = await put(owner, variants(article.id, 'france'), { data: { title: 'Bonjour', tagline: 'Chic' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      audience: 'france',
      locale: 'en',
      data: { title: 'Bonjour', tagline: 'Chic' },
      published_data: null,
    });
    const spanish = await put(owner, variants(article.id, 'france'), {
      data: { title: 'Bonjour (es)', tagline: 'Chic' },
      locale: 'es',
    });
    expect(spanish.statusCode).toBe(200);
    const all = await get(owner, `${variants(article.id)}?locale=*`);
    expect(all.json().data[0].data).toEqual({ title: { en: 'Bonjour', es: 'Bonjour (es)' }, tagline: 'Chic' });
    expect((await put(writer, variants(article.id, 'mobile'), { data: { views: 99 } })).statusCode).toBe(201);
    const list = await get(writer, variants(article.id));
    expect(list.json().data.map((variant: { audience: string }) => variant.audience)).toEqual(['france', 'mobile']);
    // Readers of published content only never read working overrides.
    expect((await get(reader, variants(article.id))).statusCode).toBe(403);
  });

  it('delivers the named audience’s variant with meta.audience, and nothing unasked', async () => {
    const plain = await get(owner, docs(`/${article.id}`));
    expect(plain.json().data.data).toMatchObject({ title: 'Hello', tagline: 'Plain', views: 1 });
    expect(plain.json().meta).toBeUndefined();
    const french = await get(owner, docs(`/${article.id}?audience=france`));
    expect(french.json().data.data).toMatchObject({ title: 'Bonjour', tagline: 'Chic', views: 1 });
    expect(french.json().meta).toEqual({ audience: 'france' });
    const spanish = await get(owner, docs(`/${article.id}?audience=france&locale=es`));
    expect(spanish.json().data.data.title).toBe('Bonjour (es)');
    const none = await get(owner, docs(`/${article.id}?audience=pro`));
    expect(none.json().data.data.title).toBe('Hello');
    expect(none.json().meta).toEqual({ audience: null });
    const unknown = await get(owner, docs(`/${article.id}?audience=nobody`));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].path).toBe('audience');
  });

  it('picks by visitor attributes (query or header): the first matching audience with a variant', async () => {
    const byQuery = await get(owner, docs(`/${article.id}?visitor[country]=FR&visitor[device]=mobile`));
    expect(byQuery.json().meta.audience).toBe('france');
    expect(byQuery.json().data.data.title).toBe('Bonjour');
    const byHeader = await get(owner, docs(`/${article.id}`), { 'x-plinth-visitor': 'country=DE;device=mobile' });
    expect(byHeader.json().meta.audience).toBe('mobile');
    expect(byHeader.json().data.data).toMatchObject({ title: 'Hello', views: 99 });
    expect(byHeader.headers.vary).toMatch(/x-plinth-visitor/i);
    const nobody = await get(owner, docs(`/${article.id}?visitor[country]=DE`));
    expect(nobody.json().meta.audience).toBeNull();
    expect(nobody.json().data.data.title).toBe('Hello');
    // Custom attributes, and `any`: one rule of two is enough.
    await put(owner, variants(article.id, 'pro'), { data: { tagline: 'For pros' } });
    await put(owner, variants(article.id, 'campaign'), { data: { tagline: 'From the newsletter' } });
    expect((await get(owner, docs(`/${article.id}?visitor[custom.plan]=pro`))).json().meta.audience).toBe('pro');
    expect(
      (await get(owner, docs(`/${article.id}`), { 'x-plinth-visitor': 'referrer=https%3A%2F%2Fnews.example' })).json()
        .meta.audience,
    ).toBe('campaign');
    expect((await get(owner, docs(`/${article.id}?visitor[utm_campaign]=may`))).json().data.data.tagline).toBe(
      'From the newsletter',
    );
    const bad = await get(owner, docs(`/${article.id}?visitor[planet]=mars`));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('visitor[planet]');
  });

  it('tries audiences by ascending priority', async () => {
    const visitor = '?visitor[country]=FR&visitor[device]=mobile';
    const patch = (priority: number) =>
      call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${projectId}/audiences/mobile`,
        payload: { priority },
      });
    expect((await patch(5)).statusCode).toBe(200);
    expect((await get(owner, docs(`/${article.id}${visitor}`))).json().meta.audience).toBe('mobile');
    await patch(20);
    expect((await get(owner, docs(`/${article.id}${visitor}`))).json().meta.audience).toBe('france');
  });

  it('personalizes lists document by document', async () => {
    const list = await get(owner, docs('?visitor[country]=FR&sort=created_at'));
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.meta.audience).toBe('france');
    expect(body.data.map((doc: { data: { title: string } }) => doc.data.title)).toEqual(['Bonjour', 'Autre']);
    const plain = await get(owner, docs('?sort=created_at'));
    expect(plain.json().meta.audience).toBeUndefined();
    expect(plain.json().data.map((doc: { data: { title: string } }) => doc.data.title)).toEqual(['Hello', 'Other']);
  });

  it('personalizes GraphQL reads by audience or visitor, as REST does', async () => {
    const one = await graphqlData<{ article: { title: string; tagline: string } }>(
      t.app,
      owner,
      projectId,
      `query ($id: ID!, $visitor: VisitorInput) { article(id: $id, visitor: $visitor) { title tagline } }`,
      { id: article.id, visitor: { country: 'FR', device: 'mobile' } },
    );
    expect(one.article).toEqual({ title: 'Bonjour', tagline: 'Chic' });
    const custom = await graphqlData<{ article: { tagline: string } }>(
      t.app,
      owner,
      projectId,
      `{ article(id: "${article.id}", visitor: { custom: [{ name: "plan", value: "pro" }] }) { tagline } }`,
    );
    expect(custom.article.tagline).toBe('For pros');
    const list = await graphqlData<{ articles: { items: { title: string }[] } }>(
      t.app,
      owner,
      projectId,
      '{ articles(audience: "france", sort: ["created_at"]) { items { title } } }',
    );
    expect(list.articles.items.map((item) => item.title)).toEqual(['Bonjour', 'Autre']);
    const plain = await graphqlData<{ article: { title: string } }>(
      t.app,
      owner,
      projectId,
      `{ article(id: "${article.id}") { title } }`,
    );
    expect(plain.article.title).toBe('Hello');
    const unknown = await graphql(
      t.app,
      owner,
      projectId,
      `{ article(id: "${article.id}", audience: "nobody") { title } }`,
    );
    expect(unknown.body.errors?.[0]?.message).toMatch(/audience/);
  });

  it('gives content:read tokens published variants only, from the next publish on', async () => {
    const before = await get(reader, docs(`/${article.id}?visitor[country]=FR`));
    expect(before.json().data.data.title).toBe('Hello');
    expect(before.json().meta.audience).toBeNull();
    const published = await call(t.app, owner, { method: 'POST', url: docs(`/${article.id}/publish`) });
    expect(published.statusCode).toBe(200);
    const after = await get(reader, docs(`/${article.id}?visitor[country]=FR`));
    expect(after.json().data.data).toMatchObject({ title: 'Bonjour', tagline: 'Chic' });
    expect(after.json().meta.audience).toBe('france');
    const listed = await get(reader, docs('?audience=france'));
    expect(listed.json().data.map((doc: { data: { title: string } }) => doc.data.title)).toEqual(['Bonjour']);

    // A later edit of the variant stays in the working copy until the next publish.
    await put(owner, variants(article.id, 'france'), { data: { title: 'Salut', tagline: 'Chic' } });
    expect((await get(reader, docs(`/${article.id}?audience=france`))).json().data.data.title).toBe('Bonjour');
    expect((await get(owner, docs(`/${article.id}?audience=france`))).json().data.data.title).toBe('Salut');
    expect((await get(owner, docs(`/${article.id}?audience=france&status=published`))).json().data.data.title).toBe(
      'Bonjour',
    );
    const shown = await get(owner, variants(article.id, ''));
    expect(shown.json().data[0]).toMatchObject({ data: { title: 'Salut' }, published_data: { title: 'Bonjour' } });

    // Unpublishing withdraws them; publishing again brings the current ones.
    await call(t.app, owner, { method: 'POST', url: docs(`/${article.id}/unpublish`) });
    expect((await get(reader, docs(`/${article.id}?audience=france`))).statusCode).toBe(404);
    expect((await get(owner, variants(article.id))).json().data[0].published_data).toBeNull();
    await call(t.app, owner, { method: 'POST', url: docs(`/${article.id}/publish`) });
    expect((await get(reader, docs(`/${article.id}?audience=france`))).json().data.data.title).toBe('Salut');
  });

  it('caches per audience, never per visitor, and never mixes audiences', async () => {
    const url = docs(`/${article.id}`);
    const first = await get(reader, url, { 'x-plinth-visitor': 'country=FR;device=desktop' });
    t.queries.length = 0;
    const second = await get(reader, `${url}?visitor[country]=fr&visitor[device]=tablet`);
    expect(second.json().meta.audience).toBe('france');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // The second visitor got the first one's cached answer: no document or variant was read.
    expect(t.queries.filter((query) => /documents|document_variants|audiences/.test(query))).toEqual([]);
    const revalidated = await get(reader, `${url}?visitor[country]=FR`, {
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);

    const mobile = await get(reader, url, { 'x-plinth-visitor': 'device=mobile' });
    expect(mobile.json().meta.audience).toBe('mobile');
    expect(mobile.json().data.data.title).toBe('Hello');
    expect(mobile.headers.etag).not.toBe(first.headers.etag);
    const notMine = await get(reader, url, {
      'x-plinth-visitor': 'device=mobile',
      'if-none-match': String(first.headers.etag),
    });
    expect(notMine.statusCode).toBe(200);
    expect(notMine.json().meta.audience).toBe('mobile');
    const plain = await get(reader, url);
    expect(plain.json().meta).toBeUndefined();
    expect(plain.headers.etag).not.toBe(first.headers.etag);
    expect(plain.headers.vary).toMatch(/x-plinth-visitor/i);
    // Again, from the cache: still each its own.
    expect((await get(reader, `${url}?visitor[country]=FR`)).json().data.data.title).toBe('Salut');
    expect((await get(reader, url, { 'x-plinth-visitor': 'device=mobile' })).json().data.data.title).toBe('Hello');
  });

  it('deletes a variant: delivery drops it at once', async () => {
    expect((await call(t.app, owner, { method: 'DELETE', url: variants(article.id, 'france') })).statusCode).toBe(204);
    expect((await call(t.app, owner, { method: 'DELETE', url: variants(article.id, 'france') })).statusCode).toBe(404);
    const read = await get(reader, docs(`/${article.id}?visitor[country]=FR`));
    expect(read.json().meta.audience).toBeNull();
    expect(read.json().data.data.title).toBe('Hello');
    // Deleting an audience deletes its variants.
    await call(t.app, owner, { method: 'DELETE', url: `/api/v1/projects/${projectId}/audiences/mobile` });
    const left = await get(owner, variants(article.id));
    expect(left.json().data.map((variant: { audience: string }) => variant.audience)).toEqual(['pro', 'campaign']);
  });
});
