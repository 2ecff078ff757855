import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type Dialect as KyselyDialect,
  type SqliteDatabase as KyselySqliteDatabase,
  type LogEvent,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import type pg from 'pg';
import { lazy, requireOnDemand } from '../lib/lazy.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  close(): Promise<void>;
  /** Connection pool figures (PostgreSQL only), for /metrics. */
  readonly poolStats?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL only: LISTEN on a channel over a connection of its own (see `listenTo`). */
  readonly listen?: (options: ListenOptions) => Promise<Listener>;
}

export interface ListenOptions {
  channel: string;
  /** Each NOTIFY payload, in the order the notifying transactions committed. */
  onNotify: (payload: string) => void;
  /** After a lost connection is made again: notifications may have been missed meanwhile. */
  onReconnect: () => void;
  onError: (error: unknown) => void;
}

export interface Listener {
  close(): Promise<void>;
}

/** How long a listener waits before connecting again after losing its connection. */
const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on `channel` over one dedicated connection (a pooled one would be handed to others),
 * connecting again whenever it is lost.
 */
async function listenTo(clientConfig: pg.ClientConfig, options: ListenOptions): Promise<Listener> {
  const driver = loadPg();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const attempt = async (isReconnect: boolean): Promise<void> => {
    const next = new driver.Client(clientConfig);
    let lost = false;
    let connected = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) options.onError(error);
      if (client === next) client = null;
      next.end().catch(() => undefined);
      // The first connection's failure is the caller's to handle; later ones are retried.
      if (closed || (!isReconnect && !connected)) return;
      retry = setTimeout(() => void attempt(true), RELISTEN_DELAY_MS);
      retry.unref();
    };
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotify(message.payload ?? '');
    });
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN "${options.channel.replace(/"/g, '')}"`);
    } catch (error) {
      if (!isReconnect) {
        lost = true;
        next.end().catch(() => undefined);
        throw error;
      }
      onLost(error);
      return;
    }
    connected = true;
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (isReconnect) options.onReconnect();
  };
  await attempt(false);
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The pg driver, loaded only when the database is PostgreSQL. */
const loadPg = lazy(() => {
  const driver = requireOnDemand('pg') as typeof pg;
  // COUNT(*) and BIGINT arrive as strings from pg; our counts stay far below 2^53.
  driver.types.setTypeParser(driver.types.builtins.INT8, (value) => Number.parseInt(value, 10));
  return driver;
});

export interface OpenDatabaseOptions {
  /** `postgres://…`; when absent, SQLite at `sqlitePath`. */
  url: string | null;
  /** A file path, or `:memory:`. */
  sqlitePath: string;
  /** PostgreSQL schema to use as search_path (tests isolate themselves this way). */
  pgSchema?: string;
  pgPoolSize?: number;
  /** Called with every SQL statement run (tests count queries with it). */
  onQuery?: (sql: string) => void;
  /** Wraps the Kysely dialect (tests hold a connection request to put two changes in a set order). */
  wrapDialect?: (dialect: KyselyDialect) => KyselyDialect;
}

const queryLog = ({ onQuery }: OpenDatabaseOptions) =>
  onQuery ? { log: (event: LogEvent) => onQuery(event.query.sql) } : {};

/**
 * Opens SQLite (WAL, foreign keys, synchronous=FULL) or a PostgreSQL pool behind one Kysely type.
 * @example const { db, close } = openDatabase({ url: null, sqlitePath: './data/plinth.db' });
 */
export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.url) {
    const pool = new (loadPg().Pool)({
      connectionString: options.url,
      max: options.pgPoolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const dialect = new PostgresDialect({ pool });
    const db = new Kysely<Database>({ dialect: options.wrapDialect?.(dialect) ?? dialect, ...queryLog(options) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    const clientConfig: pg.ClientConfig = {
      connectionString: options.url,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    };
    const listen = (listenOptions: ListenOptions) => listenTo(clientConfig, listenOptions);
    return { db, dialect: 'postgres', close: () => db.destroy(), poolStats, listen };
  }
  if (options.sqlitePath !== ':memory:') {
    fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  }
  const sqlite = new SqliteDatabase(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<Database>({ dialect: options.wrapDialect?.(dialect) ?? dialect, ...queryLog(options) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** How many distinct SQL texts keep their prepared statement (the app has a few hundred). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The SQLite connection as Kysely sees it, with prepared statements kept by SQL text: Kysely
 * prepares every query anew, and reusing a statement skips compiling its SQL again.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      // A statement still iterating (a streamed query) cannot run again until it is done.
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

/** JSON columns come back parsed from PostgreSQL (jsonb) and as text from SQLite. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Booleans are stored as 0/1 on both databases. */
export const toBool = (value: unknown): boolean => value === 1 || value === true || value === '1';
