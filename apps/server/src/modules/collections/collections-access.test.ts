import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createProject, createToken } from '../../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

describe('collections: who may read and write the model', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  let otherProjectId: string;
  const members: Record<string, Session> = {};
  const collections = (path = '') => `/api/v1/projects/${projectId}/collections${path}`;
  const components = (path = '') => `/api/v1/projects/${projectId}/components${path}`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    otherProjectId = await createProject(t.app, owner, { name: 'Other project' });
    for (const role of ['admin', 'editor', 'author', 'viewer']) {
      const member = await signUp(t.app);
      const added = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email: member.email, role },
      });
      if (added.statusCode !== 201) throw new Error(`adding ${role} failed: ${added.body}`);
      members[role] = member;
    }
    const card = await call(t.app, owner, {
      method: 'POST',
      url: components(),
      payload: {
        name: 'card',
        fields: [
          { name: 'heading', type: 'text' },
          { name: 'internal_note', type: 'text', hidden: true },
        ],
      },
    });
    expect(card.statusCode, card.body).toBe(201);
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'secret', type: 'text', hidden: true },
        { name: 'body', type: 'blocks', options: { components: ['card'] } },
      ],
    });
  });
  afterAll(async () => t.close());

  const member = (role: string) => {
    const session = role === 'owner' ? owner : members[role];
    if (!session) throw new Error(`no ${role}`);
    return session;
  };

  it.each(['owner', 'admin', 'editor', 'author', 'viewer'])(
    'lets the %s read the model, hidden fields included',
    async (role) => {
      const list = await call(t.app, member(role), { method: 'GET', url: collections() });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.map((collection: { slug: string }) => collection.slug)).toContain('articles');
      const one = await call(t.app, member(role), { method: 'GET', url: collections('/articles') });
      expect(one.statusCode).toBe(200);
      expect(one.json().data.fields.map((field: { name: string }) => field.name)).toEqual(['title', 'secret', 'body']);
      const componentList = await call(t.app, member(role), { method: 'GET', url: components() });
      expect(componentList.statusCode).toBe(200);
      const card = await call(t.app, member(role), { method: 'GET', url: components('/card') });
      expect(card.json().data.fields.map((field: { name: string }) => field.name)).toEqual([
        'heading',
        'internal_note',
      ]);
    },
  );

  it.each(['owner', 'admin'])('lets the %s write collections and components', async (role) => {
    const slug = `${role}_things`;
    const created = await call(t.app, member(role), {
      method: 'POST',
      url: collections(),
      payload: { slug, name: 'Things', fields: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const patched = await call(t.app, member(role), {
      method: 'PATCH',
      url: collections(`/${slug}`),
      payload: { name: 'Renamed' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await call(t.app, member(role), { method: 'DELETE', url: collections(`/${slug}`) })).statusCode).toBe(204);

    const name = `${role}_block`;
    const component = await call(t.app, member(role), {
      method: 'POST',
      url: components(),
      payload: { name, fields: [] },
    });
    expect(component.statusCode, component.body).toBe(201);
    const relabelled = await call(t.app, member(role), {
      method: 'PATCH',
      url: components(`/${name}`),
      payload: { label: 'Block' },
    });
    expect(relabelled.statusCode).toBe(200);
    expect((await call(t.app, member(role), { method: 'DELETE', url: components(`/${name}`) })).statusCode).toBe(204);
  });

  it.each(['editor', 'author', 'viewer'])('answers 403 when the %s writes the model', async (role) => {
    const session = member(role);
    const writes = [
      { method: 'POST' as const, url: collections(), payload: { slug: 'nope', name: 'Nope', fields: [] } },
      { method: 'PATCH' as const, url: collections('/articles'), payload: { name: 'Hacked' } },
      { method: 'DELETE' as const, url: collections('/articles') },
      { method: 'POST' as const, url: components(), payload: { name: 'nope', fields: [] } },
      { method: 'PATCH' as const, url: components('/card'), payload: { label: 'Hacked' } },
      { method: 'DELETE' as const, url: components('/card') },
    ];
    for (const write of writes) {
      expectError(await call(t.app, session, write), 403, 'FORBIDDEN');
    }
    const article = await call(t.app, owner, { method: 'GET', url: collections('/articles') });
    expect(article.json().data.name).toBe('Articles');
    expect((await call(t.app, owner, { method: 'GET', url: collections('/nope') })).statusCode).toBe(404);
    expect((await call(t.app, owner, { method: 'GET', url: components('/card') })).json().data.label).toBe('card');
  });

  it('lets a schema:read token read the model without hidden fields, but not write it', async () => {
    const token = await createToken(t.app, owner, projectId, ['schema:read']);
    const list = await call(t.app, token, { method: 'GET', url: collections() });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.find((collection: { slug: string }) => collection.slug === 'articles');
    expect(listed.fields.map((field: { name: string }) => field.name)).toEqual(['title', 'body']);
    const one = await call(t.app, token, { method: 'GET', url: collections('/articles') });
    expect(one.json().data.fields.map((field: { name: string }) => field.name)).toEqual(['title', 'body']);
    expect(one.body).not.toContain('secret');

    const card = await call(t.app, token, { method: 'GET', url: components('/card') });
    expect(card.statusCode).toBe(200);
    expect(card.json().data.fields.map((field: { name: string }) => field.name)).toEqual(['heading']);
    const componentList = await call(t.app, token, { method: 'GET', url: components() });
    expect(componentList.body).not.toContain('internal_note');

    expectError(
      await call(t.app, token, { method: 'POST', url: collections(), payload: { slug: 'x', name: 'X', fields: [] } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(t.app, token, { method: 'PATCH', url: collections('/articles'), payload: { name: 'X' } }),
      403,
      'FORBIDDEN',
    );
    expectError(await call(t.app, token, { method: 'DELETE', url: collections('/articles') }), 403, 'FORBIDDEN');
    expectError(
      await call(t.app, token, { method: 'POST', url: components(), payload: { name: 'x', fields: [] } }),
      403,
      'FORBIDDEN',
    );
    expectError(await call(t.app, token, { method: 'DELETE', url: components('/card') }), 403, 'FORBIDDEN');
  });

  it('lets a schema:write token write the model', async () => {
    const token = await createToken(t.app, owner, projectId, ['schema:write']);
    const created = await call(t.app, token, {
      method: 'POST',
      url: collections(),
      payload: { slug: 'token_made', name: 'Token made', fields: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call(t.app, token, { method: 'DELETE', url: collections('/token_made') })).statusCode).toBe(204);
  });

  it('answers 403 on model reads for a content:read token', async () => {
    const token = await createToken(t.app, owner, projectId, ['content:read']);
    for (const path of [collections(), collections('/articles'), components(), components('/card')]) {
      expectError(await call(t.app, token, { method: 'GET', url: path }), 403, 'FORBIDDEN');
    }
    expectError(
      await call(t.app, token, { method: 'POST', url: collections(), payload: { slug: 'x', name: 'X', fields: [] } }),
      403,
      'FORBIDDEN',
    );
  });

  it("answers 404 to another project's token and to non-members", async () => {
    const foreignToken = await createToken(t.app, owner, otherProjectId, ['schema:read', 'schema:write']);
    const stranger = await signUp(t.app);
    for (const credential of [foreignToken, stranger]) {
      for (const path of [collections(), collections('/articles'), components(), components('/card')]) {
        expectError(await call(t.app, credential, { method: 'GET', url: path }), 404, 'NOT_FOUND');
      }
      expectError(
        await call(t.app, credential, {
          method: 'POST',
          url: collections(),
          payload: { slug: 'x', name: 'X', fields: [] },
        }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await call(t.app, credential, { method: 'PATCH', url: collections('/articles'), payload: { name: 'X' } }),
        404,
        'NOT_FOUND',
      );
      expectError(await call(t.app, credential, { method: 'DELETE', url: components('/card') }), 404, 'NOT_FOUND');
    }
  });

  it('answers 401 without a credential', async () => {
    expectError(await call(t.app, null, { method: 'GET', url: collections() }), 401, 'UNAUTHENTICATED');
    expectError(await call(t.app, 'not-a-token', { method: 'GET', url: collections() }), 401, 'UNAUTHENTICATED');
  });
});
