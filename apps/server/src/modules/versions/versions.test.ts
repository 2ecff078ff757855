import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

/** Version history: every save, newest first, read, diff between any two, restore as a new version. */
describe(`versions (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let author: Session;
  let viewer: Session;
  let projectId: string;
  let reader: string;
  let previewer: string;
  let writer: string;
  const docs = `/api/v1/projects/:p/collections/articles/documents`;
  const path = (suffix: string) => `${docs.replace(':p', projectId)}${suffix}`;
  const get = (credential: Session | string, suffix: string) =>
    call(t.app, credential, { method: 'GET', url: path(suffix) });
  const post = (credential: Session | string, suffix: string, payload?: Record<string, unknown>) =>
    call(t.app, credential, { method: 'POST', url: path(suffix), ...(payload ? { payload } : {}) });
  const patch = (credential: Session | string, id: string, payload: Record<string, unknown>) =>
    call(t.app, credential, { method: 'PATCH', url: path(`/${id}`), payload });

  async function member(role: string): Promise<Session> {
    const session = await signUp(t.app);
    const added = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email: session.email, role },
    });
    if (added.statusCode !== 201) throw new Error(`member add failed: ${added.body}`);
    return session;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    author = await member('author');
    viewer = await member('viewer');
    await createCollection(t.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
        { name: 'views', type: 'integer' },
        { name: 'tags', type: 'select', options: { choices: ['a', 'b', 'c'], multiple: true } },
      ],
    });
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    previewer = await createToken(t.app, owner, projectId, ['content:preview']);
    writer = await createToken(t.app, owner, projectId, ['content:write']);
  });
  afterAll(async () => t.close());

  it('records a version for each save, and none for publishing, review or scheduling', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'First', views: 1 },
    });
    expect(created.version).toBe(1);
    expect((await patch(owner, created.id, { data: { views: 2 } })).json().data.version).toBe(2);
    expect((await patch(owner, created.id, { data: { title: 'Primero' }, locale: 'es' })).json().data.version).toBe(3);

    for (const [suffix, payload] of [
      ['/publish', undefined],
      ['/unpublish', undefined],
      ['/workflow', { action: 'submit' }],
      ['/workflow', { action: 'approve' }],
      ['/schedule', { publish_at: new Date(Date.now() + 3_600_000).toISOString() }],
      ['/schedule', { publish_at: null }],
      ['/publish', undefined],
    ] as const) {
      const response = await post(owner, `/${created.id}${suffix}`, payload);
      expect(response.statusCode, `${suffix}: ${response.body}`).toBe(200);
      expect(response.json().data.version).toBe(3);
    }

    const list = await get(owner, `/${created.id}/versions`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta).toMatchObject({ total: 3, page: 1 });
    const versions = list.json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(versions).toEqual([
      {
        version: 3,
        created_at: expect.any(String),
        created_by: owner.userId,
        created_by_token: null,
        locale: 'es',
        status: 'draft',
        changed_fields: ['title'],
        // Published twice from this state, each time in every locale.
        published_locales: ['en', 'es', 'fr', 'zh'],
      },
      expect.objectContaining({ version: 2, locale: 'en', created_by: owner.userId, changed_fields: ['views'] }),
      expect.objectContaining({ version: 1, locale: 'en', created_by: owner.userId }),
    ]);
    expect([...versions[2].changed_fields].sort()).toEqual(['slug', 'title', 'views']);
    // Summaries do not carry the data.
    expect(versions[0]).not.toHaveProperty('data');

    // A save after publishing is a new version with status "changed".
    const edited = await patch(owner, created.id, { data: { views: 3 } });
    expect(edited.json().data).toMatchObject({ version: 4, status: 'changed' });
    const latest = (await get(owner, `/${created.id}/versions?limit=1`)).json();
    expect(latest.data).toEqual([
      expect.objectContaining({ version: 4, status: 'changed', changed_fields: ['views'] }),
    ]);
    expect(latest.meta).toMatchObject({ total: 4, limit: 1 });
    const second = (await get(owner, `/${created.id}/versions?limit=1&page=2`)).json();
    expect(second.data.map((v: { version: number }) => v.version)).toEqual([3]);
  });

  it('reads one version with its data, in every locale', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Read me', views: 7 },
    });
    await patch(owner, created.id, { data: { title: 'Léeme' }, locale: 'es' });
    await patch(owner, created.id, { data: { title: 'Read me twice', views: 8 } });

    const one = await get(owner, `/${created.id}/versions/1`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({
      version: 1,
      created_at: expect.any(String),
      created_by: owner.userId,
      created_by_token: null,
      locale: 'en',
      status: 'draft',
      changed_fields: expect.any(Array),
      published_locales: [],
      data: { title: { en: 'Read me' }, slug: 'read-me', views: 7 },
    });
    const two = (await get(owner, `/${created.id}/versions/2`)).json().data;
    expect(two).toMatchObject({ version: 2, locale: 'es', data: { title: { en: 'Read me', es: 'Léeme' }, views: 7 } });
    const three = (await get(owner, `/${created.id}/versions/3`)).json().data;
    expect(three.data).toEqual({ title: { en: 'Read me twice', es: 'Léeme' }, slug: 'read-me', views: 8 });
  });

  it('diffs against the previous version by default, and between any two versions', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Diff', views: 1, tags: ['a'] },
    });
    await patch(owner, created.id, { data: { title: 'Diferencia' }, locale: 'es' });
    await patch(owner, created.id, { data: { title: 'Diff 2', views: 5, tags: ['a', 'b'] } });

    const first = await get(owner, `/${created.id}/versions/1/diff`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      from: 0,
      to: 1,
      changes: expect.arrayContaining([
        { path: 'title.en', before: null, after: 'Diff' },
        { path: 'views', before: null, after: 1 },
      ]),
    });

    const byDefault = (await get(owner, `/${created.id}/versions/2/diff`)).json().data;
    expect(byDefault).toEqual({ from: 1, to: 2, changes: [{ path: 'title.es', before: null, after: 'Diferencia' }] });

    const latest = (await get(owner, `/${created.id}/versions/3/diff`)).json().data;
    expect(latest).toEqual({
      from: 2,
      to: 3,
      changes: [
        { path: 'title.en', before: 'Diff', after: 'Diff 2' },
        { path: 'views', before: 1, after: 5 },
        { path: 'tags', before: ['a'], after: ['a', 'b'] },
      ],
    });

    const across = (await get(owner, `/${created.id}/versions/3/diff?against=1`)).json().data;
    expect(across.from).toBe(1);
    expect(across.to).toBe(3);
    expect(across.changes).toEqual(
      expect.arrayContaining([
        { path: 'title.en', before: 'Diff', after: 'Diff 2' },
        { path: 'title.es', before: null, after: 'Diferencia' },
        { path: 'views', before: 1, after: 5 },
        { path: 'tags', before: ['a'], after: ['a', 'b'] },
      ]),
    );
    expect(across.changes).toHaveLength(4);

    // Backwards: an older version against a newer one.
    const backwards = (await get(owner, `/${created.id}/versions/1/diff?against=3`)).json().data;
    expect(backwards).toMatchObject({ from: 3, to: 1 });
    expect(backwards.changes).toEqual(
      expect.arrayContaining([
        { path: 'title.es', before: 'Diferencia', after: null },
        { path: 'views', before: 5, after: 1 },
      ]),
    );

    expectError(await get(owner, `/${created.id}/versions/2/diff?against=2`), 400, 'VALIDATION_FAILED');
    expectError(await get(owner, `/${created.id}/versions/2/diff?against=0`), 400, 'VALIDATION_FAILED');
    expectError(await get(owner, `/${created.id}/versions/2/diff?against=abc`), 400, 'VALIDATION_FAILED');
  });

  it('restores version n as a new version equal to it, keeping the history in between', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Original', views: 1, tags: ['a'] },
    });
    await patch(owner, created.id, { data: { title: 'Original es' }, locale: 'es' });
    await patch(owner, created.id, { data: { title: 'Rewritten', views: 99, tags: null } });
    await post(owner, `/${created.id}/publish`);

    const restored = await post(owner, `/${created.id}/versions/2/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      id: created.id,
      version: 4,
      status: 'changed',
      data: { title: 'Original', views: 1, tags: ['a'] },
    });

    const v2 = (await get(owner, `/${created.id}/versions/2`)).json().data;
    const v4 = (await get(owner, `/${created.id}/versions/4`)).json().data;
    expect(v4.data).toEqual(v2.data);
    expect(v4).toMatchObject({ created_by: owner.userId, status: 'changed' });
    expect([...v4.changed_fields].sort()).toEqual(['tags', 'title', 'views']);
    const versions = (await get(owner, `/${created.id}/versions`)).json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1]);

    const diff = (await get(owner, `/${created.id}/versions/4/diff?against=2`)).json().data;
    expect(diff.changes).toEqual([]);

    // The working copy is the restored one; readers keep the published snapshot.
    const spanish = (await get(owner, `/${created.id}?locale=es`)).json().data;
    expect(spanish.data.title).toBe('Original es');
    const published = (await get(reader, `/${created.id}`)).json().data;
    expect(published.data).toMatchObject({ title: 'Rewritten', views: 99 });

    // The document carries on from there.
    const next = await patch(owner, created.id, { data: { views: 2 }, version: 4 });
    expect(next.json().data.version).toBe(5);
  });

  it('answers 404 for unknown versions and documents', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Lonely' } });
    expectError(await get(owner, `/${created.id}/versions/2`), 404, 'NOT_FOUND');
    expectError(await get(owner, `/${created.id}/versions/9/diff`), 404, 'NOT_FOUND');
    expectError(await get(owner, `/${created.id}/versions/1/diff?against=5`), 404, 'NOT_FOUND');
    expectError(await post(owner, `/${created.id}/versions/5/restore`), 404, 'NOT_FOUND');
    expectError(await get(owner, `/${created.id}/versions/0`), 400, 'VALIDATION_FAILED');
    const unknown = '01JZZZZZZZZZZZZZZZZZZZZZZZ';
    expectError(await get(owner, `/${unknown}/versions`), 404, 'NOT_FOUND');
    expectError(await get(owner, `/${unknown}/versions/1`), 404, 'NOT_FOUND');
    expectError(await post(owner, `/${unknown}/versions/1/restore`), 404, 'NOT_FOUND');
    // A document in the trash has no history to browse or restore.
    await call(t.app, owner, { method: 'DELETE', url: path(`/${created.id}`) });
    expectError(await get(owner, `/${created.id}/versions`), 404, 'NOT_FOUND');
    expectError(await post(owner, `/${created.id}/versions/1/restore`), 404, 'NOT_FOUND');
    // Another project's member cannot reach it.
    const stranger = await signUp(t.app);
    expectError(await get(stranger, `/${created.id}/versions`), 404, 'NOT_FOUND');
  });

  it('keeps history from API tokens that read published content only', async () => {
    const created = await createDocument(t.app, owner, projectId, 'articles', {
      data: { title: 'Public' },
      status: 'published',
    });
    expectError(await get(reader, `/${created.id}/versions`), 403, 'FORBIDDEN');
    expectError(await get(reader, `/${created.id}/versions/1`), 403, 'FORBIDDEN');
    expectError(await get(reader, `/${created.id}/versions/1/diff`), 403, 'FORBIDDEN');
    expectError(await post(reader, `/${created.id}/versions/1/restore`), 403, 'FORBIDDEN');
    // A preview token reads history but cannot restore.
    expect((await get(previewer, `/${created.id}/versions`)).statusCode).toBe(200);
    expectError(await post(previewer, `/${created.id}/versions/1/restore`), 403, 'FORBIDDEN');
    // A write token restores; its versions name no user.
    const restored = await post(writer, `/${created.id}/versions/1/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const latest = (await get(writer, `/${created.id}/versions/2`)).json().data;
    expect(latest).toMatchObject({ version: 2, created_by: null });
  });

  it('lets authors restore their own documents only; viewers read history but never restore', async () => {
    const mine = await createDocument(t.app, author, projectId, 'articles', { data: { title: 'Mine' } });
    await patch(author, mine.id, { data: { title: 'Mine, edited' } });
    const theirs = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Theirs' } });
    await patch(owner, theirs.id, { data: { title: 'Theirs, edited' } });

    expect((await get(author, `/${theirs.id}/versions`)).statusCode).toBe(200);
    expectError(await post(author, `/${theirs.id}/versions/1/restore`), 403, 'FORBIDDEN');
    expect((await get(owner, `/${theirs.id}`)).json().data).toMatchObject({
      version: 2,
      data: { title: 'Theirs, edited' },
    });

    const own = await post(author, `/${mine.id}/versions/1/restore`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ version: 3, data: { title: 'Mine' } });
    expect((await get(author, `/${mine.id}/versions/3`)).json().data.created_by).toBe(author.userId);

    expect((await get(viewer, `/${mine.id}/versions/1`)).statusCode).toBe(200);
    expectError(await post(viewer, `/${mine.id}/versions/1/restore`), 403, 'FORBIDDEN');
  });

  it('never shows hidden fields to API tokens: not in versions, diffs or changed_fields', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'internal', type: 'text', hidden: true },
      ],
    });
    const notes = (suffix: string) => `/api/v1/projects/${projectId}/collections/notes/documents${suffix}`;
    const read = (credential: Session | string, suffix: string) =>
      call(t.app, credential, { method: 'GET', url: notes(suffix) });
    const created = await createDocument(t.app, owner, projectId, 'notes', {
      data: { title: 'Note', internal: 'secret-one' },
    });
    const id = created.id as string;
    const edit = async (data: Record<string, unknown>) => {
      const response = await call(t.app, owner, { method: 'PATCH', url: notes(`/${id}`), payload: { data } });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit({ internal: 'secret-two' });
    await edit({ title: 'Note, edited' });

    // Members see everything.
    expect((await read(owner, `/${id}/versions/2`)).json().data).toMatchObject({
      changed_fields: ['internal'],
      data: { title: { en: 'Note' }, internal: 'secret-two' },
    });
    expect((await read(owner, `/${id}/versions/2/diff`)).json().data.changes).toEqual([
      { path: 'internal', before: 'secret-one', after: 'secret-two' },
    ]);

    // A preview token sees what a document read shows it.
    const list = await read(previewer, `/${id}/versions`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((v: { changed_fields: string[] }) => v.changed_fields)).toEqual([
      ['title'],
      [],
      ['title'],
    ]);
    const one = await read(previewer, `/${id}/versions/1`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.data).toEqual({ title: { en: 'Note' } });
    expect((await read(previewer, `/${id}/versions/2/diff`)).json().data.changes).toEqual([]);
    const across = await read(previewer, `/${id}/versions/3/diff?against=1`);
    expect(across.json().data.changes).toEqual([{ path: 'title.en', before: 'Note', after: 'Note, edited' }]);
    const first = await read(previewer, `/${id}/versions/1/diff`);
    expect(first.json().data.changes).toEqual([{ path: 'title.en', before: null, after: 'Note' }]);
    for (const response of [list, one, across, first]) expect(response.body).not.toMatch(/secret|internal/);

    // A token never writes hidden fields: restoring keeps their current values.
    const restored = await call(t.app, writer, { method: 'POST', url: notes(`/${id}/versions/1/restore`) });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.body).not.toMatch(/secret|internal/);
    expect((await read(owner, `/${id}`)).json().data.data).toEqual({ title: 'Note', internal: 'secret-two' });
  });

  it('names the API token that saved a version', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/api-tokens`,
      payload: { name: 'History writer', scopes: ['content:write'] },
    });
    const { id: tokenId, token } = created.json().data as { id: string; token: string };
    const doc = await createDocument(t.app, token, projectId, 'articles', { data: { title: 'By token' } });
    await patch(owner, doc.id, { data: { views: 1 } });
    const versions = (await get(owner, `/${doc.id}/versions`)).json().data;
    expect(versions).toEqual([
      expect.objectContaining({ version: 2, created_by: owner.userId, created_by_token: null }),
      expect.objectContaining({ version: 1, created_by: null, created_by_token: tokenId }),
    ]);
    expect((await get(previewer, `/${doc.id}/versions/1`)).json().data).toMatchObject({
      created_by: null,
      created_by_token: tokenId,
    });
    // The OpenAPI document says what the fields mean.
    const openapi = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body;
    expect(openapi).toContain('The API token that saved it');
  });

  it('restores only a state that still fits the model, else answers 400 with details and changes nothing', async () => {
    await createCollection(t.app, owner, projectId, {
      slug: 'strict',
      name: 'Strict',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'subtitle', type: 'text' },
        { name: 'related', type: 'reference', options: { collection: 'articles' } },
      ],
    });
    const strict = (suffix: string) => `/api/v1/projects/${projectId}/collections/strict/documents${suffix}`;
    const related = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Related' } });
    const doc = await createDocument(t.app, owner, projectId, 'strict', {
      data: { title: 'A title far too long for the new rule', related: related.id },
    });
    const id = doc.id as string;
    const edited = await call(t.app, owner, {
      method: 'PATCH',
      url: strict(`/${id}`),
      payload: { data: { title: 'Short', subtitle: 'Now here', related: null } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The model moves on: titles get shorter, subtitles become required.
    const changed = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}/collections/strict`,
      payload: {
        fields: [
          { name: 'title', type: 'text', required: true, options: { max_length: 10 } },
          { name: 'subtitle', type: 'text', required: true },
          { name: 'related', type: 'reference', options: { collection: 'articles' } },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const refused = expectError(
      await call(t.app, owner, { method: 'POST', url: strict(`/${id}/versions/1/restore`) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(refused.details).toEqual(
      expect.arrayContaining([
        { path: 'data.title', message: expect.stringMatching(/10/) },
        { path: 'data.subtitle', message: 'is required' },
      ]),
    );

    // A reference to a document since moved to the trash does not come back either.
    const fits = await call(t.app, owner, {
      method: 'PATCH',
      url: strict(`/${id}`),
      payload: { data: { related: related.id } },
    });
    expect(fits.statusCode, fits.body).toBe(200);
    await call(t.app, owner, { method: 'DELETE', url: path(`/${related.id}`) });
    const dangling = expectError(
      await call(t.app, owner, { method: 'POST', url: strict(`/${id}/versions/3/restore`) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(dangling.details).toEqual([{ path: 'data.related', message: expect.stringContaining('do not exist') }]);

    // Nothing changed: no new version, no audit entry, the same working copy.
    expect((await call(t.app, owner, { method: 'GET', url: strict(`/${id}/versions`) })).json().meta.total).toBe(3);
    expect((await call(t.app, owner, { method: 'GET', url: strict(`/${id}`) })).json().data).toMatchObject({
      version: 3,
      data: { title: 'Short', subtitle: 'Now here', related: related.id },
    });
    const audit = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/audit-log?target_id=${id}&action=document.version_restored`,
    });
    expect(audit.json().data).toEqual([]);
  });

  it('refuses a restore that would repeat a unique value, and changes nothing', async () => {
    const first = await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Unique one' } });
    await patch(owner, first.id, { data: { slug: 'unique-one-renamed' } });
    // Another document takes the old slug.
    await createDocument(t.app, owner, projectId, 'articles', { data: { title: 'Other', slug: 'unique-one' } });
    expectError(await post(owner, `/${first.id}/versions/1/restore`), 409, 'CONFLICT');
    const versions = (await get(owner, `/${first.id}/versions`)).json();
    expect(versions.meta.total).toBe(2);
    expect((await get(owner, `/${first.id}`)).json().data).toMatchObject({
      version: 2,
      data: { slug: 'unique-one-renamed' },
    });
  });
});
