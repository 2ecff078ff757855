import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type KyselyPlugin, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type DatabaseHandle, type OpenDatabaseOptions, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Worker, WorkerOptions } from '../jobs/queue.js';
import { createLogger, type RootLogger } from '../lib/logger.js';
import type { Mailer } from '../lib/mailer.js';
import type { DnsLookup } from '../lib/safe-http.js';
import type { MediaOptions } from '../modules/media/media.service.js';
import type { WebhookJobOptions } from '../modules/webhooks/webhook-delivery.job.js';
import { createServices, type EventStreamOptions, type Services } from '../services.js';

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
export async function createTestDatabase(
  options: Pick<OpenDatabaseOptions, 'onQuery' | 'wrapDialect'> & { linguisticCollation?: boolean } = {},
): Promise<DatabaseHandle> {
  const { linguisticCollation, ...databaseOptions } = options;
  if (TEST_DATABASE_URL && linguisticCollation) return createLinguisticDatabase(TEST_DATABASE_URL, options.onQuery);
  if (!TEST_DATABASE_URL) {
    const database = openDatabase({ url: null, sqlitePath: ':memory:', ...databaseOptions });
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
    ...databaseOptions,
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

/**
 * A PostgreSQL database of its own whose default collation is ICU English (case- and
 * accent-aware, as many production databases are), dropped afterwards.
 */
async function createLinguisticDatabase(url: string, onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en' LOCALE 'C.UTF-8'`,
  );
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openDatabase({
    url: target.toString(),
    sqlitePath: '',
    pgPoolSize: 4,
    ...(onQuery ? { onQuery } : {}),
  });
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

async function dropSchema(schema: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL ?? undefined });
  await cleanup.connect();
  await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await cleanup.end();
}

/** A server as a process runs it (services, HTTP app, worker), on a database the test owns. */
export interface TestServer {
  app: FastifyInstance;
  services: Services;
  /** The job worker, when it runs. */
  worker: Worker | null;
  /** Stops the app, the worker and the services (the database stays open). */
  close(): Promise<void>;
}

export interface TestServerOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: () => Date;
  mailer?: Mailer;
  /** false turns the job worker off; options tune it (the default polls every 50 ms). */
  worker?: boolean | WorkerOptions;
  media?: MediaOptions;
  /** Replaces DNS for outbound requests (webhook URL checks). */
  dnsLookup?: DnsLookup;
  /** Tunes webhook deliveries (short timeouts and delays). */
  webhookJob?: WebhookJobOptions;
  /** Replaces the status sampler's database check. */
  statusProbe?: () => Promise<void>;
  /** Tunes event streams and presence (short heartbeats, polls, buffers). */
  events?: Partial<EventStreamOptions>;
  /** Take health samples on a timer (the default); tests that take them by hand turn it off. */
  healthSamples?: boolean;
  /** The process's logger; silent by default. */
  log?: RootLogger;
  /** Adds test-only routes or hooks to the built app before it starts. */
  beforeReady?: (app: FastifyInstance, services: Services) => Promise<void> | void;
}

/**
 * Builds and starts a server as `plinth start` does (services, then the HTTP app over them,
 * then its background work and the job worker), for `app.inject()`.
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const log = options.log ?? createLogger('silent');
  const services = await createServices({
    config: options.config,
    database: options.database,
    log,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.media ? { media: options.media } : {}),
    ...(options.dnsLookup ? { dnsLookup: options.dnsLookup } : {}),
    ...(options.webhookJob ? { webhookJob: options.webhookJob } : {}),
    ...(options.statusProbe ? { statusProbe: options.statusProbe } : {}),
    ...(options.events ? { events: options.events } : {}),
  });
  const app = await buildApp({ services, webDistDir: null, ...(options.log ? {} : { logger: false as const }) });
  await options.beforeReady?.(app, services);
  await app.ready();
  await services.startBackgroundWork({ healthSamples: options.healthSamples !== false });
  const worker =
    options.worker === false
      ? null
      : services.worker(options.worker === true || !options.worker ? { pollMs: 50 } : options.worker);
  worker?.start();
  return {
    app,
    services,
    worker,
    async close() {
      await app.close();
      await worker?.stop();
      await services.close();
    },
  };
}

export interface TestApp extends TestServer {
  /**
   * SQL statements run while serving requests (reset it to count the queries of one request).
   * Background work (the job worker's polls, metering flushes) is left out, so counts don't
   * depend on what a timer happened to do meanwhile.
   */
  queries: string[];
  config: Config;
  database: DatabaseHandle;
}

/**
 * The whole server on a fresh database, for `app.inject()`. `env` is the environment the
 * process would see (for example `{ PLINTH_REGISTRATION: 'approval' }`).
 */
export async function createTestApp(
  options: Omit<TestServerOptions, 'config' | 'database'> & {
    env?: Record<string, string>;
    /** Kysely plugins on the app's connection (tests that watch queries to order a race). */
    plugins?: KyselyPlugin[];
    /** Wraps the database dialect (tests that hold a connection request to order a race). */
    wrapDialect?: OpenDatabaseOptions['wrapDialect'];
    /** On PostgreSQL, a database whose default collation is linguistic (ICU English) rather than bytewise. */
    linguisticCollation?: boolean;
  } = {},
): Promise<TestApp> {
  const { env, plugins, wrapDialect, linguisticCollation, beforeReady, ...serverOptions } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-test-'));
  const config = loadConfig({
    PLINTH_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PLINTH_SEED_DEMO: 'false',
    PUBLIC_URL: 'http://plinth.test',
    ...env,
  });
  const queries: string[] = [];
  const servingRequest = new AsyncLocalStorage<true>();
  const database = await createTestDatabase({
    onQuery: (statement) => {
      if (servingRequest.getStore()) queries.push(statement);
    },
    ...(wrapDialect ? { wrapDialect } : {}),
    ...(linguisticCollation ? { linguisticCollation: true } : {}),
  });
  const db = (plugins ?? []).reduce((withPlugins, plugin) => withPlugins.withPlugin(plugin), database.db);
  const server = await startTestServer({
    ...serverOptions,
    config,
    database: { ...database, db },
    beforeReady: async (app, services) => {
      // Everything a request causes runs in this scope, timers started before it don't.
      app.addHook('onRequest', (_request, _reply, done) => servingRequest.run(true, done));
      await beforeReady?.(app, services);
    },
  });
  return {
    ...server,
    queries,
    config,
    database,
    async close() {
      await server.close();
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

/** Every row of every table, as JSON text: to check that a secret is stored nowhere. */
export async function dumpDatabase(database: DatabaseHandle): Promise<string> {
  const tables =
    database.dialect === 'postgres'
      ? await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(database.db)
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(database.db);
  const dump: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) {
    dump[name] = (await sql`SELECT * FROM ${sql.table(name)}`.execute(database.db)).rows;
  }
  return JSON.stringify(dump);
}
