import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

/*
 * Resumable (tus) uploads: one row per upload while its bytes arrive in a file under the data
 * dir. `owner` is who created it (`user:<id>` or `token:<id>`); only they may continue it.
 * `asset_id` is set once the last byte made the media asset; rows go when they expire.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('upload_length', 'bigint', (c) => c.notNull())
    .addColumn('upload_offset', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('alt', 'text')
    .addColumn('folder', 'text')
    .addColumn('asset_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('resumable_uploads_project_idx')
    .on('resumable_uploads')
    .columns(['project_id', 'expires_at'])
    .execute();
  await db.schema.createIndex('resumable_uploads_expiry_idx').on('resumable_uploads').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('resumable_uploads').execute();
}
