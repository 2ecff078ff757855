import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
const json = (db: Db) => (isPostgres(db) ? sql`jsonb` : sql`text`);

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('media_assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    // image, video, audio or document: what the list's `type` filter matches.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('dominant_color', 'text')
    // Alt text per locale: {"en": "…", "es": "…"}.
    .addColumn('alt', json(db), (c) => c.notNull())
    .addColumn('folder', 'text')
    .addColumn('focal_x', 'double precision')
    .addColumn('focal_y', 'double precision')
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    // Lower-cased filename and alt texts, for the list's `q` search on both databases alike.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_by_token', 'text')
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('media_assets_project_idx')
    .on('media_assets')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('media_assets_folder_idx').on('media_assets').columns(['project_id', 'folder']).execute();

  // Generated image variants kept in storage, counted per asset so they stay bounded.
  await db.schema
    .createTable('media_variants')
    .addColumn('asset_id', 'text', (c) => c.notNull().references('media_assets.id').onDelete('cascade'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_variants_pk', ['asset_id', 'variant'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('media_variants').execute();
  await db.schema.dropTable('media_assets').execute();
}
