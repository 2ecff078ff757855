import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
const json = (db: Db) => (isPostgres(db) ? sql`jsonb` : sql`text`);

/*
 * Personalization: a project's audiences (who a variant is for: rules on visitor attributes,
 * tried in `priority` order, lower first), and each document's variants, one per audience:
 * partial field overrides of the working copy (`data`) and of the published snapshot
 * (`published_data`, null until the document is published with the variant). Localized fields
 * hold locale maps, as in documents. A variant goes with its document and its audience.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('audiences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('match', 'text', (c) => c.notNull())
    .addColumn('rules', json(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('audiences_project_key_unique', ['project_id', 'key'])
    .execute();

  await db.schema
    .createTable('document_variants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('audience_id', 'text', (c) => c.notNull().references('audiences.id').onDelete('cascade'))
    .addColumn('data', json(db), (c) => c.notNull())
    .addColumn('published_data', json(db))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addUniqueConstraint('document_variants_document_audience_unique', ['document_id', 'audience_id'])
    .execute();
  await db.schema
    .createIndex('document_variants_audience_idx')
    .on('document_variants')
    .columns(['audience_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('document_variants').execute();
  await db.schema.dropTable('audiences').execute();
}
