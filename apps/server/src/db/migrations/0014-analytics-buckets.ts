import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

/** The latency buckets of 0006's JSON histogram, in its order: upper bounds in ms, then the rest. */
const BUCKETS = [
  'latency_le_1',
  'latency_le_2',
  'latency_le_5',
  'latency_le_10',
  'latency_le_20',
  'latency_le_50',
  'latency_le_100',
  'latency_le_200',
  'latency_le_500',
  'latency_le_1000',
  'latency_le_2000',
  'latency_le_5000',
  'latency_le_10000',
  'latency_le_inf',
] as const;

/*
 * Hourly analytics rollups keep their latency histogram as one integer column per bucket instead
 * of a JSON array, so that concurrent writers (the flush timer, a read that flushes first, other
 * instances) add to a row in a single INSERT … ON CONFLICT DO UPDATE instead of reading it and
 * writing back a sum computed in the application. An index on `hour` serves the retention prune.
 */
export async function up(db: Db): Promise<void> {
  for (const column of BUCKETS) {
    await db.schema
      .alterTable('analytics_hourly')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const assignments = BUCKETS.map((column, index) => {
    const value = isPostgres
      ? sql`coalesce((latency_histogram::jsonb ->> ${sql.lit(index)})::bigint, 0)`
      : sql`coalesce(json_extract(latency_histogram, ${sql.lit(`$[${index}]`)}), 0)`;
    return sql`${sql.ref(column)} = ${value}`;
  });
  await sql`update analytics_hourly set ${sql.join(assignments)}`.execute(db);
  await db.schema.alterTable('analytics_hourly').dropColumn('latency_histogram').execute();
  await db.schema.createIndex('analytics_hourly_hour_idx').on('analytics_hourly').column('hour').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('analytics_hourly_hour_idx').execute();
  await db.schema
    .alterTable('analytics_hourly')
    .addColumn('latency_histogram', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  const histogram = sql.join(
    BUCKETS.map((column) => sql.ref(column)),
    sql` || ',' || `,
  );
  await sql`update analytics_hourly set latency_histogram = '[' || ${histogram} || ']'`.execute(db);
  for (const column of BUCKETS) await db.schema.alterTable('analytics_hourly').dropColumn(column).execute();
}
