import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
const json = (db: Db) => (isPostgres(db) ? sql`jsonb` : sql`text`);

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('singular', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('display_field', 'text')
    .addColumn('requires_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fields', json(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('collections_project_slug_unique', ['project_id', 'slug'])
    .execute();

  await db.schema
    .createTable('components')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('fields', json(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('components_project_name_unique', ['project_id', 'name'])
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('data', json(db), (c) => c.notNull())
    .addColumn('published_data', json(db))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('workflow_stage', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('publish_at', 'text')
    .addColumn('unpublish_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('deleted_at', 'text')
    .execute();
  for (const column of ['created_at', 'updated_at', 'published_at']) {
    await db.schema
      .createIndex(`documents_collection_${column}_idx`)
      .on('documents')
      .columns(['collection_id', column, 'id'])
      .execute();
  }

  if (isPostgres(db)) {
    await sql`CREATE TABLE document_search (
      document_id text NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      collection_id text NOT NULL,
      variant text NOT NULL,
      locale text NOT NULL,
      content text NOT NULL,
      tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED
    )`.execute(db);
    await sql`CREATE INDEX document_search_tsv_idx ON document_search USING gin (tsv)`.execute(db);
    await sql`CREATE INDEX document_search_document_idx ON document_search (document_id)`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE document_search USING fts5(
      document_id UNINDEXED, collection_id UNINDEXED, variant UNINDEXED, locale UNINDEXED, content,
      tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
  }

  await db.schema
    .createTable('content_indexes')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of ['content_indexes', 'document_search', 'documents', 'components', 'collections']) {
    await db.schema.dropTable(table).execute();
  }
}
