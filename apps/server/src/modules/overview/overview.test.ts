import type { ProjectOverview } from '@plinth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken, uploadAsset } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.js';

describe(`project overview (${dialectName})`, () => {
  const time = createTestClock();
  let t: TestApp;
  let owner: Session;
  let viewer: Session;
  let projectId: string;

  const api = (suffix: string) => `/api/v1/projects/${projectId}${suffix}`;
  const ok = async (promise: Promise<LightMyRequestResponse>, status = 200) => {
    const response = await promise;
    expect(response.statusCode, response.body).toBe(status);
    return response;
  };
  const overview = async (credential: Session | string = owner) =>
    (await ok(call(t.app, credential, { method: 'GET', url: api('/overview') }))).json<{ data: ProjectOverview }>()
      .data;

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock, env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    owner = await signUp(t.app);
    viewer = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    // Another project's content counts in its own overview only.
    const elsewhere = await createProject(t.app, owner, { name: 'Elsewhere' });
    await createCollection(t.app, owner, elsewhere, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'text', type: 'text' }],
    });
    await createDocument(t.app, owner, elsewhere, 'notes', { data: { text: 'Not here' } });
  });
  afterAll(async () => t.close());

  it('counts an empty project as zeros, with its owner', async () => {
    expect(await overview()).toEqual({
      collections: 0,
      components: 0,
      documents: { total: 0, draft: 0, published: 0, changed: 0, in_review: 0, scheduled: 0 },
      media: { count: 0, bytes: 0 },
      members: { active: 1, invited: 0 },
      api_tokens: 0,
      webhooks: 0,
    });
  });

  it('counts the model, documents by state, media, people and integrations, leaving the trash out', async () => {
    await ok(
      call(t.app, owner, {
        method: 'POST',
        url: api('/components'),
        payload: { name: 'quote', fields: [{ name: 'text', type: 'text' }] },
      }),
      201,
    );
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [{ name: 'title', type: 'text', required: true }],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'scratch',
      name: 'Scratch',
      fields: [{ name: 'x', type: 'text' }],
    });
    await createDocument(t.app, owner, projectId, 'scratch', { data: { x: 'gone with its collection' } });
    await ok(call(t.app, owner, { method: 'DELETE', url: api('/collections/scratch?force=true') }), 204);

    const docs = (suffix = '') => api(`/collections/articles/documents${suffix}`);
    const create = (title: string, status?: 'published') =>
      createDocument(t.app, owner, projectId, 'articles', { data: { title }, ...(status ? { status } : {}) });
    await create('A draft');
    await create('Published', 'published');
    const changed = await create('Changed', 'published');
    await ok(
      call(t.app, owner, { method: 'PATCH', url: docs(`/${changed.id}`), payload: { data: { title: 'Edited' } } }),
    );
    const reviewed = await create('In review');
    await ok(
      call(t.app, owner, { method: 'POST', url: docs(`/${reviewed.id}/workflow`), payload: { action: 'submit' } }),
    );
    const scheduled = await create('Scheduled');
    await ok(
      call(t.app, owner, {
        method: 'POST',
        url: docs(`/${scheduled.id}/schedule`),
        payload: { publish_at: new Date(time.clock().getTime() + 86_400_000).toISOString() },
      }),
    );
    const trashed = await create('Trashed', 'published');
    await ok(call(t.app, owner, { method: 'DELETE', url: docs(`/${trashed.id}`) }), 204);

    await uploadAsset(t.app, owner, projectId, 'kept.png');
    const deleted = await uploadAsset(t.app, owner, projectId, 'deleted.png');
    await ok(call(t.app, owner, { method: 'DELETE', url: api(`/media/${deleted}`) }), 204);
    const kept = await ok(call(t.app, owner, { method: 'GET', url: api('/media') }));
    const keptBytes = kept.json().data[0].size as number;

    for (const [email, role] of [
      [viewer.email, 'viewer'],
      [uniqueEmail('invited'), 'editor'],
    ]) {
      await ok(call(t.app, owner, { method: 'POST', url: api('/members'), payload: { email, role } }), 201);
    }
    await createToken(t.app, owner, projectId, ['content:read']);
    const revoked = await ok(
      call(t.app, owner, {
        method: 'POST',
        url: api('/api-tokens'),
        payload: { name: 'Old', scopes: ['content:read'] },
      }),
      201,
    );
    await ok(call(t.app, owner, { method: 'DELETE', url: api(`/api-tokens/${revoked.json().data.id}`) }), 204);
    await ok(
      call(t.app, owner, {
        method: 'POST',
        url: api('/webhooks'),
        payload: { url: 'http://127.0.0.1:9/hook', events: ['*'], active: false },
      }),
      201,
    );

    expect(await overview()).toEqual({
      collections: 1,
      components: 1,
      documents: { total: 5, draft: 3, published: 1, changed: 1, in_review: 1, scheduled: 1 },
      media: { count: 1, bytes: keptBytes },
      members: { active: 2, invited: 1 },
      api_tokens: 1,
      webhooks: 1,
    });
  });

  it('is for members and the project’s API tokens; others get a 404, bad ids a 400', async () => {
    expect((await overview(viewer)).collections).toBe(1);
    const token = await createToken(t.app, owner, projectId, ['media:read']);
    expect((await overview(token)).documents.total).toBe(5);

    const stranger = await signUp(t.app);
    const theirs = await createProject(t.app, stranger);
    expectError(await call(t.app, stranger, { method: 'GET', url: api('/overview') }), 404, 'NOT_FOUND');
    const theirToken = await createToken(t.app, stranger, theirs, ['content:read']);
    expectError(await call(t.app, theirToken, { method: 'GET', url: api('/overview') }), 404, 'NOT_FOUND');
    expectError(await call(t.app, null, { method: 'GET', url: api('/overview') }), 401, 'UNAUTHENTICATED');
    expectError(
      await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${'x'.repeat(65)}/overview` }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
