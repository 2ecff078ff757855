import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ArchiveEntry,
  exportArchive,
  importForm,
  packArchive,
  unpackArchive,
  waitForJob,
  withManifest,
} from '../../test/archives.js';
import { createCollection, createDocument, createProject, uploadAsset } from '../../test/content.js';
import {
  call,
  createTestApp,
  dumpDatabase,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

/** The tables a failed import must leave exactly as they were. */
const CONTENT_TABLES = [
  'projects',
  'collections',
  'components',
  'documents',
  'document_versions',
  'media_assets',
  'audit_log',
  'project_events',
];

describe('project imports', () => {
  /** The instance the archive comes from, and one it moves to (ids of the first are free there). */
  let t: TestApp;
  let owner: Session;
  let u: TestApp;
  let mover: Session;
  let source: string;
  let archive: Buffer;
  const ids: Record<string, string> = {};
  /** The project of the second instance the archive was restored into. */
  let restored: string;

  type Fields = { mode?: string; dry_run?: string };
  const startImport = (projectId: string, body: Buffer, fields: Fields = {}, session = mover, on = u) => {
    const { payload, headers } = importForm(body, fields);
    return call(on.app, session, { method: 'POST', url: `/api/v1/projects/${projectId}/imports`, payload, headers });
  };
  const runImport = async (projectId: string, body: Buffer, fields: Fields = {}, session = mover, on = u) => {
    const started = await startImport(projectId, body, fields, session, on);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'queued', report: null, mode: fields.mode ?? 'merge' });
    return waitForJob(on.app, session, `/api/v1/projects/${projectId}/imports/${started.json().data.id}`);
  };
  const documentsOf = async (projectId: string, slug: string, session = mover, on = u) => {
    const list = await call(on.app, session, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/collections/${slug}/documents?limit=100`,
    });
    if (list.statusCode === 404) return [];
    expect(list.statusCode, list.body).toBe(200);
    return (list.json().data as { id: string; status: string; data: Record<string, unknown> }[])
      .map(({ id, status, data }) => ({ id, status, data }))
      .sort((a, b) => a.id.localeCompare(b.id));
  };
  /** What an import must leave alone when it fails: the project's content, model, media and settings. */
  const stateOf = async (projectId: string, session = mover, on = u) => {
    const read = async (url: string) => (await call(on.app, session, { method: 'GET', url })).json().data;
    return {
      project: await read(`/api/v1/projects/${projectId}`),
      collections: await read(`/api/v1/projects/${projectId}/collections`),
      posts: await documentsOf(projectId, 'posts', session, on),
      media: await read(`/api/v1/projects/${projectId}/media`),
    };
  };
  const mediaFiles = (on = u) => {
    const dir = path.join(on.config.dataDir, 'media');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    u = await createTestApp();
    mover = await signUp(u.app);
    source = await createProject(t.app, owner, { name: 'Source', locales: ['en', 'de'], default_locale: 'en' });
    await createCollection(t.app, owner, source, {
      slug: 'authors',
      name: 'Authors',
      fields: [{ name: 'name', type: 'text', required: true }],
    });
    await createCollection(t.app, owner, source, {
      slug: 'posts',
      name: 'Posts',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'author', type: 'reference', options: { collection: 'authors' } },
        { name: 'cover', type: 'media' },
      ],
    });
    ids.asset = await uploadAsset(t.app, owner, source, 'cover.png');
    ids.author = (await createDocument(t.app, owner, source, 'authors', { data: { name: 'Ada' } })).id;
    ids.post = (
      await createDocument(t.app, owner, source, 'posts', {
        data: { title: 'Hello', author: ids.author, cover: ids.asset },
      })
    ).id;
    const german = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${source}/collections/posts/documents/${ids.post}?locale=de`,
      payload: { data: { title: 'Hallo' } },
    });
    expect(german.statusCode, german.body).toBe(200);
    const published = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${source}/collections/posts/documents/${ids.post}/publish`,
    });
    expect(published.statusCode, published.body).toBe(200);
    archive = await exportArchive(t.app, owner, source);
  });
  afterAll(async () => {
    await t.close();
    await u.close();
  });

  it('reports on a dry run and writes nothing', async () => {
    const target = await createProject(u.app, mover);
    const before = await stateOf(target);
    const files = mediaFiles();
    const done = await runImport(target, archive, { dry_run: 'true' });
    expect(done).toMatchObject({ status: 'done', dry_run: true });
    expect(done.report).toEqual({ created: 6, updated: 0, unchanged: 0, conflicts: [], errors: [] });
    expect(await stateOf(target)).toEqual(before);
    expect(mediaFiles()).toBe(files);
  });

  it('restores an archive into a fresh project with every id kept; a second import changes nothing', async () => {
    const fresh = await createProject(u.app, mover, { name: 'Fresh', locales: ['en', 'fr'], default_locale: 'en' });
    restored = fresh;
    const done = await runImport(fresh, archive);
    expect(done).toMatchObject({ status: 'done', error: null, dry_run: false });
    // Two documents, their versions (one per save: 2 for the post), one asset.
    expect(done.report).toEqual({ created: 6, updated: 0, unchanged: 0, conflicts: [], errors: [] });
    expect(await documentsOf(fresh, 'posts')).toEqual(await documentsOf(source, 'posts', owner, t));
    expect(await documentsOf(fresh, 'authors')).toEqual(await documentsOf(source, 'authors', owner, t));
    const published = await call(u.app, mover, {
      method: 'GET',
      url: `/api/v1/projects/${fresh}/collections/posts/documents/${ids.post}?locale=de`,
    });
    expect(published.json().data).toMatchObject({ id: ids.post, status: 'published', data: { title: 'Hallo' } });
    const project = (await call(u.app, mover, { method: 'GET', url: `/api/v1/projects/${fresh}` })).json().data;
    // Locales are extended with the archive's, never removed.
    expect(project.locales).toEqual(['en', 'fr', 'de']);
    const asset = await call(u.app, mover, { method: 'GET', url: `/api/v1/projects/${fresh}/media/${ids.asset}` });
    expect(asset.statusCode, asset.body).toBe(200);
    const [original, copy] = await Promise.all([
      call(t.app, null, { method: 'GET', url: `/media/${source}/${ids.asset}/cover.png` }),
      call(u.app, null, { method: 'GET', url: `/media/${fresh}/${ids.asset}/cover.png` }),
    ]);
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);

    const trail = await call(u.app, mover, { method: 'GET', url: `/api/v1/projects/${fresh}/audit-log` });
    expect(trail.json().data).toContainEqual(
      expect.objectContaining({ action: 'project.imported', details: expect.objectContaining({ created: 6 }) }),
    );

    const again = await runImport(fresh, archive);
    expect(again.report).toEqual({ created: 0, updated: 0, unchanged: 6, conflicts: [], errors: [] });
  });

  it('updates what differs on merge, and replace trashes what the archive lacks', async () => {
    const target = restored;
    const edited = await call(u.app, mover, {
      method: 'PATCH',
      url: `/api/v1/projects/${target}/collections/authors/documents/${ids.author}`,
      payload: { data: { name: 'Changed' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const extra = await createDocument(u.app, mover, target, 'authors', { data: { name: 'Extra' } });
    const merged = await runImport(target, archive);
    expect(merged.report).toMatchObject({ created: 0, updated: 1, conflicts: [], errors: [] });
    expect((await documentsOf(target, 'authors')).map((document) => document.data.name).sort()).toEqual([
      'Ada',
      'Extra',
    ]);
    const replaced = await runImport(target, archive, { mode: 'replace' });
    expect(replaced.report).toMatchObject({ created: 0, updated: 1, conflicts: [], errors: [] });
    expect((await documentsOf(target, 'authors')).map((document) => document.id)).toEqual([ids.author]);
    expect(extra.id).not.toBe(ids.author);
  });

  it('copies into the same project with new ids and rewritten references; a second copy changes nothing', async () => {
    const before = await documentsOf(source, 'posts', owner, t);
    const done = await runImport(source, archive, { mode: 'copy' }, owner, t);
    expect(done).toMatchObject({ status: 'done', mode: 'copy' });
    expect(done.report).toEqual({ created: 6, updated: 0, unchanged: 0, conflicts: [], errors: [] });
    const posts = await documentsOf(source, 'posts', owner, t);
    const authors = await documentsOf(source, 'authors', owner, t);
    expect(posts).toHaveLength(2);
    expect(authors).toHaveLength(2);
    const copy = posts.find((post) => post.id !== ids.post);
    const authorCopy = authors.find((author) => author.id !== ids.author);
    expect(copy && authorCopy).toBeTruthy();
    expect(posts.find((post) => post.id === ids.post)).toEqual(before.find((post) => post.id === ids.post));
    // The copy refers to the copied author and asset, never to the originals.
    expect(copy?.data.author).toBe(authorCopy?.id);
    expect(copy?.data.cover).not.toBe(ids.asset);
    expect(copy?.status).toBe('published');
    const asset = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${source}/media/${String(copy?.data.cover)}`,
    });
    expect(asset.statusCode, asset.body).toBe(200);
    expect(asset.json().data.filename).toBe('cover.png');

    const again = await runImport(source, archive, { mode: 'copy' }, owner, t);
    expect(again.report).toEqual({ created: 0, updated: 0, unchanged: 6, conflicts: [], errors: [] });
    expect(await documentsOf(source, 'posts', owner, t)).toEqual(posts);
  });

  describe('a bad archive fails whole, with a report, and nothing is written', () => {
    let target: string;
    let entries: ArchiveEntry[];
    let before: Awaited<ReturnType<typeof stateOf>>;
    let dump: string;

    beforeAll(async () => {
      // The restored project: the archive's ids are its own, so only what is wrong with it stops an import.
      target = restored;
      entries = await unpackArchive(archive);
      before = await stateOf(target);
      dump = await dumpDatabase(u.database);
    });

    const expectRefused = async (body: Buffer, problem: { path: string; message: RegExp }) => {
      const files = mediaFiles();
      const done = await runImport(target, body);
      expect(done.status).toBe('failed');
      expect(done.report).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
      expect([...done.report.errors, ...done.report.conflicts]).toContainEqual({
        path: problem.path,
        message: expect.stringMatching(problem.message),
      });
      expect(await stateOf(target)).toEqual(before);
      expect(mediaFiles()).toBe(files);
      // No row of the content, its history, media, model or settings changed anywhere.
      const tables = (text: string) => {
        const all = JSON.parse(text) as Record<string, unknown[]>;
        return CONTENT_TABLES.map((table) => [table, all[table]]);
      };
      expect(tables(await dumpDatabase(u.database))).toEqual(tables(dump));
    };

    it('refuses a file whose checksum does not match', async () => {
      const tampered = entries.map((entry) =>
        entry.name === 'documents/authors.ndjson'
          ? { ...entry, body: Buffer.from(entry.body.toString('utf8').replace('Ada', 'Eve')) }
          : entry,
      );
      await expectRefused(await packArchive(tampered), {
        path: 'documents/authors.ndjson',
        message: /checksum/,
      });
    });

    it('refuses an unknown format version', async () => {
      await expectRefused(await packArchive(withManifest(entries, { format_version: 99 })), {
        path: 'manifest.json',
        message: /format_version 99/,
      });
    });

    it('refuses a path traversal entry', async () => {
      const body = Buffer.from('x');
      await expectRefused(await packArchive(withManifest([...entries, { name: '../../x', body }])), {
        path: '../../x',
        message: /not an entry name/,
      });
    });

    it('refuses an entry larger than the manifest declares', async () => {
      const manifest = withManifest(entries);
      const grown = manifest.map((entry) =>
        entry.name === 'documents/authors.ndjson'
          ? { ...entry, body: Buffer.concat([entry.body, Buffer.alloc(4096, 32)]) }
          : entry,
      );
      await expectRefused(await packArchive(grown), {
        path: 'documents/authors.ndjson',
        message: /the manifest says/,
      });
    });

    it('refuses a document that breaks the model', async () => {
      const broken = entries.map((entry) =>
        entry.name === 'documents/authors.ndjson'
          ? { ...entry, body: Buffer.from(entry.body.toString('utf8').replace('"name":"Ada"', '"name":42')) }
          : entry,
      );
      await expectRefused(await packArchive(withManifest(broken)), {
        path: 'documents/authors.ndjson:1',
        message: /does not fit the model: name/,
      });
    });

    it('refuses ids that belong to another project of this instance', async () => {
      // On the source's own instance every id of the archive belongs to the source project.
      const other = await createProject(t.app, owner);
      const done = await runImport(other, archive, {}, owner, t);
      expect(done).toMatchObject({ status: 'failed', report: { created: 0, updated: 0, unchanged: 0, errors: [] } });
      expect(done.report.conflicts).toEqual([
        { path: 'documents/authors.ndjson', message: `document ${ids.author} belongs to another project` },
        { path: 'documents/posts.ndjson', message: `document ${ids.post} belongs to another project` },
        { path: `media/${ids.asset}/cover.png`, message: `asset ${ids.asset} belongs to another project` },
      ]);
      expect(await documentsOf(other, 'authors', owner, t)).toEqual([]);
      expect((await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${other}/media` })).json().data).toEqual(
        [],
      );
    });
  });

  it('is for owners and admins: editors and authors get 403', async () => {
    for (const role of ['editor', 'author'] as const) {
      const member = await signUp(t.app);
      const added = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${source}/members`,
        payload: { email: member.email, role },
      });
      expect(added.statusCode, added.body).toBe(201);
      expectError(await startImport(source, archive, {}, member, t), 403, 'FORBIDDEN');
      expectError(
        await call(t.app, member, { method: 'GET', url: `/api/v1/projects/${source}/imports/x` }),
        403,
        'FORBIDDEN',
      );
    }
  });
});
