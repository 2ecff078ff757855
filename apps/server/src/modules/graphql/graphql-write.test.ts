import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { graphql, graphqlData, graphqlErrors } from '../../test/graphql.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

interface Post {
  id: string;
  status: string;
  version: number;
  locale: string;
  title: string | null;
  views: number | null;
  secret?: string | null;
  author?: { name: string } | null;
}

const FIELDS = 'id status version locale title views author { name }';

describe('GraphQL mutations, scopes and roles, compared with REST', () => {
  let t: TestApp;
  let owner: Session;
  let author: Session;
  let viewer: Session;
  let reader: string;
  let preview: string;
  let writer: string;
  let projectId: string;
  let adaId: string;
  const base = () => `/api/v1/projects/${projectId}/collections/posts/documents`;

  const create = (credential: Session | string, data: Record<string, unknown>, locale?: string) =>
    graphql(
      t.app,
      credential,
      projectId,
      `mutation ($data: PostInput!, $locale: String) { createPost(data: $data, locale: $locale) { ${FIELDS} } }`,
      { data, ...(locale ? { locale } : {}) },
    );

  const join = async (role: string) => {
    const member = await signUp(t.app);
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email: member.email, role },
    });
    expect(response.statusCode, response.body).toBe(201);
    return member;
  };

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    author = await join('author');
    viewer = await join('viewer');
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    preview = await createToken(t.app, owner, projectId, ['content:preview']);
    writer = await createToken(t.app, owner, projectId, ['content:write']);
    await createCollection(t.app, owner, projectId, {
      slug: 'people',
      name: 'People',
      fields: [{ name: 'name', type: 'text', required: true }],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true, options: { max_length: 20 } },
        { name: 'views', type: 'integer', options: { min: 0 } },
        { name: 'author', type: 'reference', options: { collection: 'people' } },
        { name: 'secret', type: 'text', hidden: true },
      ],
    });
    adaId = (await createDocument(t.app, owner, projectId, 'people', { data: { name: 'Ada' }, status: 'published' }))
      .id;
  });
  afterAll(async () => t.close());

  it('creates, updates, publishes, unpublishes and deletes through the document operations REST uses', async () => {
    const created = await create(owner, { title: 'Hello', views: 1, author: adaId, secret: 's3' });
    expect(created.status, created.response.body).toBe(200);
    const post = (created.body.data as { createPost: Post }).createPost;
    expect(post).toMatchObject({ status: 'draft', version: 1, locale: 'en', title: 'Hello', author: { name: 'Ada' } });
    // REST reads what GraphQL wrote.
    const restDoc = (await call(t.app, owner, { method: 'GET', url: `${base()}/${post.id}` })).json().data;
    expect(restDoc).toMatchObject({ id: post.id, version: 1, data: { title: 'Hello', views: 1, secret: 's3' } });

    const UPDATE = `mutation ($id: ID!, $data: PostInput!, $locale: String, $version: Int) {
      updatePost(id: $id, data: $data, locale: $locale, version: $version) { ${FIELDS} }
    }`;
    const spanish = await graphqlData<{ updatePost: Post }>(t.app, owner, projectId, UPDATE, {
      id: post.id,
      data: { title: 'Hola' },
      locale: 'es',
      version: 1,
    });
    expect(spanish.updatePost).toMatchObject({ version: 2, locale: 'es', title: 'Hola', views: 1 });
    // null clears a value; omitted fields keep theirs.
    const cleared = await graphqlData<{ updatePost: Post }>(t.app, owner, projectId, UPDATE, {
      id: post.id,
      data: { views: null },
    });
    expect(cleared.updatePost).toMatchObject({ version: 3, title: 'Hello', views: null });
    const stale = await graphqlErrors(t.app, owner, projectId, UPDATE, { id: post.id, data: { views: 2 }, version: 1 });
    expect(stale.codes).toEqual(['CONFLICT']);
    expect(stale.status).toBe(200);
    // The mutation's type is Post!, so its failure leaves no data (GraphQL null propagation).
    expect(stale.body.data).toBeNull();

    const published = await graphqlData<{ publishPost: Post }>(
      t.app,
      owner,
      projectId,
      `mutation { publishPost(id: "${post.id}") { status published_at } }`,
    );
    expect(published.publishPost).toMatchObject({ status: 'published', published_at: expect.any(String) });
    const seen = await graphqlData<{ post: Post }>(t.app, reader, projectId, `{ post(id: "${post.id}") { title } }`);
    expect(seen.post.title).toBe('Hello');
    await graphqlData(t.app, owner, projectId, `mutation { unpublishPost(id: "${post.id}") { status } }`);
    const gone = await graphqlData<{ post: null }>(t.app, reader, projectId, `{ post(id: "${post.id}") { title } }`);
    expect(gone.post).toBeNull();

    const deleted = await graphqlData<{ deletePost: boolean }>(
      t.app,
      owner,
      projectId,
      `mutation { deletePost(id: "${post.id}") }`,
    );
    expect(deleted.deletePost).toBe(true);
    expect(
      (await graphqlData<{ post: null }>(t.app, owner, projectId, `{ post(id: "${post.id}") { id } }`)).post,
    ).toBeNull();
    const trash = await graphqlData<{ posts: { items: { id: string }[] } }>(
      t.app,
      owner,
      projectId,
      '{ posts(status: deleted) { items { id } } }',
    );
    expect(trash.posts.items.map((item) => item.id)).toEqual([post.id]);
    const again = await graphqlErrors(t.app, owner, projectId, `mutation { deletePost(id: "${post.id}") }`);
    expect(again.codes).toEqual(['NOT_FOUND']);
  });

  it('refuses invalid data with the same message and details as REST', async () => {
    for (const data of [{ title: 'x'.repeat(21) }, { views: -1 }, { views: 1 }, { title: 'Ok', author: 'nope' }]) {
      const rest = expectError(
        await call(t.app, owner, { method: 'POST', url: base(), payload: { data } }),
        400,
        'VALIDATION_FAILED',
      );
      const { errors } = await graphqlErrors(
        t.app,
        owner,
        projectId,
        `mutation ($data: PostInput!) { createPost(data: $data) { id } }`,
        { data },
      );
      expect(errors[0]?.message).toBe(rest.message);
      expect(errors[0]?.extensions).toEqual({ code: 'VALIDATION_FAILED', details: rest.details });
      expect(errors[0]?.path).toEqual(['createPost']);
    }
    // GraphQL's own typing catches what REST's schema catches.
    const typed = await graphqlErrors(
      t.app,
      owner,
      projectId,
      'mutation { createPost(data: { views: "many" }) { id } }',
    );
    expect(typed.status).toBe(400);
    expect(typed.codes).toEqual(['VALIDATION_FAILED']);
  });

  it('lets API tokens write with content:write only, as REST does, without hidden fields', async () => {
    for (const token of [reader, preview]) {
      const refused = await create(token, { title: 'Nope' });
      expect(refused.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      const rest = await call(t.app, token, { method: 'POST', url: base(), payload: { data: { title: 'Nope' } } });
      expect(refused.body.errors?.[0]?.message).toBe(expectError(rest, 403, 'FORBIDDEN').message);
    }
    const created = await create(writer, { title: 'By token' });
    const post = (created.body.data as { createPost: Post }).createPost;
    expect(post).toMatchObject({ title: 'By token', status: 'draft' });
    await graphqlData(t.app, writer, projectId, `mutation { publishPost(id: "${post.id}") { id } }`);
    await graphqlData(t.app, writer, projectId, `mutation { updatePost(id: "${post.id}", data: { views: 5 }) { id } }`);
    // content:preview reads the working copy; content:read the snapshot.
    const previewed = await graphqlData<{ post: Post }>(
      t.app,
      preview,
      projectId,
      `{ post(id: "${post.id}") { status views } }`,
    );
    expect(previewed.post).toEqual({ status: 'changed', views: 5 });
    const snapshot = await graphqlData<{ post: Post }>(
      t.app,
      reader,
      projectId,
      `{ post(id: "${post.id}") { status views } }`,
    );
    expect(snapshot.post).toEqual({ status: 'published', views: null });
    // The hidden field is not in the tokens' input type.
    const hidden = await graphqlErrors(
      t.app,
      writer,
      projectId,
      'mutation { createPost(data: { title: "x", secret: "y" }) { id } }',
    );
    expect(hidden.codes).toEqual(['VALIDATION_FAILED']);
    expect(hidden.errors[0]?.message).toContain('secret');
    await graphqlData(t.app, writer, projectId, `mutation { deletePost(id: "${post.id}") }`);
  });

  it('applies the member roles of REST: viewers read, authors change their own, editors publish', async () => {
    const byViewer = await create(viewer, { title: 'Viewer' });
    expect(byViewer.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(byViewer.body.errors?.[0]?.message).toBe('Your role (viewer) does not allow this action');
    const mine = ((await create(author, { title: 'Mine' })).body.data as { createPost: Post }).createPost;
    const theirs = ((await create(owner, { title: 'Theirs' })).body.data as { createPost: Post }).createPost;
    await graphqlData(t.app, author, projectId, `mutation { updatePost(id: "${mine.id}", data: { views: 1 }) { id } }`);
    const notMine = await graphqlErrors(
      t.app,
      author,
      projectId,
      `mutation { updatePost(id: "${theirs.id}", data: { views: 1 }) { id } }`,
    );
    expect(notMine.codes).toEqual(['FORBIDDEN']);
    expect(notMine.errors[0]?.message).toBe('Authors can only change documents they created');
    const publish = await graphqlErrors(t.app, author, projectId, `mutation { publishPost(id: "${mine.id}") { id } }`);
    expect(publish.codes).toEqual(['FORBIDDEN']);
    // Members (any role) read hidden fields and may introspect.
    const read = await graphqlData<{ post: Post }>(
      t.app,
      viewer,
      projectId,
      `{ post(id: "${mine.id}") { title secret } }`,
    );
    expect(read.post).toEqual({ title: 'Mine', secret: null });
  });

  it('runs mutations in order, stops at the first failure, and never by GET', async () => {
    const answer = await graphql(
      t.app,
      owner,
      projectId,
      `mutation {
        first: createPost(data: { title: "One" }) { title }
        broken: createPost(data: { title: "${'y'.repeat(30)}" }) { title }
        third: createPost(data: { title: "Three" }) { title }
      }`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.map((error) => [error.path, error.extensions.code])).toEqual([
      [['broken'], 'VALIDATION_FAILED'],
    ]);
    const titles = await graphqlData<{ posts: { items: { title: string }[] } }>(
      t.app,
      owner,
      projectId,
      '{ posts(filter: { title: { in: ["One", "Three"] } }) { items { title } } }',
    );
    expect(titles.posts.items).toEqual([{ title: 'One' }]);
    const viaGet = await graphql(
      t.app,
      owner,
      projectId,
      'mutation { createPost(data: { title: "Get" }) { id } }',
      undefined,
      {
        method: 'GET',
      },
    );
    expect(viaGet.status).toBe(405);
    expect(viaGet.response.headers.allow).toBe('POST');
    expect(viaGet.body.errors?.[0]?.message).toBe('A mutation must be sent with POST; GET runs queries only');
  });
});

