import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('usage_counters')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('api_requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_counters_pk', ['project_id', 'period'])
    .execute();

  await db.schema
    .createTable('analytics_hourly')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('latency_ms_sum', 'bigint', (c) => c.notNull())
    .addColumn('latency_histogram', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_hourly_pk', ['project_id', 'hour', 'collection', 'status_code'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('analytics_hourly').execute();
  await db.schema.dropTable('usage_counters').execute();
}
