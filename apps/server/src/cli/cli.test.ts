import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type Target } from '../../../../security/harness.js';
import { unpackArchive } from '../test/archives.js';
import { createCollection, createDocument, createProject } from '../test/content.js';
import { call, type Session, signUp } from '../test/harness.js';
import { type Proc, run, stopProcesses, tempDir, WAIT_MS, within } from '../test/processes.js';
import { runClientCommand } from './run.js';

/*
 * `plinth export|import|model` against a real server listening on a loopback port (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL). Most run the built CLI (dist/main.js) as operators do;
 * the terminal's progress bar needs a TTY, so that one calls the command in-process.
 */

describe('plinth export, import and model', () => {
  let server: Target;
  let owner: Session;
  /** A project with posts (two documents) and pages. */
  let source: string;
  let workDir: string;
  let archive: string;

  /** Runs the built CLI against the server, as the owner unless `env` says otherwise; resolves when it exits. */
  const plinth = async (
    [command = '', ...args]: string[],
    env: Record<string, string> = { PLINTH_TOKEN: owner.accessToken },
  ) => {
    const proc: Proc = run([command, '--url', server.url, ...args], env);
    const { code } = await within(proc.exited, WAIT_MS, `plinth ${command} ${args.join(' ')}`);
    return { code, ...proc.output };
  };
  const collectionsOf = async (projectId: string) => {
    const response = await call(server.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/collections` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { slug: string }[]).map((collection) => collection.slug).sort();
  };

  beforeAll(async () => {
    server = await startTarget();
    owner = await signUp(server.app);
    source = await createProject(server.app, owner);
    await createCollection(server.app, owner, source, {
      slug: 'posts',
      name: 'Posts',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'code', type: 'text' },
      ],
    });
    await createCollection(server.app, owner, source, {
      slug: 'pages',
      name: 'Pages',
      fields: [{ name: 'title', type: 'text' }],
    });
    await createDocument(server.app, owner, source, 'posts', { data: { title: 'One', code: 'abc' } });
    await createDocument(server.app, owner, source, 'posts', { data: { title: 'Two' } });
    workDir = fs.mkdtempSync(path.join(server.config.dataDir, 'cli-'));
    archive = path.join(workDir, 'source.tar.gz');
  });
  afterEach(stopProcesses);
  afterAll(() => server?.close());

  it('exports a project to a gzipped tar whose manifest names its collections', async () => {
    const result = await plinth(['export', '--project', source, '--out', archive]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Wrote ${archive} \\(.*bytes\\)\\n$`));
    // stderr is a pipe here: a line per 10%, ending at 100%.
    expect(result.stderr).toContain('Exporting: 100%\n');
    expect(result.stderr).not.toContain('\r');
    const entries = await unpackArchive(fs.readFileSync(archive));
    expect(result.stdout).toContain(`${fs.statSync(archive).size.toLocaleString('en')} bytes`);
    const manifest = JSON.parse(entries.find((entry) => entry.name === 'manifest.json')?.body.toString() ?? '{}');
    expect(manifest.project.id).toBe(source);
    expect(Object.keys(manifest.files)).toEqual(
      expect.arrayContaining(['model/collections/posts.json', 'model/collections/pages.json']),
    );
  });

  it('imports the archive into a new project with --mode copy, and a second time changes nothing', async () => {
    const copy = await createProject(server.app, owner);
    const first = await plinth(['import', '--project', copy, archive, '--mode', 'copy']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Imported \(copy\)\n {2}created +[1-9]\d*\n {2}updated +0\n/);
    expect(first.stdout).toMatch(/conflicts +0\n {2}errors +0\n$/);
    expect(await collectionsOf(copy)).toEqual(['pages', 'posts']);

    const second = await plinth(['import', '--project', copy, archive, '--mode', 'copy', '--json']);
    expect(second.code, second.stderr).toBe(0);
    const { data } = JSON.parse(second.stdout);
    expect(data).toMatchObject({ status: 'done', mode: 'copy', dry_run: false });
    expect(data.report).toMatchObject({ created: 0, updated: 0, conflicts: [], errors: [] });
    expect(data.report.unchanged).toBeGreaterThan(0);
  });

  it('--dry-run reports what it would do and writes nothing', async () => {
    const target = await createProject(server.app, owner);
    const result = await plinth(['import', '--project', target, archive, '--mode', 'copy', '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Imported \(copy\) \(dry run: nothing was written\)\n {2}created +[1-9]/);
    expect(await collectionsOf(target)).toEqual([]);
  });

  it('exits 1 and prints the report when an import fails, or when the archive cannot be read', async () => {
    const broken = path.join(workDir, 'broken.tar.gz');
    fs.writeFileSync(broken, 'not an archive');
    const result = await plinth(['import', '--project', source, broken]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^The import failed/m);
    expect(result.stdout).toBe('');

    const missing = await plinth(['import', '--project', source, path.join(workDir, 'missing.tar.gz')]);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain(`Could not read ${path.join(workDir, 'missing.tar.gz')}`);

    // A file that breaks while it is sent says why, not what the server saw of it.
    const folder = fs.mkdtempSync(path.join(workDir, 'folder-'));
    const unreadable = await plinth(['import', '--project', source, folder]);
    expect(unreadable).toMatchObject({ code: 1, stdout: '' });
    expect(unreadable.stderr).toContain('EISDIR');
  });

  it('lists the diff between two models as a table, applies it, and then finds none', async () => {
    const staging = await createProject(server.app, owner);
    const production = await createProject(server.app, owner);
    await createCollection(server.app, owner, staging, {
      slug: 'authors',
      name: 'Authors',
      fields: [{ name: 'name', type: 'text' }],
    });
    // Signing in with an email and password works as well as a token.
    const signIn = { PLINTH_EMAIL: owner.email, PLINTH_PASSWORD: owner.password };
    const diff = await plinth(['model', 'diff', '--project', production, '--from', staging], signIn);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toContain(`1 change would make the model of ${production} equal to the model of ${staging}`);
    expect(diff.stdout).toMatch(
      /OP +COLLECTION\/COMPONENT +FIELD +AFFECTED DOCUMENTS\nadd_collection +authors +- +0\n$/,
    );

    const dryRun = await plinth(['model', 'apply', '--project', production, '--from', staging, '--dry-run']);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toContain('Dry run, nothing was changed');
    expect(await collectionsOf(production)).toEqual([]);

    const applied = await plinth(['model', 'apply', '--project', production, '--from', staging, '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout).data.changes).toEqual([
      expect.objectContaining({ op: 'add_collection', collection: 'authors', affected_documents: 0 }),
    ]);
    expect(await collectionsOf(production)).toEqual(['authors']);

    const after = await plinth(['model', 'diff', '--project', production, '--from', staging]);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toBe(`No changes: the model of ${production} already equals the model of ${staging}.\n`);
  });

  it('exits 1 with the server’s message and the documents it names when an apply is refused (409)', async () => {
    const staging = await createProject(server.app, owner);
    await createCollection(server.app, owner, staging, {
      slug: 'posts',
      name: 'Posts',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'code', type: 'text', options: { max_length: 2 } },
      ],
    });
    const apply = ['model', 'apply', '--project', source, '--from', staging];
    const direct = await call(server.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${source}/model/apply`,
      payload: { from: staging, dry_run: true },
    });
    expect(direct.statusCode, direct.body).toBe(409);
    const { message, details } = direct.json() as { message: string; details: { path: string; message: string }[] };

    const result = await plinth(apply);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `${message}\n${details.map((detail) => `  ${detail.path}: ${detail.message}\n`).join('')}`,
    );
    expect(result.stderr).toContain('collections.posts.fields.code');
    expect(await collectionsOf(source)).toEqual(['pages', 'posts']);
  });

  it('exits 1 with the server’s message when the credentials are wrong', async () => {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: owner.email, password: 'not the password' }),
    });
    const { message } = (await login.json()) as { message: string };
    const wrongPassword = await plinth(['export', '--project', source, '--out', path.join(workDir, 'never.tar.gz')], {
      PLINTH_EMAIL: owner.email,
      PLINTH_PASSWORD: 'not the password',
    });
    expect(wrongPassword).toMatchObject({ code: 1, stdout: '', stderr: `${message}\n` });
    expect(fs.existsSync(path.join(workDir, 'never.tar.gz'))).toBe(false);

    const badToken = await plinth(['model', 'diff', '--project', source, '--from', source], { PLINTH_TOKEN: 'nope' });
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).not.toBe('');
  });

  it.each([
    [['export', '--project', 'p1', '--bogus'], "Unknown option '--bogus'."],
    [['export', '--project'], "Option '--project <value>' argument missing"],
    [['import', '--project', 'p1'], 'Missing the archive to import'],
    [['import', '--project', 'p1', 'a.tar.gz', '--mode', 'overwrite'], '--mode must be merge, replace, copy'],
    [['model', 'diff', '--project', 'p1', '--from', 'p2', '--dry-run'], 'it has no --dry-run'],
    [['model', 'promote', '--project', 'p1'], 'Unknown model command "promote"'],
    [['export', '--project', 'p1', '--include', 'documents,secrets'], '--include takes documents, versions'],
  ])('%j is a usage error: exit 2 with the usage', async (args, message) => {
    const result = await plinth(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Usage:\n');
    expect(result.stderr).toContain('plinth model apply --project <id> --from <projectId> [--dry-run]');
  });

  it('asks for credentials when the environment has none (exit 2)', async () => {
    const result = await plinth(['export', '--project', source], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Set PLINTH_TOKEN, or PLINTH_EMAIL and PLINTH_PASSWORD');
  });

  it('draws a progress bar on a terminal and names the archive after the project and the day', async () => {
    const cwd = tempDir();
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runClientCommand(
      'export',
      ['--project', source, '--url', server.url, '--include', 'documents'],
      {
        env: { PLINTH_TOKEN: owner.accessToken },
        cwd,
        stdout: (text) => stdout.push(text),
        stderr: (text) => stderr.push(text),
        isStderrTty: true,
      },
    );
    expect(code, stderr.join('')).toBe(0);
    expect(stderr.at(-2)).toBe(`\rExporting [${'#'.repeat(30)}] 100%`);
    expect(stderr.at(-1)).toBe('\n');
    const file = path.join(cwd, `plinth-${source}-${new Date().toISOString().slice(0, 10)}.tar.gz`);
    expect(stdout.join('')).toContain(`Wrote ${file} (`);
    const names = (await unpackArchive(fs.readFileSync(file))).map((entry) => entry.name);
    expect(names).toContain('documents/posts.ndjson');
    expect(names.some((name) => name.startsWith('versions/'))).toBe(false);
  });
});
