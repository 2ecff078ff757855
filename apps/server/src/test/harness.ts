import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { WorkerOptions } from '../jobs/queue.js';
import type { Mailer } from '../lib/mailer.js';

/** Set by CI to run every server test on PostgreSQL as well. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
export const dialectName = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** A clock the test moves by hand. */
export function createTestClock(start = new Date('2026-11-22T10:00:00.000Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    set(date: Date) {
      now = date.getTime();
    },
  };
}

/**
 * A fresh database: SQLite in memory, or (with TEST_DATABASE_URL) a PostgreSQL schema of its
 * own that is dropped afterwards, so test files can run in parallel.
 */
export async function createTestDatabase(onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  if (!TEST_DATABASE_URL) {
    const database = openDatabase({ url: null, sqlitePath: ':memory:', ...(onQuery ? { onQuery } : {}) });
    await migrateToLatest(database.db);
    return database;
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = openDatabase({
    url: TEST_DATABASE_URL,
    sqlitePath: '',
    pgSchema: schema,
    pgPoolSize: 4,
    ...(onQuery ? { onQuery } : {}),
  });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    await dropSchema(schema);
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await dropSchema(schema);
    },
  };
}

async function dropSchema(schema: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL ?? undefined });
  await cleanup.connect();
  await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await cleanup.end();
}

export interface TestApp {
  app: FastifyInstance;
  /** SQL statements run so far (reset it to count the queries of one request). */
  queries: string[];
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The whole server on a fresh database, for `app.inject()`. `env` is the environment the
 * process would see (for example `{ PLINTH_REGISTRATION: 'approval' }`).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: () => Date;
    mailer?: Mailer;
    /** false turns the job worker off; options tune it (the default polls every 50 ms). */
    worker?: boolean | WorkerOptions;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-test-'));
  const config = loadConfig({
    PLINTH_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PLINTH_SEED_DEMO: 'false',
    PUBLIC_URL: 'http://plinth.test',
    ...options.env,
  });
  const queries: string[] = [];
  const database = await createTestDatabase((sql) => queries.push(sql));
  const app = await buildApp({
    config,
    database,
    logger: false,
    webDistDir: null,
    worker:
      options.worker === false ? false : options.worker === true || !options.worker ? { pollMs: 50 } : options.worker,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  await app.ready();
  return {
    app,
    queries,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  userId: string;
  email: string;
  password: string;
}

let counter = 0;
/** A unique email per call, so tests never collide. */
export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

/** Registers (first user of the app becomes instance admin) and signs in. */
export async function signUp(
  app: FastifyInstance,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<Session> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: options.name ?? 'Test User', email, password },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  return signIn(app, email, password);
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const body = response.json();
  return { accessToken: body.access_token, refreshToken: body.refresh_token, userId: body.user.id, email, password };
}

/** `app.inject` with a bearer credential (a Session or an API token string). */
export function call(
  app: FastifyInstance,
  credential: Session | string | null,
  options: InjectOptions & { method: InjectOptions['method']; url: string },
): Promise<LightMyRequestResponse> {
  const token = credential === null ? null : typeof credential === 'string' ? credential : credential.accessToken;
  return app.inject({
    ...options,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
  });
}

/** Checks the error shape of API.md and returns the body. */
export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  const body = response.json();
  if (response.statusCode !== status || body.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.statusCode}: ${response.body}`);
  }
  if (typeof body.message !== 'string' || body.statusCode !== status || typeof body.error !== 'string') {
    throw new Error(`error body does not follow the contract: ${response.body}`);
  }
  return body as {
    statusCode: number;
    error: string;
    code: string;
    message: string;
    details?: { path: string; message: string }[];
  };
}
