import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
const json = (db: Db) => (isPostgres(db) ? sql`jsonb` : sql`text`);

/*
 * Per-locale publishing: a document records which locales its snapshot holds, and which
 * locales its scheduled publish and unpublish concern (null: every locale); a version records
 * the locales published from it. Documents published before were published in every locale of
 * their project.
 *
 * Real-time events: `project_events` is the log that streams replay from (kept 24 hours). Its
 * id is the stream's event id, increasing in the order the changes committed within a project;
 * `published_payload` is what readers of published content only may see of an event (null:
 * nothing). Tickets let a
 * browser's EventSource open a stream without a token in its URL. `presence` holds who has a
 * document open, until their heartbeats stop.
 *
 * Live preview: a collection may name the URL its documents are previewed at.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('collections').addColumn('preview_url', 'text').execute();
  await db.schema.alterTable('documents').addColumn('published_locales', json(db)).execute();
  await db.schema.alterTable('documents').addColumn('publish_locales', json(db)).execute();
  await db.schema.alterTable('documents').addColumn('unpublish_locales', json(db)).execute();
  await db.schema.alterTable('document_versions').addColumn('published_locales', json(db)).execute();
  await sql`UPDATE documents SET published_locales =
    (SELECT projects.locales FROM projects WHERE projects.id = documents.project_id)
    WHERE published_data IS NOT NULL`.execute(db);

  if (isPostgres(db)) {
    await sql`CREATE TABLE project_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      project_id text NOT NULL,
      event text NOT NULL,
      collection text,
      payload text NOT NULL,
      published_payload text,
      created_at text NOT NULL
    )`.execute(db);
  } else {
    await sql`CREATE TABLE project_events (
      id integer PRIMARY KEY AUTOINCREMENT,
      project_id text NOT NULL,
      event text NOT NULL,
      collection text,
      payload text NOT NULL,
      published_payload text,
      created_at text NOT NULL
    )`.execute(db);
  }
  await db.schema
    .createIndex('project_events_project_idx')
    .on('project_events')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema.createIndex('project_events_created_idx').on('project_events').columns(['created_at']).execute();

  await db.schema
    .createTable('event_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('presence')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('field', 'text')
    .addColumn('locale', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('presence_pk', ['project_id', 'document_id', 'user_id', 'client_id'])
    .execute();
  await db.schema.createIndex('presence_expires_idx').on('presence').columns(['expires_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('presence').execute();
  await db.schema.dropTable('event_tickets').execute();
  await db.schema.dropTable('project_events').execute();
  await db.schema.alterTable('document_versions').dropColumn('published_locales').execute();
  for (const column of ['unpublish_locales', 'publish_locales', 'published_locales']) {
    await db.schema.alterTable('documents').dropColumn(column).execute();
  }
  await db.schema.alterTable('collections').dropColumn('preview_url').execute();
}
