import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { startSmtpServer } from '../test/smtp.js';

/*
 * The job queue survives what processes go through: a stop and start of the server, and a
 * worker killed in the middle of a job. Real processes of the built CLI on a SQLite file (these
 * tests ignore TEST_DATABASE_URL, like main.test.ts).
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const mainJs = path.join(root, 'apps/server/dist/main.js');
const WAIT_MS = 15_000;
const PASSWORD = 'correct horse battery';

interface Proc {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
const tempDirs: string[] = [];
const closers: (() => Promise<void>)[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-durable-'));
  tempDirs.push(dir);
  return dir;
}

/** Runs the CLI with only the environment given (plus PATH). */
function run(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [mainJs, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      PLINTH_SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output, exited };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function waitForStdout(proc: Proc, pattern: RegExp, ms = WAIT_MS): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = proc.output.stdout.match(pattern);
    if (match) return match;
    if (proc.child.exitCode !== null) {
      throw new Error(`process exited (${proc.child.exitCode}) before printing ${pattern}: ${proc.output.stderr}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`no ${pattern} within ${ms} ms; got:\n${proc.output.stdout}\n${proc.output.stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `plinth start` (any role that serves HTTP), resolved with its base URL once it listens. */
async function startServer(env: Record<string, string>, role: 'all' | 'api' = 'all') {
  const proc = run(['start', '--role', role], env);
  const [, baseUrl] = await waitForStdout(proc, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  if (!baseUrl) throw new Error('no listening address');
  return { ...proc, baseUrl };
}

async function startWorker(env: Record<string, string>): Promise<Proc> {
  const proc = run(['start', '--role', 'worker'], env);
  await waitForStdout(proc, /Plinth worker is running background jobs/);
  return proc;
}

/** A JSON API call; throws with the answer unless the status is `expected`. */
async function api<T = { data: Record<string, unknown> }>(
  baseUrl: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; expected?: number } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  const text = await response.text();
  if (response.status !== (options.expected ?? 200)) {
    throw new Error(`${method} ${url}: expected ${options.expected ?? 200}, got ${response.status}: ${text}`);
  }
  return (text ? JSON.parse(text) : {}) as T;
}

async function registerAndLogin(baseUrl: string, email: string): Promise<string> {
  await api(baseUrl, 'POST', '/auth/register', { body: { name: 'Owner', email, password: PASSWORD }, expected: 201 });
  return login(baseUrl, email);
}

async function login(baseUrl: string, email: string): Promise<string> {
  const body = await api<{ access_token: string }>(baseUrl, 'POST', '/auth/login', {
    body: { username: email, password: PASSWORD },
  });
  return body.access_token;
}

/** The jobs table of a data directory, read the way an operator would (another connection). */
async function jobsIn(dataDir: string, kind: string) {
  const database = openDatabase({ url: null, sqlitePath: path.join(dataDir, 'plinth.db') });
  try {
    return await database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).execute();
  } finally {
    await database.close();
  }
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await within(new Promise((resolve) => child.once('exit', resolve)), 5000, 'a killed child to exit').catch(
        () => undefined,
      );
    }
  }
  for (const close of closers.splice(0)) await close();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('durable jobs across processes (sqlite)', () => {
  it('runs a publish that fell due while the server was down as soon as it starts again', async () => {
    const dataDir = tempDir();
    const env = { PLINTH_DATA_DIR: dataDir };
    const first = await startServer(env);
    const email = 'scheduler@example.com';
    const token = await registerAndLogin(first.baseUrl, email);
    const project = await api(first.baseUrl, 'POST', '/projects', {
      token,
      body: { name: 'Durable' },
      expected: 201,
    });
    const projectId = project.data.id as string;
    await api(first.baseUrl, 'POST', `/projects/${projectId}/collections`, {
      token,
      body: { slug: 'posts', name: 'Posts', fields: [{ name: 'title', type: 'text', required: true }] },
      expected: 201,
    });
    const docs = `/projects/${projectId}/collections/posts/documents`;
    const created = await api(first.baseUrl, 'POST', docs, {
      token,
      body: { data: { title: 'Later' } },
      expected: 201,
    });
    const documentId = created.data.id as string;
    const publishAt = new Date(Date.now() + 4_000);
    const scheduled = await api(first.baseUrl, 'POST', `${docs}/${documentId}/schedule`, {
      token,
      body: { publish_at: publishAt.toISOString() },
    });
    expect(scheduled.data).toMatchObject({ status: 'draft', publish_at: publishAt.toISOString() });

    first.child.kill('SIGTERM');
    expect(await within(first.exited, WAIT_MS, 'the server to stop')).toEqual({ code: 0, signal: null });
    expect(Date.now(), 'the server stopped before the publish time').toBeLessThan(publishAt.getTime());
    // Nothing ran it while the server was down.
    await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() + 300 - Date.now()));
    const [pending] = await jobsIn(dataDir, 'document.scheduled');
    expect(pending).toMatchObject({ status: 'pending', attempts: 0 });

    const second = await startServer(env);
    const startedAt = Date.now();
    const again = await login(second.baseUrl, email);
    let document: Record<string, unknown> = {};
    for (;;) {
      document = (await api(second.baseUrl, 'GET', `${docs}/${documentId}`, { token: again })).data;
      if (document.status === 'published') break;
      if (Date.now() - startedAt > 5_000) throw new Error(`not published 5 s after start: ${JSON.stringify(document)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(document).toMatchObject({ status: 'published', publish_at: null });
    expect(new Date(document.published_at as string).getTime()).toBeGreaterThanOrEqual(publishAt.getTime());
    const [done] = await jobsIn(dataDir, 'document.scheduled');
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
    const audit = await api<{ data: { action: string; actor: { type: string } }[] }>(
      second.baseUrl,
      'GET',
      `/projects/${projectId}/audit-log?target_id=${documentId}&action=document.published`,
      { token: again },
    );
    expect(audit.data).toEqual([expect.objectContaining({ actor: { type: 'system', id: null } })]);
  }, 40_000);

  it('retries, after its lease, an email whose worker was killed while sending it', async () => {
    const smtp = await startSmtpServer({ holdMessages: 1 });
    closers.push(smtp.close);
    const dataDir = tempDir();
    const env = { PLINTH_DATA_DIR: dataDir, SMTP_URL: smtp.url, PLINTH_JOB_LEASE_MS: '2000' };
    const server = await startServer(env, 'api');
    const firstWorker = await startWorker(env);

    const email = 'forgetful@example.com';
    await api(server.baseUrl, 'POST', '/auth/register', {
      body: { name: 'Forgetful', email, password: PASSWORD },
      expected: 201,
    });
    await api(server.baseUrl, 'POST', '/auth/forgot-password', { body: { email }, expected: 202 });

    // The worker has the job and is in the middle of sending it: kill it there.
    await smtp.waitForHeld(email, 10_000);
    firstWorker.child.kill('SIGKILL');
    expect(await within(firstWorker.exited, WAIT_MS, 'the worker to die')).toEqual({ code: null, signal: 'SIGKILL' });
    const [orphan] = await jobsIn(dataDir, 'email.send');
    expect(orphan).toMatchObject({ status: 'running', attempts: 1 });
    expect(smtp.received).toHaveLength(0);

    const secondWorker = await startWorker(env);
    const mail = await smtp.waitFor(email, /reset/i, 10_000);
    expect(mail.text).toContain('/reset-password');
    const [done] = await jobsIn(dataDir, 'email.send');
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect(done?.last_error).toMatch(/lease expired/);
    expect(secondWorker.output.stdout).toContain('Email sent');
    // The API process never ran it: it runs no jobs.
    expect(server.output.stdout).not.toContain('Email sent');
  }, 40_000);
});
