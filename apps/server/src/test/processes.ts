import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { TEST_DATABASE_URL } from './harness.js';

/*
 * The built CLI as real processes (`node apps/server/dist/main.js`) over one database: a SQLite
 * file, or (with TEST_DATABASE_URL) a PostgreSQL schema of their own. For tests of what crosses
 * processes: durable jobs, events reaching every instance. Call `stopProcesses` after each test.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const mainJs = path.join(root, 'apps/server/dist/main.js');
export const WAIT_MS = 15_000;
export const PASSWORD = 'correct horse battery';

export interface Proc {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
const tempDirs: string[] = [];
const closers: (() => Promise<void>)[] = [];

/** Something else to close after the test, with its processes. */
export const closeAfterTest = (close: () => Promise<void>): void => {
  closers.push(close);
};

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-durable-'));
  tempDirs.push(dir);
  return dir;
}

/** Runs the CLI with only the environment given (plus PATH). */
export function run(args: string[], env: Record<string, string>): Proc {
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

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function waitForStdout(proc: Proc, pattern: RegExp, ms = WAIT_MS): Promise<RegExpMatchArray> {
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
export async function startServer(env: Record<string, string>, role: 'all' | 'api' = 'all') {
  const proc = run(['start', '--role', role], env);
  const [, baseUrl] = await waitForStdout(proc, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  if (!baseUrl) throw new Error('no listening address');
  return { ...proc, baseUrl };
}

export async function startWorker(env: Record<string, string>): Promise<Proc> {
  const proc = run(['start', '--role', 'worker'], env);
  await waitForStdout(proc, /Plinth worker is running background jobs/);
  return proc;
}

/** A JSON API call; throws with the answer unless the status is `expected`. */
export async function api<T = { data: Record<string, unknown> }>(
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

export async function registerAndLogin(baseUrl: string, email: string): Promise<string> {
  await api(baseUrl, 'POST', '/auth/register', { body: { name: 'Owner', email, password: PASSWORD }, expected: 201 });
  return login(baseUrl, email);
}

export async function login(baseUrl: string, email: string): Promise<string> {
  const body = await api<{ access_token: string }>(baseUrl, 'POST', '/auth/login', {
    body: { username: email, password: PASSWORD },
  });
  return body.access_token;
}

export interface Store {
  /** What the processes need to use this database (with PLINTH_DATA_DIR). */
  env: Record<string, string>;
  /** A connection of the test's own, the way an operator would look. */
  open(): DatabaseHandle;
}

/**
 * The database the processes share: the SQLite file of `dataDir`, or a fresh PostgreSQL schema
 * (dropped afterwards) that the processes reach through `search_path` in DATABASE_URL.
 */
export async function freshStore(dataDir: string): Promise<Store> {
  if (!TEST_DATABASE_URL) {
    return { env: {}, open: () => openDatabase({ url: null, sqlitePath: path.join(dataDir, 'plinth.db') }) };
  }
  const url = TEST_DATABASE_URL;
  const schema = `durable_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  closers.push(async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await cleanup.end();
  });
  const options = encodeURIComponent(`-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${options}` },
    open: () => openDatabase({ url, sqlitePath: '', pgSchema: schema, pgPoolSize: 2 }),
  };
}

/** Kills what the test started and removes its databases and folders. */
export async function stopProcesses(): Promise<void> {
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
}
