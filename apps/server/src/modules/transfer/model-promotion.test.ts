import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject } from '../../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

type Change = { op: string; collection?: string; component?: string; field?: string; affected_documents: number };

describe('model promotion: diff and apply between two projects', () => {
  let t: TestApp;
  let owner: Session;
  let staging: string;
  let production: string;
  const title = { name: 'title', type: 'text', required: true };
  const code = { name: 'code', type: 'text' };

  const diff = (into: string, from: string, session = owner) =>
    call(t.app, session, { method: 'GET', url: `/api/v1/projects/${into}/model/diff?from=${from}` });
  const apply = (into: string, from: string, dryRun?: boolean, session = owner) =>
    call(t.app, session, {
      method: 'POST',
      url: `/api/v1/projects/${into}/model/apply`,
      payload: { from, ...(dryRun === undefined ? {} : { dry_run: dryRun }) },
    });
  const changesOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { changes: Change[] } }).data.changes.map(
      ({ op, collection, component, field, affected_documents }) => ({
        op,
        ...(collection ? { collection } : {}),
        ...(component ? { component } : {}),
        ...(field ? { field } : {}),
        affected_documents,
      }),
    );
  };
  const modelOf = async (projectId: string) => {
    const collections = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/collections` });
    const components = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/components` });
    const strip = <T extends { created_at?: string; updated_at?: string }>({
      created_at: _c,
      updated_at: _u,
      ...rest
    }: T) => rest;
    return {
      collections: (collections.json().data as { slug: string; created_at?: string; updated_at?: string }[]).map(strip),
      components: (components.json().data as { name: string; created_at?: string; updated_at?: string }[]).map(strip),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    staging = await createProject(t.app, owner);
    production = await createProject(t.app, owner);
    // Production: posts(title, code, legacy) with documents; pages with none.
    await createCollection(t.app, owner, production, {
      slug: 'posts',
      name: 'Posts',
      fields: [title, code, { name: 'legacy', type: 'text' }],
    });
    await createCollection(t.app, owner, production, { slug: 'pages', name: 'Pages', fields: [title] });
    await createDocument(t.app, owner, production, 'posts', { data: { title: 'One', code: 'abcdef', legacy: 'x' } });
    await createDocument(t.app, owner, production, 'posts', { data: { title: 'Two' } });
    // Staging: posts gains summary, loses legacy, code gets longer limits; authors is new; pages gone.
    const card = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${staging}/components`,
      payload: { name: 'card', fields: [{ name: 'heading', type: 'text' }] },
    });
    expect(card.statusCode, card.body).toBe(201);
    await createCollection(t.app, owner, staging, {
      slug: 'posts',
      name: 'Blog posts',
      fields: [title, { ...code, options: { max_length: 10 } }, { name: 'summary', type: 'longtext' }],
    });
    await createCollection(t.app, owner, staging, {
      slug: 'authors',
      name: 'Authors',
      fields: [
        { name: 'name', type: 'text' },
        { name: 'blocks', type: 'blocks', options: { components: ['card'] } },
      ],
    });
  });
  afterAll(async () => t.close());

  it('lists what would make this model equal to the other, with the documents each change touches', async () => {
    expect(changesOf(await diff(production, staging))).toEqual([
      { op: 'add_component', component: 'card', affected_documents: 0 },
      { op: 'add_collection', collection: 'authors', affected_documents: 0 },
      { op: 'change_collection', collection: 'posts', affected_documents: 0 },
      { op: 'change_field', collection: 'posts', field: 'code', affected_documents: 1 },
      { op: 'add_field', collection: 'posts', field: 'summary', affected_documents: 0 },
      { op: 'remove_field', collection: 'posts', field: 'legacy', affected_documents: 1 },
      { op: 'remove_collection', collection: 'pages', affected_documents: 0 },
    ]);
    const body = (await diff(production, staging)).json().data.changes as Record<string, unknown>[];
    expect(body.find((change) => change.field === 'code')).toMatchObject({
      before: code,
      after: { ...code, options: { max_length: 10 } },
    });
    expect(body.find((change) => change.op === 'change_collection')).toMatchObject({
      before: { name: 'Posts', field_order: ['title', 'code', 'legacy'] },
      after: { name: 'Blog posts', field_order: ['title', 'code', 'summary'] },
    });
  });

  it('changes nothing on a dry run', async () => {
    const before = await modelOf(production);
    expect(changesOf(await apply(production, staging, true))).toHaveLength(7);
    expect(await modelOf(production)).toEqual(before);
  });

  it('refuses a change stored documents would break with a 409 naming them, and applies nothing', async () => {
    const tooLong = await createDocument(t.app, owner, production, 'posts', {
      data: { title: 'Long', code: 'much longer than ten' },
    });
    const before = await modelOf(production);
    const response = await apply(production, staging);
    expectError(response, 409, 'CONFLICT');
    expect(response.json().message).toContain(tooLong.id);
    expect(response.json().details).toEqual([
      { path: 'collections.posts.fields.code', message: `documents ${tooLong.id} would not fit` },
    ]);
    // The dry run checks the same.
    expectError(await apply(production, staging, true), 409, 'CONFLICT');
    expect(await modelOf(production)).toEqual(before);
    // Trashed documents count too (as for any model edit): the value itself must change.
    const fixed = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${production}/collections/posts/documents/${tooLong.id}`,
      payload: { data: { code: 'short' } },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('refuses to remove a collection that holds live documents', async () => {
    const page = await createDocument(t.app, owner, production, 'pages', { data: { title: 'About' } });
    const response = await apply(production, staging);
    expectError(response, 409, 'CONFLICT');
    expect(response.json().details).toContainEqual({
      path: 'collections.pages',
      message: `documents ${page.id} would not fit`,
    });
    const removed = await call(t.app, owner, {
      method: 'DELETE',
      url: `/api/v1/projects/${production}/collections/pages/documents/${page.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
  });

  it('applies every change in one go, after which the models are equal and the documents kept', async () => {
    const changes = changesOf(await apply(production, staging));
    expect(changes.map((change) => change.op)).toEqual([
      'add_component',
      'add_collection',
      'change_collection',
      'change_field',
      'add_field',
      'remove_field',
      'remove_collection',
    ]);
    expect(changesOf(await diff(production, staging))).toEqual([]);
    const [productionModel, stagingModel] = await Promise.all([modelOf(production), modelOf(staging)]);
    expect(productionModel).toEqual(stagingModel);
    const list = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${production}/collections/posts/documents`,
    });
    expect(
      list
        .json()
        .data.map((document: { data: { title: string } }) => document.data.title)
        .sort(),
    ).toEqual(['Long', 'One', 'Two']);
    // A second apply has nothing left to do.
    expect(changesOf(await apply(production, staging))).toEqual([]);
  });

  it('needs owner or admin of both projects, and does not reveal a project the caller cannot see', async () => {
    const stranger = await signUp(t.app);
    const ownOther = await createProject(t.app, stranger);
    // Not a member of the other project: the same 404 as for a project that does not exist.
    expectError(await diff(ownOther, staging, stranger), 404, 'NOT_FOUND');
    expectError(await apply(ownOther, staging, false, stranger), 404, 'NOT_FOUND');
    expectError(await diff(ownOther, 'no-such-project', stranger), 404, 'NOT_FOUND');
    for (const role of ['editor', 'author'] as const) {
      const member = await signUp(t.app);
      const added = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${staging}/members`,
        payload: { email: member.email, role },
      });
      expect(added.statusCode, added.body).toBe(201);
      const mine = await createProject(t.app, member);
      // Owner here, editor or author there; and the reverse.
      expectError(await diff(mine, staging, member), 403, 'FORBIDDEN');
      expectError(await apply(mine, staging, false, member), 403, 'FORBIDDEN');
      expectError(await apply(staging, mine, false, member), 403, 'FORBIDDEN');
    }
    const admin = await signUp(t.app);
    const added = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${staging}/members`,
      payload: { email: admin.email, role: 'admin' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const adminsOwn = await createProject(t.app, admin);
    expect(changesOf(await diff(adminsOwn, staging, admin)).length).toBeGreaterThan(0);
  });
});
