import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken, uploadAsset } from '../../test/content.js';
import { call, createTestApp, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';

/** Every entry of a gzipped tar, by name. */
async function unpack(archive: Buffer): Promise<Map<string, { type: string; body: Buffer }>> {
  const entries = new Map<string, { type: string; body: Buffer }>();
  const extract = tar.extract();
  Readable.from([archive]).pipe(createGunzip()).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, { type: entry.header.type ?? 'file', body: Buffer.concat(chunks) });
  }
  return entries;
}

const ndjson = (body: Buffer | undefined) =>
  (body?.toString('utf8') ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('project exports', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const exportsUrl = (path = '') => `/api/v1/projects/${projectId}/exports${path}`;

  /** Polls an export until the worker finished it. */
  async function finished(id: string, session = owner) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const response = await call(t.app, session, { method: 'GET', url: exportsUrl(`/${id}`) });
      expect(response.statusCode, response.body).toBe(200);
      const exported = response.json().data;
      if (exported.status === 'done' || exported.status === 'failed') return exported;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the export did not finish');
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
  });
  afterAll(async () => t.close());

  it('writes the whole project into one archive whose manifest checksums every file', async () => {
    const card = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/components`,
      payload: { name: 'card', fields: [{ name: 'heading', type: 'text' }] },
    });
    expect(card.statusCode, card.body).toBe(201);
    await createCollection(t.app, owner, projectId, {
      slug: 'authors',
      name: 'Authors',
      fields: [{ name: 'name', type: 'text', required: true }],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'posts',
      name: 'Posts',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'author', type: 'reference', options: { collection: 'authors' } },
        { name: 'cover', type: 'media' },
      ],
    });
    const assetId = await uploadAsset(t.app, owner, projectId, 'cover.png');
    const author = await createDocument(t.app, owner, projectId, 'authors', { data: { name: 'Ada' } });
    const post = await createDocument(t.app, owner, projectId, 'posts', {
      data: { title: 'Hello', author: author.id, cover: assetId },
    });
    const published = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/collections/posts/documents/${post.id}/publish`,
    });
    expect(published.statusCode, published.body).toBe(200);
    const audience = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/audiences`,
      payload: {
        key: 'france',
        name: 'France',
        priority: 10,
        match: 'all',
        rules: [{ attribute: 'country', op: 'eq', value: 'FR' }],
      },
    });
    expect(audience.statusCode, audience.body).toBe(201);
    const hook = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['collection.deleted'], secret: 'a-very-secret-signing-key' },
    });
    expect(hook.statusCode, hook.body).toBe(201);

    const created = await call(t.app, owner, { method: 'POST', url: exportsUrl(), payload: {} });
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json().data).toMatchObject({
      status: 'queued',
      progress: 0,
      size: null,
      error: null,
      finished_at: null,
    });
    const done = await finished(created.json().data.id);
    expect(done).toMatchObject({ status: 'done', progress: 1, error: null });

    const download = await call(t.app, owner, { method: 'GET', url: exportsUrl(`/${done.id}/download`) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.rawPayload.length).toBe(done.size);
    const entries = await unpack(download.rawPayload);
    const manifest = JSON.parse(entries.get('manifest.json')?.body.toString('utf8') ?? '{}');
    expect(manifest).toMatchObject({
      format: 'plinth-export',
      format_version: 1,
      project: { id: projectId, locales: ['en', 'es', 'fr', 'zh'], default_locale: 'en' },
      include: { documents: true, versions: true, media: true, audit: false },
      counts: { collections: 2, components: 1, documents: 2, media: 1, audiences: 1, webhooks: 1 },
    });
    // Every entry but the manifest is listed with its checksum, and nothing else is listed.
    expect(Object.keys(manifest.files).sort()).toEqual(
      [...entries.keys()].filter((name) => name !== 'manifest.json').sort(),
    );
    for (const [name, { body, type }] of entries) {
      expect(type).toBe('file');
      if (name === 'manifest.json') continue;
      expect(manifest.files[name]).toEqual({
        sha256: createHash('sha256').update(body).digest('hex'),
        size: body.length,
      });
    }
    expect([...entries.keys()].sort()).toEqual(
      [
        'manifest.json',
        'model/collections/authors.json',
        'model/collections/posts.json',
        'model/components/card.json',
        'documents/authors.ndjson',
        'documents/posts.ndjson',
        'versions/authors.ndjson',
        'versions/posts.ndjson',
        'media.ndjson',
        `media/${assetId}/cover.png`,
        'audiences.json',
        'webhooks.json',
      ].sort(),
    );
    const posts = ndjson(entries.get('documents/posts.ndjson')?.body);
    expect(posts).toEqual([
      expect.objectContaining({
        id: post.id,
        status: 'published',
        data: { title: { en: 'Hello' }, author: author.id, cover: assetId },
        published_data: { title: { en: 'Hello' }, author: author.id, cover: assetId },
      }),
    ]);
    expect(ndjson(entries.get('versions/posts.ndjson')?.body).map((version) => version.document_id)).toContain(post.id);
    expect(JSON.parse(entries.get('model/collections/posts.json')?.body.toString('utf8') ?? '{}')).toMatchObject({
      slug: 'posts',
      fields: [{ name: 'title' }, { name: 'author' }, { name: 'cover' }],
    });
    const [asset] = ndjson(entries.get('media.ndjson')?.body);
    expect(asset).toMatchObject({ id: assetId, filename: 'cover.png', path: `media/${assetId}/cover.png` });
    const original = await call(t.app, null, { method: 'GET', url: `/media/${projectId}/${assetId}/cover.png` });
    expect(entries.get(`media/${assetId}/cover.png`)?.body.equals(original.rawPayload)).toBe(true);
    const webhooks = entries.get('webhooks.json')?.body.toString('utf8') ?? '';
    expect(JSON.parse(webhooks)).toEqual([expect.objectContaining({ url: 'http://127.0.0.1:9/hook' })]);
    expect(webhooks).not.toContain('a-very-secret-signing-key');
    expect(webhooks).not.toContain('secret');
    expect(JSON.parse(entries.get('audiences.json')?.body.toString('utf8') ?? '[]')).toEqual([
      expect.objectContaining({ key: 'france', rules: [{ attribute: 'country', op: 'eq', value: 'FR' }] }),
    ]);
  });

  it('leaves out what include turns off, and adds the audit trail when asked', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: exportsUrl(),
      payload: { include: { documents: false, media: false, audit: true } },
    });
    expect(created.statusCode, created.body).toBe(202);
    const done = await finished(created.json().data.id);
    const download = await call(t.app, owner, { method: 'GET', url: exportsUrl(`/${done.id}/download`) });
    const names = [...(await unpack(download.rawPayload)).keys()];
    expect(names.some((name) => name.startsWith('documents/') || name.startsWith('media'))).toBe(false);
    expect(names).toContain('audit.ndjson');
    expect(names).toContain('model/collections/posts.json');
  });

  it('is for owners and admins: editors, authors and API tokens get 403, strangers 404', async () => {
    const created = await call(t.app, owner, { method: 'POST', url: exportsUrl(), payload: {} });
    const id = created.json().data.id;
    await finished(id);
    for (const role of ['editor', 'author', 'admin'] as const) {
      const member = await signUp(t.app);
      const added = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email: member.email, role },
      });
      expect(added.statusCode, added.body).toBe(201);
      const attempts = [
        await call(t.app, member, { method: 'POST', url: exportsUrl(), payload: {} }),
        await call(t.app, member, { method: 'GET', url: exportsUrl(`/${id}`) }),
        await call(t.app, member, { method: 'GET', url: exportsUrl(`/${id}/download`) }),
      ];
      for (const attempt of attempts) {
        if (role === 'admin') expect(attempt.statusCode, attempt.body).toBeLessThan(300);
        else expectError(attempt, 403, 'FORBIDDEN');
      }
    }
    const token = await createToken(t.app, owner, projectId, [
      'content:write',
      'schema:write',
      'media:write',
      'webhooks:manage',
    ]);
    expectError(await call(t.app, token, { method: 'POST', url: exportsUrl(), payload: {} }), 403, 'FORBIDDEN');
    expectError(await call(t.app, token, { method: 'GET', url: exportsUrl(`/${id}/download`) }), 403, 'FORBIDDEN');
    const stranger = await signUp(t.app);
    expectError(await call(t.app, stranger, { method: 'GET', url: exportsUrl(`/${id}/download`) }), 404, 'NOT_FOUND');
    // Another project's export is not found under this one.
    const other = await createProject(t.app, owner);
    expectError(
      await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${other}/exports/${id}/download` }),
      404,
      'NOT_FOUND',
    );
  });
});
