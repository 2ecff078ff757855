import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

const json = (db: Db) => (db.getExecutor().adapter instanceof PostgresAdapter ? sql`jsonb` : sql`text`);

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', json(db), (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_dedupe_idx').on('jobs').columns(['dedupe_key', 'status']).execute();

  await db.schema
    .createTable('document_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('data', json(db), (c) => c.notNull())
    .addColumn('changed_fields', json(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_by_token', 'text')
    .addUniqueConstraint('document_versions_unique', ['document_id', 'version'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('details', json(db), (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_project_idx')
    .on('audit_log')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['project_id', 'target_type', 'target_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of ['audit_log', 'document_versions', 'jobs']) await db.schema.dropTable(table).execute();
}
