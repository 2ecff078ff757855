import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

/** Who may do what with documents: roles, token scopes, hidden fields, other projects. */
describe('documents: access', () => {
  let t: TestApp;
  let owner: Session;
  let editor: Session;
  let author: Session;
  let otherAuthor: Session;
  let viewer: Session;
  let stranger: Session;
  let projectId: string;
  let otherProjectId: string;
  const docs = (project = projectId) => `/api/v1/projects/${project}/collections/articles/documents`;

  async function addMember(role: string): Promise<Session> {
    const member = await signUp(t.app);
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email: member.email, role },
    });
    expect(response.statusCode, response.body).toBe(201);
    return member;
  }

  const create = (credential: Session | string, payload: Record<string, unknown>) =>
    call(t.app, credential, { method: 'POST', url: docs(), payload });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    otherProjectId = await createProject(t.app, owner, { name: 'Other', locales: ['en'], default_locale: 'en' });
    for (const project of [projectId, otherProjectId]) {
      await createCollection(t.app, owner, project, {
        slug: 'articles',
        name: 'Articles',
        fields: [
          { name: 'title', type: 'text', required: true },
          { name: 'secret', type: 'text', hidden: true },
          { name: 'internal_code', type: 'text', hidden: true, required: true, default: 'none' },
        ],
      });
    }
    editor = await addMember('editor');
    author = await addMember('author');
    otherAuthor = await addMember('author');
    viewer = await addMember('viewer');
    stranger = await signUp(t.app);
  });
  afterAll(async () => t.close());

  it('lets viewers read but not write', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Read me' } });
    expect((await call(t.app, viewer, { method: 'GET', url: `${docs()}/${doc.id}` })).statusCode).toBe(200);
    expect((await call(t.app, viewer, { method: 'GET', url: docs() })).statusCode).toBe(200);
    expectError(await create(viewer, { data: { title: 'No' } }), 403, 'FORBIDDEN');
    expectError(
      await call(t.app, viewer, { method: 'PATCH', url: `${docs()}/${doc.id}`, payload: { data: { title: 'No' } } }),
      403,
      'FORBIDDEN',
    );
    expectError(await call(t.app, viewer, { method: 'DELETE', url: `${docs()}/${doc.id}` }), 403, 'FORBIDDEN');
    expectError(await call(t.app, viewer, { method: 'POST', url: `${docs()}/${doc.id}/publish` }), 403, 'FORBIDDEN');
    const after = await call(t.app, owner, { method: 'GET', url: `${docs()}/${doc.id}` });
    expect(after.json().data).toMatchObject({ version: 1, status: 'draft', data: { title: 'Read me' } });
  });

  it('lets authors change only their own documents and never publish', async () => {
    const own = await createDocument(t.app, author, projectId, 'articles', { data: { title: 'Mine' } });
    expect(own.created_by).toBe(author.userId);
    const others = await createDocument(t.app, otherAuthor, projectId, 'articles', { data: { title: 'Theirs' } });
    const byOwner = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Owner' } });

    const edited = await call(t.app, author, {
      method: 'PATCH',
      url: `${docs()}/${own.id}`,
      payload: { data: { title: 'Mine, edited' } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ updated_by: author.userId, data: { title: 'Mine, edited' } });

    for (const target of [others, byOwner]) {
      expectError(
        await call(t.app, author, {
          method: 'PATCH',
          url: `${docs()}/${target.id}`,
          payload: { data: { title: 'X' } },
        }),
        403,
        'FORBIDDEN',
      );
      expectError(await call(t.app, author, { method: 'DELETE', url: `${docs()}/${target.id}` }), 403, 'FORBIDDEN');
      // Reading is fine: authors read all content.
      expect((await call(t.app, author, { method: 'GET', url: `${docs()}/${target.id}` })).statusCode).toBe(200);
    }
    expect((await call(t.app, owner, { method: 'GET', url: `${docs()}/${others.id}` })).json().data.data.title).toBe(
      'Theirs',
    );

    expectError(await call(t.app, author, { method: 'POST', url: `${docs()}/${own.id}/publish` }), 403, 'FORBIDDEN');
    expectError(await call(t.app, author, { method: 'POST', url: `${docs()}/${own.id}/unpublish` }), 403, 'FORBIDDEN');
    expectError(await create(author, { data: { title: 'Live now' }, status: 'published' }), 403, 'FORBIDDEN');
    const total = await call(t.app, owner, { method: 'GET', url: `${docs()}?filter[title][eq]=Live now` });
    expect(total.json().meta.total).toBe(0);

    const deleted = await call(t.app, author, { method: 'DELETE', url: `${docs()}/${own.id}` });
    expect(deleted.statusCode).toBe(204);
    const restored = await call(t.app, author, { method: 'POST', url: `${docs()}/${own.id}/restore` });
    expect(restored.statusCode).toBe(200);
    await call(t.app, owner, { method: 'DELETE', url: `${docs()}/${others.id}` });
    expectError(await call(t.app, author, { method: 'POST', url: `${docs()}/${others.id}/restore` }), 403, 'FORBIDDEN');
  });

  it('lets editors change anyone’s documents and publish', async () => {
    const byAuthor = await createDocument(t.app, author, projectId, 'articles', { data: { title: 'Draft by author' } });
    const edited = await call(t.app, editor, {
      method: 'PATCH',
      url: `${docs()}/${byAuthor.id}`,
      payload: { data: { title: 'Edited by editor' } },
    });
    expect(edited.statusCode).toBe(200);
    const published = await call(t.app, editor, { method: 'POST', url: `${docs()}/${byAuthor.id}/publish` });
    expect(published.statusCode).toBe(200);
    expect(published.json().data.status).toBe('published');
    const unpublished = await call(t.app, editor, { method: 'POST', url: `${docs()}/${byAuthor.id}/unpublish` });
    expect(unpublished.json().data.status).toBe('draft');
    const direct = await create(editor, { data: { title: 'Editor live' }, status: 'published' });
    expect(direct.statusCode).toBe(201);
    expect(direct.json().data.status).toBe('published');
    expect((await call(t.app, editor, { method: 'DELETE', url: `${docs()}/${byAuthor.id}` })).statusCode).toBe(204);
  });

  it('gives API tokens exactly their scopes', async () => {
    const writer = await createToken(t.app, owner, projectId, ['content:write']);
    const reader = await createToken(t.app, owner, projectId, ['content:read']);
    const mediaOnly = await createToken(t.app, owner, projectId, ['media:read']);

    const created = await create(writer, { data: { title: 'By token' } });
    expect(created.statusCode, created.body).toBe(201);
    const doc = created.json().data;
    expect(doc).toMatchObject({ created_by: null, status: 'draft' });
    const updated = await call(t.app, writer, {
      method: 'PATCH',
      url: `${docs()}/${doc.id}`,
      payload: { data: { title: 'By token, edited' } },
    });
    expect(updated.statusCode).toBe(200);
    const published = await call(t.app, writer, { method: 'POST', url: `${docs()}/${doc.id}/publish` });
    expect(published.json().data.status).toBe('published');
    const directly = await create(writer, { data: { title: 'Token live' }, status: 'published' });
    expect(directly.json().data.status).toBe('published');
    // content:write also edits documents people created.
    const byAuthor = await createDocument(t.app, author, projectId, 'articles', { data: { title: 'Person' } });
    const onPerson = await call(t.app, writer, {
      method: 'PATCH',
      url: `${docs()}/${byAuthor.id}`,
      payload: { data: { title: 'Person, by token' } },
    });
    expect(onPerson.statusCode).toBe(200);

    for (const token of [reader, mediaOnly]) {
      expectError(await create(token, { data: { title: 'No' } }), 403, 'FORBIDDEN');
      expectError(
        await call(t.app, token, { method: 'PATCH', url: `${docs()}/${doc.id}`, payload: { data: { title: 'No' } } }),
        403,
        'FORBIDDEN',
      );
      expectError(await call(t.app, token, { method: 'DELETE', url: `${docs()}/${doc.id}` }), 403, 'FORBIDDEN');
      expectError(await call(t.app, token, { method: 'POST', url: `${docs()}/${doc.id}/publish` }), 403, 'FORBIDDEN');
      expectError(await call(t.app, token, { method: 'POST', url: `${docs()}/${doc.id}/unpublish` }), 403, 'FORBIDDEN');
      expectError(await call(t.app, token, { method: 'POST', url: `${docs()}/${doc.id}/restore` }), 403, 'FORBIDDEN');
    }
    expect((await call(t.app, reader, { method: 'GET', url: `${docs()}/${doc.id}` })).statusCode).toBe(200);
    expectError(await call(t.app, mediaOnly, { method: 'GET', url: `${docs()}/${doc.id}` }), 403, 'FORBIDDEN');
    const current = await call(t.app, owner, { method: 'GET', url: `${docs()}/${doc.id}` });
    expect(current.json().data).toMatchObject({ status: 'published', data: { title: 'By token, edited' } });
  });

  it('never shows hidden fields to tokens nor lets tokens write them', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Hidden', secret: 'classified' },
      status: 'published',
    });
    expect(created.data).toMatchObject({ secret: 'classified', internal_code: 'none' });
    const writer = await createToken(t.app, owner, projectId, ['content:write']);
    const reader = await createToken(t.app, owner, projectId, ['content:read']);
    const previewer = await createToken(t.app, owner, projectId, ['content:preview']);

    for (const token of [reader, previewer, writer]) {
      for (const query of ['', '?locale=*', '?status=published']) {
        const read = await call(t.app, token, { method: 'GET', url: `${docs()}/${created.id}${query}` });
        expect(read.statusCode).toBe(200);
        expect(read.json().data.data).toEqual({ title: 'Hidden' });
      }
      const list = await call(t.app, token, { method: 'GET', url: `${docs()}?filter[id][eq]=${created.id}` });
      expect(list.json().data[0].data).toEqual({ title: 'Hidden' });
      expectError(
        await call(t.app, token, { method: 'GET', url: `${docs()}/${created.id}?fields=title,secret` }),
        400,
        'VALIDATION_FAILED',
      );
    }

    const write = await call(t.app, writer, {
      method: 'PATCH',
      url: `${docs()}/${created.id}`,
      payload: { data: { secret: 'leaked' } },
    });
    const refused = expectError(write, 400, 'VALIDATION_FAILED');
    expect(refused.details?.[0]?.path).toBe('data.secret');
    const createHidden = await create(writer, { data: { title: 'T', secret: 'x' } });
    expect(expectError(createHidden, 400, 'VALIDATION_FAILED').details?.[0]?.path).toBe('data.secret');

    // A token's own write answers without hidden fields and keeps the hidden values it cannot see.
    const tokenEdit = await call(t.app, writer, {
      method: 'PATCH',
      url: `${docs()}/${created.id}`,
      payload: { data: { title: 'Hidden, edited' } },
    });
    expect(tokenEdit.json().data.data).toEqual({ title: 'Hidden, edited' });
    const tokenCreate = await create(writer, { data: { title: 'Token doc' } });
    expect(tokenCreate.statusCode).toBe(201);
    expect(tokenCreate.json().data.data).toEqual({ title: 'Token doc' });
    const asOwner = await call(t.app, owner, { method: 'GET', url: `${docs()}/${created.id}` });
    expect(asOwner.json().data.data).toEqual({ title: 'Hidden, edited', secret: 'classified', internal_code: 'none' });
    const ownersView = await call(t.app, owner, { method: 'GET', url: `${docs()}/${tokenCreate.json().data.id}` });
    expect(ownersView.json().data.data).toMatchObject({ internal_code: 'none' });
  });

  it('answers 404 on every document path to other projects’ tokens and to non-members', async () => {
    const doc = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Private' },
      status: 'published',
    });
    const foreignToken = await createToken(t.app, owner, otherProjectId, [
      'content:read',
      'content:preview',
      'content:write',
    ]);
    const id = doc.id;
    const requests = [
      { method: 'GET', url: docs() },
      { method: 'POST', url: docs(), payload: { data: { title: 'x' } } },
      { method: 'GET', url: `${docs()}/${id}` },
      { method: 'PATCH', url: `${docs()}/${id}`, payload: { data: { title: 'x' } } },
      { method: 'DELETE', url: `${docs()}/${id}` },
      { method: 'POST', url: `${docs()}/${id}/restore` },
      { method: 'POST', url: `${docs()}/${id}/publish` },
      { method: 'POST', url: `${docs()}/${id}/unpublish` },
    ] as const;
    for (const credential of [foreignToken, stranger]) {
      for (const request of requests) {
        const response = await call(t.app, credential, { ...request });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expectError(response, 404, 'NOT_FOUND');
      }
    }
    // The document id under the other project's own path is not found either.
    const viaOwnPath = await call(t.app, foreignToken, { method: 'GET', url: `${docs(otherProjectId)}/${id}` });
    expectError(viaOwnPath, 404, 'NOT_FOUND');
    const patchViaOwnPath = await call(t.app, foreignToken, {
      method: 'PATCH',
      url: `${docs(otherProjectId)}/${id}`,
      payload: { data: { title: 'x' } },
    });
    expectError(patchViaOwnPath, 404, 'NOT_FOUND');
    const after = await call(t.app, owner, { method: 'GET', url: `${docs()}/${id}` });
    expect(after.json().data).toMatchObject({ version: 1, status: 'published', data: { title: 'Private' } });
    expectError(await call(t.app, null, { method: 'GET', url: `${docs()}/${id}` }), 401, 'UNAUTHENTICATED');
  });
});
