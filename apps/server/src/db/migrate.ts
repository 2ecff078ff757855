import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import * as foundation from './migrations/0001-foundation.js';
import * as content from './migrations/0002-content.js';
import * as lifecycle from './migrations/0003-lifecycle.js';
import * as media from './migrations/0004-media.js';
import * as webhooks from './migrations/0005-webhooks.js';
import * as usage from './migrations/0006-usage.js';
import * as status from './migrations/0007-status.js';
import * as billing from './migrations/0008-billing.js';
import * as accountSecurity from './migrations/0009-account-security.js';
import * as oauth from './migrations/0010-oauth.js';
import * as contentIntegrity from './migrations/0011-content-integrity.js';
import * as analyticsBuckets from './migrations/0014-analytics-buckets.js';
import * as searchRows from './migrations/0015-search-rows.js';
import * as identityEmail from './migrations/0016-identity-email.js';
import * as localesEventsPreview from './migrations/0017-locales-events-preview.js';
import * as personalization from './migrations/0018-personalization.js';
import * as aiUsage from './migrations/0019-ai-usage.js';
import * as resumableUploads from './migrations/0020-resumable-uploads.js';
import * as exportsImports from './migrations/0021-exports-imports.js';

// Listed explicitly (not read from disk) so the built server carries its migrations with it.
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-content': content,
  '0003-lifecycle': lifecycle,
  '0004-media': media,
  '0005-webhooks': webhooks,
  '0006-usage': usage,
  '0007-status': status,
  '0008-billing': billing,
  '0009-account-security': accountSecurity,
  '0010-oauth': oauth,
  '0014-analytics-buckets': analyticsBuckets,
  '0011-content-integrity': contentIntegrity,
  '0015-search-rows': searchRows,
  '0016-identity-email': identityEmail,
  '0017-locales-events-preview': localesEventsPreview,
  '0018-personalization': personalization,
  '0019-ai-usage': aiUsage,
  '0020-resumable-uploads': resumableUploads,
  '0021-exports-imports': exportsImports,
};

/*
 * Kysely runs each PostgreSQL migration in a transaction, but SQLite ones outside any (its SQLite
 * adapter claims no transactional DDL, though SQLite has it): a migration failing half-way would
 * leave its first steps applied and its later ones not. Each SQLite migration gets its own.
 */
const inTransaction =
  (step: Migration['up']): Migration['up'] =>
  async (db) => {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return step(db);
    await db.transaction().execute((trx) => step(trx));
  };

const provider: MigrationProvider = {
  getMigrations: async () =>
    Object.fromEntries(
      Object.entries(migrations).map(([name, migration]) => [
        name,
        { up: inTransaction(migration.up), ...(migration.down ? { down: inTransaction(migration.down) } : {}) },
      ]),
    ),
};

/** Brings the schema to the newest migration; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Without an explicit schema, Kysely finds migration tables in any schema of the database and
  // then misses its own; pin it to the schema this connection writes to.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider,
    // Features land in parallel and each migration creates its own tables, so one numbered
    // below an already applied migration is still applied rather than refused.
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
}
