import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

/*
 * Project exports: each is a background job that writes one gzipped tar archive under the data
 * dir (`file`, relative to it), polled by id until it is done or failed. Project imports: the
 * uploaded archive waits under the data dir for its job, which leaves a report (JSON); a `copy`
 * import records the new id it gave each id of the archive.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('project_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('include', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint')
    .addColumn('error', 'text')
    .addColumn('file', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('project_exports_project').on('project_exports').columns(['project_id']).execute();
  await db.schema
    .createTable('project_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    .addColumn('file', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('project_imports_project').on('project_imports').columns(['project_id']).execute();
  // What a `copy` import gave each id of an archive in a project, so a second copy finds its first.
  await db.schema
    .createTable('import_copies')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('copy_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_copies_pk', ['project_id', 'source_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('import_copies').execute();
  await db.schema.dropTable('project_imports').execute();
  await db.schema.dropTable('project_exports').execute();
}
