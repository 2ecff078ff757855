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
} from '../apps/server/src/test/archives.js';
import { createCollection, createDocument, createProject, uploadAsset } from '../apps/server/src/test/content.js';
import { dumpDatabase } from '../apps/server/src/test/harness.js';
import { attack, errorCode, newUser, report, type Session, startTarget, type Target } from './harness.js';

// Project imports: archives built to write outside the data dir (traversal, absolute paths,
// links), to exhaust it (an entry far larger than it says, a gzip bomb), to take over another
// project's documents by their ids, or to smuggle a page in as media; and exports of a
// project read by someone who is not its owner.

/** Every file under a directory (the database's own files aside: they change with every write). */
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(db|sqlite)(-wal|-shm|-journal)?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));

/** The tables a refused import must leave exactly as they were. */
const CONTENT_TABLES = ['collections', 'components', 'documents', 'document_versions', 'media_assets', 'projects'];

describe('imports: an archive never writes outside its project, nor anything at all when refused', () => {
  let target: Target;
  let victim: Session;
  let victimProject: string;
  let victimDocument: string;
  let attacker: Session;
  let attackerProject: string;
  /** The attacker's own export: a valid archive to start every forgery from. */
  let entries: ArchiveEntry[];

  const contentRows = async () => {
    const all = JSON.parse(await dumpDatabase(target.database)) as Record<string, unknown[]>;
    return CONTENT_TABLES.map((table) => [table, all[table]]);
  };

  /** Sends an import over HTTP and waits for its job; returns the finished import. */
  async function importAs(tried: string, session: Session, projectId: string, archive: Buffer, mode = 'merge') {
    const { payload, headers } = importForm(archive, { mode });
    const answer = await attack(target, tried, {
      method: 'POST',
      path: `/api/v1/projects/${projectId}/imports`,
      as: session,
      headers,
      body: payload,
    });
    expect(answer.status, answer.text).toBe(202);
    const id = (answer.json as { data: { id: string } }).data.id;
    const done = await waitForJob(target.app, session, `/api/v1/projects/${projectId}/imports/${id}`);
    report(`${tried}: the import's outcome`, JSON.stringify({ status: done.status, report: done.report }));
    return done;
  }

  /** A refused import: failed, with the problem named, and no row or file written anywhere. */
  async function expectRefused(tried: string, archive: Buffer, problem: { path: string; message: RegExp }) {
    const before = await contentRows();
    const files = filesUnder(target.config.dataDir);
    const done = await importAs(tried, attacker, attackerProject, archive);
    expect(done.status).toBe('failed');
    expect(done.report).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
    expect([...done.report.errors, ...done.report.conflicts]).toContainEqual({
      path: problem.path,
      message: expect.stringMatching(problem.message),
    });
    expect(await contentRows()).toEqual(before);
    // Nothing stayed behind under the data dir either (uploads and unpacked parts are removed).
    expect(filesUnder(target.config.dataDir).filter((file) => !files.includes(file))).toEqual([]);
  }

  beforeAll(async () => {
    target = await startTarget();
    victim = await newUser(target, 'Victim');
    victimProject = await createProject(target.app, victim);
    await createCollection(target.app, victim, victimProject, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'body', type: 'text', required: true }],
    });
    victimDocument = (await createDocument(target.app, victim, victimProject, 'notes', { data: { body: 'secret' } }))
      .id;
    attacker = await newUser(target);
    attackerProject = await createProject(target.app, attacker);
    await createCollection(target.app, attacker, attackerProject, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'body', type: 'text', required: true }],
    });
    await createDocument(target.app, attacker, attackerProject, 'notes', { data: { body: 'mine' } });
    await uploadAsset(target.app, attacker, attackerProject, 'pixel.png');
    entries = await unpackArchive(await exportArchive(target.app, attacker, attackerProject));
  });
  afterAll(async () => target.close());

  it('path traversal in entry names (zip-slip: ../../x, media/<id>/../../../x)', async () => {
    const outside = path.resolve(target.config.dataDir, 'imports', '../../x');
    for (const name of ['../../x', 'media/0000/../../../x']) {
      await expectRefused(
        `write ${name} outside the unpack directory`,
        await packArchive(withManifest([...entries, { name, body: Buffer.from('pwned') }])),
        { path: name, message: /not an entry name/ },
      );
    }
    expect(fs.existsSync(outside)).toBe(false);
  });

  it('absolute paths in entry names', async () => {
    const name = path.join(target.config.dataDir, 'planted.txt');
    await expectRefused(
      `write the absolute path ${name}`,
      await packArchive(withManifest([...entries, { name, body: Buffer.from('pwned') }])),
      { path: name, message: /not an entry name/ },
    );
    expect(fs.existsSync(name)).toBe(false);
  });

  it('symlink and hard link entries pointing out of the archive', async () => {
    for (const type of ['symlink', 'link'] as const) {
      const name = `media/${'1'.repeat(8)}/passwd.png`;
      await expectRefused(
        `plant a ${type} ${name} → /etc/passwd, for the media file to be read through it`,
        await packArchive([...withManifest(entries), { name, body: Buffer.alloc(0), type, linkname: '/etc/passwd' }]),
        { path: name, message: new RegExp(`is a ${type} entry`) },
      );
    }
  });

  it('an entry far larger than the manifest says (a gzip bomb: 256 MiB of zeros, declared as 10 bytes)', async () => {
    const bomb = Buffer.alloc(256 * 1024 * 1024);
    const archive = await packArchive(
      withManifest(entries).map((entry) =>
        entry.name === 'documents/notes.ndjson' ? { ...entry, body: bomb } : entry,
      ),
    );
    report('the bomb as sent', `${archive.length} bytes gzipped, 256 MiB unpacked`);
    const started = Date.now();
    await expectRefused('unpack 256 MiB from a small upload', archive, {
      path: 'documents/notes.ndjson',
      message: /holds 268435456 bytes, the manifest says/,
    });
    // Refused at the entry's header, before its bytes were inflated onto the disk.
    report('time to refuse', `${Date.now() - started} ms`);
  });

  it("another project's document ids (overwrite the victim's note by importing its id)", async () => {
    const forged = entries.map((entry) =>
      entry.name === 'documents/notes.ndjson'
        ? {
            ...entry,
            body: Buffer.from(
              entry.body
                .toString('utf8')
                .replace(/"id":"[^"]+"/, `"id":"${victimDocument}"`)
                .replace('"body":"mine"', '"body":"overwritten"'),
            ),
          }
        : entry,
    );
    await expectRefused(
      `write document ${victimDocument} of the victim's project`,
      await packArchive(withManifest(forged)),
      {
        path: 'documents/notes.ndjson',
        message: new RegExp(`document ${victimDocument} belongs to another project`),
      },
    );
    const read = await attack(target, "read the victim's note afterwards, as the victim", {
      path: `/api/v1/projects/${victimProject}/collections/notes/documents/${victimDocument}`,
      as: victim,
    });
    expect(read.status).toBe(200);
    expect((read.json as { data: { data: { body: string }; project_id?: string } }).data.data.body).toBe('secret');
  });

  it("another project's export, by someone who is not its member", async () => {
    const created = await attack(target, 'the victim exports its project', {
      method: 'POST',
      path: `/api/v1/projects/${victimProject}/exports`,
      as: victim,
      body: {},
    });
    expect(created.status).toBe(202);
    const exportId = (created.json as { data: { id: string } }).data.id;
    await waitForJob(target.app, victim, `/api/v1/projects/${victimProject}/exports/${exportId}`);
    for (const suffix of ['', '/download']) {
      const answer = await attack(target, "read the victim's export as a non-member", {
        path: `/api/v1/projects/${victimProject}/exports/${exportId}${suffix}`,
        as: attacker,
      });
      expect(answer.status).toBe(404);
      expect(errorCode(answer)).toBe('NOT_FOUND');
      expect(answer.text).not.toContain('secret');
    }
    const underOwn = await attack(target, "fetch the victim's export through the attacker's own project", {
      path: `/api/v1/projects/${attackerProject}/exports/${exportId}/download`,
      as: attacker,
    });
    expect(underOwn.status).toBe(404);
    expect(errorCode(underOwn)).toBe('NOT_FOUND');
    const { payload, headers } = importForm(Buffer.from('x'));
    const into = await attack(target, "start an import into the victim's project", {
      method: 'POST',
      path: `/api/v1/projects/${victimProject}/imports`,
      as: attacker,
      headers,
      body: payload,
    });
    expect(into.status).toBe(404);
    expect(errorCode(into)).toBe('NOT_FOUND');
  });

  it('a page smuggled in as media (HTML bytes declared image/png in media.ndjson)', async () => {
    const [asset] = entries
      .filter((entry) => entry.name === 'media.ndjson')
      .flatMap((entry) => entry.body.toString('utf8').split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as { id: string; path: string });
    if (!asset) throw new Error('the fixture has no asset');
    const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    const forged = entries.map((entry) => (entry.name === asset.path ? { ...entry, body: html } : entry));
    // Into a fresh project of the same owner, where the asset's id is the attacker's own (a copy).
    const fresh = await createProject(target.app, attacker);
    const done = await importAs(
      'import HTML as image/png',
      attacker,
      fresh,
      await packArchive(withManifest(forged)),
      'copy',
    );
    expect(done.status).toBe('done');
    const list = await attack(target, 'list the imported media', {
      path: `/api/v1/projects/${fresh}/media`,
      as: attacker,
    });
    const [stored] = (list.json as { data: { mime_type: string; url: string }[] }).data;
    expect(stored?.mime_type).toBe('text/html');
    const served = await attack(target, 'open the imported file in a browser', {
      path: new URL(String(stored?.url)).pathname,
    });
    expect(served.status).toBe(200);
    expect(String(served.headers['content-disposition'])).toMatch(/^attachment; filename="/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});
