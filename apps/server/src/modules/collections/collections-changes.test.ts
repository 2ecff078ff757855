import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject } from '../../test/content.js';
import {
  call,
  createTestApp,
  expectError,
  type Session,
  signUp,
  startTestServer,
  type TestApp,
} from '../../test/harness.js';

type FieldBody = Record<string, unknown> & { name: string };

describe('collections: model changes keep data', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const url = (path = '') => `/api/v1/projects/${projectId}/collections${path}`;
  const patchFields = (slug: string, fields: FieldBody[]) =>
    call(t.app, owner, { method: 'PATCH', url: url(`/${slug}`), payload: { fields } });
  const readDocument = async (slug: string, id: string, query = '') => {
    const response = await call(t.app, owner, { method: 'GET', url: url(`/${slug}/documents/${id}${query}`) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.data as Record<string, unknown>;
  };
  const fieldsOf = async (slug: string) =>
    (await call(t.app, owner, { method: 'GET', url: url(`/${slug}`) })).json().data.fields as FieldBody[];

  const title: FieldBody = { name: 'title', type: 'text', required: true };
  const code: FieldBody = { name: 'code', type: 'text' };
  let first: { id: string };
  let second: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, { slug: 'posts', name: 'Posts', fields: [title, code] });
    first = await createDocument(t.app, owner, projectId, 'posts', { data: { title: 'One', code: 'abc' } });
    second = await createDocument(t.app, owner, projectId, 'posts', { data: { title: 'Two', code: 'xyz' } });
    await createDocument(t.app, owner, projectId, 'posts', { data: { title: 'Three' } });
  });
  afterAll(async () => t.close());

  it('adds an optional field freely', async () => {
    const response = await patchFields('posts', [title, code, { name: 'summary', type: 'longtext' }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await readDocument('posts', first.id)).toEqual({ title: 'One', code: 'abc', summary: null });
  });

  it('adds a required field that has a default', async () => {
    const response = await patchFields('posts', [
      title,
      code,
      { name: 'summary', type: 'longtext' },
      { name: 'rating', type: 'integer', required: true, default: 3 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect((await fieldsOf('posts')).map((field) => field.name)).toEqual(['title', 'code', 'summary', 'rating']);
  });

  it('refuses a required field without default while documents exist', async () => {
    const response = await patchFields('posts', [title, code, { name: 'subtitle', type: 'text', required: true }]);
    const error = expectError(response, 409, 'CONFLICT');
    expect(error.message).toMatch(/\b3 documents\b/);
    expect((await fieldsOf('posts')).map((field) => field.name)).not.toContain('subtitle');
  });

  it('refuses making a field required when some documents lack it, and counts them', async () => {
    const response = await patchFields('posts', [title, { ...code, required: true }]);
    expect(expectError(response, 409, 'CONFLICT').message).toMatch(/\b1 document\b/);
  });

  it('refuses a type change that stored values violate, with the count of documents', async () => {
    const response = await patchFields('posts', [title, { name: 'code', type: 'integer' }]);
    const error = expectError(response, 409, 'CONFLICT');
    expect(error.message).toMatch(/\b2 documents\b/);
    expect(error.details).toEqual([{ path: 'fields.code', message: expect.stringContaining('2') }]);
    expect((await fieldsOf('posts')).find((field) => field.name === 'code')).toEqual(code);
    expect(await readDocument('posts', second.id)).toMatchObject({ code: 'xyz' });
  });

  it('refuses a new option that stored values violate', async () => {
    const response = await patchFields('posts', [title, { name: 'code', type: 'text', options: { max_length: 2 } }]);
    expect(expectError(response, 409, 'CONFLICT').message).toMatch(/\b2 documents\b/);
    const pattern = await patchFields('posts', [title, { name: 'code', type: 'text', options: { pattern: '^a' } }]);
    expect(expectError(pattern, 409, 'CONFLICT').message).toMatch(/\b1 document\b/);
  });

  it('accepts a change that the stored values fit', async () => {
    const response = await patchFields('posts', [
      title,
      { name: 'code', type: 'longtext', options: { max_length: 10 } },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await readDocument('posts', first.id)).toEqual({ title: 'One', code: 'abc' });
    const back = await patchFields('posts', [title, { name: 'code', type: 'slug' }]);
    expect(back.statusCode, back.body).toBe(200);
    expect(await readDocument('posts', second.id)).toEqual({ title: 'Two', code: 'xyz' });
  });

  it('keeps the values of a removed field and shows them again when it comes back', async () => {
    const removed = await patchFields('posts', [title]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await readDocument('posts', first.id)).toEqual({ title: 'One' });
    // Editing the document meanwhile does not drop the removed field's value.
    const edit = await call(t.app, owner, {
      method: 'PATCH',
      url: url(`/posts/documents/${first.id}`),
      payload: { data: { title: 'One edited' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const readded = await patchFields('posts', [title, code]);
    expect(readded.statusCode, readded.body).toBe(200);
    expect(await readDocument('posts', first.id)).toEqual({ title: 'One edited', code: 'abc' });
    expect(await readDocument('posts', second.id)).toEqual({ title: 'Two', code: 'xyz' });
  });

  it('checks the kept values when a removed field comes back with another type', async () => {
    expect((await patchFields('posts', [title])).statusCode).toBe(200);
    const response = await patchFields('posts', [title, { name: 'code', type: 'integer' }]);
    expect(expectError(response, 409, 'CONFLICT').message).toMatch(/\b2 documents\b/);
    expect((await patchFields('posts', [title, code])).statusCode).toBe(200);
  });

  it('refuses to toggle localized while documents hold values', async () => {
    const on = await patchFields('posts', [{ ...title, localized: true }, code]);
    const error = expectError(on, 409, 'CONFLICT');
    expect(error.message).toMatch(/\b3 documents\b/);
    expect(error.details?.[0]?.path).toBe('fields.title');

    await createCollection(t.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [{ name: 'heading', type: 'text', localized: true }],
    });
    const page = await createDocument(t.app, owner, projectId, 'pages', { data: { heading: 'Hello' } });
    const off = await patchFields('pages', [{ name: 'heading', type: 'text' }]);
    expect(expectError(off, 409, 'CONFLICT').message).toMatch(/\b1 document\b/);
    expect(await readDocument('pages', page.id)).toEqual({ heading: 'Hello' });
  });

  it('checks kept values when a removed field comes back with localized toggled', async () => {
    expect((await patchFields('pages', [])).statusCode).toBe(200);
    const response = await patchFields('pages', [{ name: 'heading', type: 'text' }]);
    expectError(response, 409, 'CONFLICT');
    expect((await patchFields('pages', [{ name: 'heading', type: 'text', localized: true }])).statusCode).toBe(200);
  });

  it('toggles localized freely when no document holds a value', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'tags',
      name: 'Tags',
      fields: [
        { name: 'label', type: 'text' },
        { name: 'note', type: 'text' },
      ],
    });
    await createDocument(t.app, owner, projectId, 'tags', { data: { label: 'x' } });
    const response = await patchFields('tags', [
      { name: 'label', type: 'text' },
      { name: 'note', type: 'text', localized: true },
    ]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses making a field unique while live documents share a value', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'products',
      name: 'Products',
      fields: [{ name: 'sku', type: 'text' }],
    });
    await createDocument(t.app, owner, projectId, 'products', { data: { sku: 'A-1' } });
    const twin = await createDocument(t.app, owner, projectId, 'products', { data: { sku: 'A-1' } });
    await createDocument(t.app, owner, projectId, 'products', { data: { sku: 'B-2' } });
    const response = await patchFields('products', [{ name: 'sku', type: 'text', unique: true }]);
    const error = expectError(response, 409, 'CONFLICT');
    expect(error.message).toMatch(/\b2 documents\b/);
    expect(error.details?.[0]?.path).toBe('fields.sku');

    const removed = await call(t.app, owner, { method: 'DELETE', url: url(`/products/documents/${twin.id}`) });
    expect(removed.statusCode).toBe(204);
    expect((await patchFields('products', [{ name: 'sku', type: 'text', unique: true }])).statusCode).toBe(200);
  });

  it('checks a component change against its instances in every collection that holds it, nested too', async () => {
    const components = `/api/v1/projects/${projectId}/components`;
    for (const component of [
      { name: 'stat', fields: [{ name: 'value', type: 'text' }] },
      { name: 'panel', fields: [{ name: 'items', type: 'blocks', options: { components: ['stat'] } }] },
    ]) {
      const response = await call(t.app, owner, { method: 'POST', url: components, payload: component });
      expect(response.statusCode, response.body).toBe(201);
    }
    await createCollection(t.app, owner, projectId, {
      slug: 'reports',
      name: 'Reports',
      fields: [{ name: 'body', type: 'blocks', options: { components: ['panel'] } }],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'cards',
      name: 'Cards',
      fields: [{ name: 'body', type: 'blocks', localized: true, options: { components: ['stat'] } }],
    });
    const panel = (value: string) => ({ _component: 'panel', items: [{ _component: 'stat', value }] });
    await createDocument(t.app, owner, projectId, 'reports', { data: { body: [panel('12')] } });
    await createDocument(t.app, owner, projectId, 'reports', { data: { body: [panel('many')] } });
    await createDocument(t.app, owner, projectId, 'reports', { data: { body: [] } });
    await createDocument(t.app, owner, projectId, 'cards', {
      data: { body: [{ _component: 'stat', value: 'x' }] },
      locale: 'es',
    });

    const toInteger = await call(t.app, owner, {
      method: 'PATCH',
      url: `${components}/stat`,
      payload: { fields: [{ name: 'value', type: 'integer', required: true }] },
    });
    const error = expectError(toInteger, 409, 'CONFLICT');
    expect(error.message).toMatch(/^3 documents would not fit the new model/);
    expect(error.details).toEqual([
      { path: 'fields.value', message: '3 document(s) hold values that would be invalid' },
    ]);
    const unchanged = await call(t.app, owner, { method: 'GET', url: `${components}/stat` });
    expect(unchanged.json().data.fields).toEqual([{ name: 'value', type: 'text' }]);

    // A new required field that no stored instance has is refused the same way; an optional one is free.
    const required = await call(t.app, owner, {
      method: 'PATCH',
      url: `${components}/stat`,
      payload: {
        fields: [
          { name: 'value', type: 'text' },
          { name: 'unit', type: 'text', required: true },
        ],
      },
    });
    expect(expectError(required, 409, 'CONFLICT').message).toMatch(/^3 documents/);
    const optional = await call(t.app, owner, {
      method: 'PATCH',
      url: `${components}/stat`,
      payload: {
        fields: [
          { name: 'value', type: 'text' },
          { name: 'unit', type: 'text' },
        ],
      },
    });
    expect(optional.statusCode, optional.body).toBe(200);
  });

  it('refuses a document write validated against a model that changed since', async () => {
    // A second instance on the same database still holds the model it read before the change.
    const otherServer = await startTestServer({
      config: t.config,
      database: t.database,
      worker: false,
      healthSamples: false,
    });
    const other = otherServer.app;
    try {
      await createCollection(t.app, owner, projectId, {
        slug: 'labels',
        name: 'Labels',
        fields: [{ name: 'label', type: 'text' }],
      });
      await createDocument(t.app, owner, projectId, 'labels', { data: { label: 'ok' } });
      const documents = url('/labels/documents');
      expect((await call(other, owner, { method: 'GET', url: documents })).statusCode).toBe(200);
      const tightened = await call(t.app, owner, {
        method: 'PATCH',
        url: url('/labels'),
        payload: { fields: [{ name: 'label', type: 'text', options: { max_length: 5 } }] },
      });
      expect(tightened.statusCode, tightened.body).toBe(200);

      const stale = await call(other, owner, {
        method: 'POST',
        url: documents,
        payload: { data: { label: 'far too long' } },
      });
      expect(expectError(stale, 409, 'CONFLICT').message).toMatch(/changed while this document was being saved/);
      // Its next try is checked against the model as it now is.
      const retried = await call(other, owner, {
        method: 'POST',
        url: documents,
        payload: { data: { label: 'far too long' } },
      });
      expect(expectError(retried, 400, 'VALIDATION_FAILED').details).toEqual([
        { path: 'data.label', message: 'must be at most 5 characters' },
      ]);
    } finally {
      await otherServer.close();
    }
  });
});

describe('collections: delete', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const url = (path = '') => `/api/v1/projects/${projectId}/collections${path}`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
  });
  afterAll(async () => t.close());

  it('refuses to delete a collection another collection refers to', async () => {
    await createCollection(t.app, owner, projectId, { slug: 'authors', name: 'Authors', fields: [] });
    await createCollection(t.app, owner, projectId, {
      slug: 'books',
      name: 'Books',
      fields: [{ name: 'author', type: 'reference', options: { collection: 'authors', multiple: true } }],
    });
    const response = await call(t.app, owner, { method: 'DELETE', url: url('/authors') });
    expect(expectError(response, 409, 'CONFLICT').message).toContain('books');
    const forced = await call(t.app, owner, { method: 'DELETE', url: url('/authors?force=true') });
    expectError(forced, 409, 'CONFLICT');
    expect((await call(t.app, owner, { method: 'GET', url: url('/authors') })).statusCode).toBe(200);
  });

  it('refuses to delete a collection a component refers to', async () => {
    await createCollection(t.app, owner, projectId, { slug: 'people', name: 'People', fields: [] });
    const component = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/components`,
      payload: { name: 'byline', fields: [{ name: 'person', type: 'reference', options: { collection: 'people' } }] },
    });
    expect(component.statusCode, component.body).toBe(201);
    const response = await call(t.app, owner, { method: 'DELETE', url: url('/people') });
    expect(expectError(response, 409, 'CONFLICT').message).toContain('byline');
  });

  it('deletes a collection that only refers to itself', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'folders',
      name: 'Folders',
      fields: [{ name: 'parent', type: 'reference', options: { collection: 'folders' } }],
    });
    expect((await call(t.app, owner, { method: 'DELETE', url: url('/folders') })).statusCode).toBe(204);
  });

  it('needs force to delete a collection with documents, and then trashes them, erasing nothing', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'text', type: 'text' }],
    });
    const note = await createDocument(t.app, owner, projectId, 'notes', { data: { text: 'keep me' } });
    const other = await createDocument(t.app, owner, projectId, 'notes', { data: { text: 'me too' } });
    const refused = await call(t.app, owner, { method: 'DELETE', url: url('/notes') });
    expect(expectError(refused, 409, 'CONFLICT').message).toMatch(/\b2 documents\b/);
    const notForced = await call(t.app, owner, { method: 'DELETE', url: url('/notes?force=false') });
    expectError(notForced, 409, 'CONFLICT');
    expect((await call(t.app, owner, { method: 'GET', url: url(`/notes/documents/${note.id}`) })).statusCode).toBe(200);

    const forced = await call(t.app, owner, { method: 'DELETE', url: url('/notes?force=true') });
    expect(forced.statusCode, forced.body).toBe(204);
    expectError(await call(t.app, owner, { method: 'GET', url: url('/notes') }), 404, 'NOT_FOUND');
    // Nothing is hard-deleted by a user action (DESIGN.md): the documents are in trash, with their history.
    const kept = await t.database.db
      .selectFrom('documents')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [note.id, other.id])
      .orderBy('id')
      .execute();
    expect(kept).toHaveLength(2);
    for (const row of kept) expect(row.deleted_at).not.toBeNull();
    const versions = await t.database.db
      .selectFrom('document_versions')
      .select('document_id')
      .where('document_id', 'in', [note.id, other.id])
      .execute();
    expect(versions).toHaveLength(2);
    // It comes back with the documents its deletion trashed.
    const restored = await call(t.app, owner, { method: 'POST', url: url('/notes/restore') });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ slug: 'notes', fields: [{ name: 'text', type: 'text' }] });
    const back = await call(t.app, owner, { method: 'GET', url: url('/notes/documents?sort=text') });
    expect(back.json().data.map((doc: { data: { text: string } }) => doc.data.text)).toEqual(['keep me', 'me too']);
    const found = await call(t.app, owner, { method: 'GET', url: url('/notes/documents?q=keep') });
    expect(found.json().data.map((doc: { id: string }) => doc.id)).toEqual([note.id]);
    expectError(await call(t.app, owner, { method: 'POST', url: url('/notes/restore') }), 404, 'NOT_FOUND');

    // Deleted again, its slug is free: a new collection with it starts empty, and blocks a restore.
    expect((await call(t.app, owner, { method: 'DELETE', url: url('/notes?force=true') })).statusCode).toBe(204);
    await createCollection(t.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'text', type: 'text' }],
    });
    const list = await call(t.app, owner, { method: 'GET', url: url('/notes/documents') });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(0);
    const search = await call(t.app, owner, { method: 'GET', url: url('/notes/documents?q=keep') });
    expect(search.json().data).toEqual([]);
    expectError(await call(t.app, owner, { method: 'POST', url: url('/notes/restore') }), 409, 'CONFLICT');
    expectError(await call(t.app, owner, { method: 'POST', url: url('/nothing/restore') }), 404, 'NOT_FOUND');
  });

  it('restores only the documents the collection deletion trashed', async () => {
    await createCollection(t.app, owner, projectId, { slug: 'drafts', name: 'Drafts', fields: [] });
    const kept = await createDocument(t.app, owner, projectId, 'drafts', { data: {} });
    const binned = await createDocument(t.app, owner, projectId, 'drafts', { data: {} });
    expect(
      (await call(t.app, owner, { method: 'DELETE', url: url(`/drafts/documents/${binned.id}`) })).statusCode,
    ).toBe(204);
    expect((await call(t.app, owner, { method: 'DELETE', url: url('/drafts?force=true') })).statusCode).toBe(204);
    expect((await call(t.app, owner, { method: 'POST', url: url('/drafts/restore') })).statusCode).toBe(200);
    const live = await call(t.app, owner, { method: 'GET', url: url('/drafts/documents') });
    expect(live.json().data.map((doc: { id: string }) => doc.id)).toEqual([kept.id]);
    const trash = await call(t.app, owner, { method: 'GET', url: url('/drafts/documents?status=deleted') });
    expect(trash.json().data.map((doc: { id: string }) => doc.id)).toEqual([binned.id]);
  });

  it('refuses an invalid force value', async () => {
    await createCollection(t.app, owner, projectId, { slug: 'misc', name: 'Misc', fields: [] });
    expectError(
      await call(t.app, owner, { method: 'DELETE', url: url('/misc?force=maybe') }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