describe('GraphQL and the delivery cache, ETags and quotas', () => {
  let t: TestApp;
  let owner: Session;
  let reader: string;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    await createCollection(t.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'title', type: 'text' }],
    });
  });
  afterAll(async () => t.close());

  it('answers from the cache until a publish, and the ETag follows', async () => {
    const query = '{ notes(sort: ["title"]) { total items { title } } }';
    const first = await graphql(t.app, reader, projectId, query, undefined, { method: 'GET' });
    expect(first.body.data).toEqual({ notes: { total: 0, items: [] } });
    const etag = first.response.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const unchanged = await graphql(t.app, reader, projectId, query, undefined, {
      method: 'GET',
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.status).toBe(304);

    const note = await createDocument(t.app, owner, projectId, 'notes', { data: { title: 'Draft' } });
    // A draft changes nothing for a content:read token, but the answer is computed again.
    const still = await graphql(t.app, reader, projectId, query, undefined, { method: 'GET' });
    expect(still.body.data).toEqual({ notes: { total: 0, items: [] } });
    await graphqlData(t.app, owner, projectId, `mutation { publishNote(id: "${note.id}") { id } }`);
    const after = await graphql(t.app, reader, projectId, query, undefined, {
      method: 'GET',
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual({ notes: { total: 1, items: [{ title: 'Draft' }] } });
    expect(after.response.headers.etag).not.toBe(etag);
    // The same through POST, and through REST.
    const posted = await graphqlData(t.app, reader, projectId, query);
    expect(posted).toEqual(after.body.data);
    await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/notes/documents/${note.id}`,
      payload: { data: { title: 'Edited' } },
    });
    await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/collections/notes/documents/${note.id}/publish`,
    });
    expect(await graphqlData(t.app, reader, projectId, query)).toEqual({
      notes: { total: 1, items: [{ title: 'Edited' }] },
    });
  });

  it('does not serve one caller’s cached answer to a caller with other scopes', async () => {
    const schemaOnly = await createToken(t.app, owner, projectId, ['schema:read']);
    const query = '{ notes { total } }';
    await graphqlData(t.app, reader, projectId, query);
    const refused = await graphqlErrors(t.app, schemaOnly, projectId, query);
    expect(refused.codes).toEqual(['FORBIDDEN']);
    expect(refused.body.data).toBeNull();
  });

  it('counts each GraphQL request of an API token against the quota, as REST requests', async () => {
    const rest = await call(t.app, reader, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/collections/notes/documents`,
    });
    const before = Number(rest.headers['x-quota-remaining']);
    const first = await graphql(t.app, reader, projectId, '{ notes { total } }');
    expect(Number(first.response.headers['x-quota-remaining'])).toBe(before - 1);
    const second = await graphql(t.app, reader, projectId, '{ nope }');
    expect(second.status).toBe(400);
    expect(Number(second.response.headers['x-quota-remaining'])).toBe(before - 2);
    // Members are not metered.
    const member = await graphql(t.app, owner, projectId, '{ notes { total } }');
    expect(member.response.headers['x-quota-remaining']).toBeUndefined();
  });
});
