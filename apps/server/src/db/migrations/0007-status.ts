import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('status_samples')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('db_ms', 'double precision')
    .addColumn('cpu_percent', 'double precision')
    .addColumn('memory_percent', 'double precision')
    .addColumn('disk_percent', 'double precision')
    .execute();
  await db.schema.createIndex('status_samples_taken_at').on('status_samples').column('taken_at').execute();

  await db.schema
    .createTable('status_incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('impact', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema.createIndex('status_incidents_updated_at').on('status_incidents').column('updated_at').execute();

  await db.schema
    .createTable('status_incident_updates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('status_incidents.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('status_incident_updates_incident')
    .on('status_incident_updates')
    .columns(['incident_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('status_subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('status_subscribers').execute();
  await db.schema.dropTable('status_incident_updates').execute();
  await db.schema.dropTable('status_incidents').execute();
  await db.schema.dropTable('status_samples').execute();
}
