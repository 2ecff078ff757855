import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Bumped on every change of a collection's shape (its fields, or a component its blocks hold),
  // so a document write validated against an older model can tell.
  await db.schema
    .alterTable('collections')
    .addColumn('model_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A deleted collection is kept (with its documents in trash and their versions) rather than erased.
  await db.schema.alterTable('collections').addColumn('deleted_at', 'text').execute();

  // What readers of the published snapshot see as version, updated_at and updated_by: the
  // values as of the last publish, not the working copy's.
  await db.schema.alterTable('documents').addColumn('published_version', 'integer').execute();
  await db.schema.alterTable('documents').addColumn('published_updated_at', 'text').execute();
  await db.schema.alterTable('documents').addColumn('published_updated_by', 'text').execute();
  // Unchanged since publishing: the working values are the published ones.
  await sql`UPDATE documents SET published_version = version, published_updated_at = updated_at,
    published_updated_by = updated_by WHERE published_data IS NOT NULL AND status = 'published'`.execute(db);
  // Changed since: the last version saved before the publish, and the publisher from the audit log.
  await sql`UPDATE documents SET
    published_version = COALESCE((SELECT MAX(v.version) FROM document_versions v
      WHERE v.document_id = documents.id AND v.created_at <= documents.published_at), version),
    published_updated_at = COALESCE(published_at, updated_at),
    published_updated_by = (SELECT a.actor_id FROM audit_log a WHERE a.target_type = 'document'
      AND a.target_id = documents.id AND a.action = 'document.published' AND a.actor_type = 'user'
      ORDER BY a.created_at DESC LIMIT 1)
    WHERE published_data IS NOT NULL AND status <> 'published'`.execute(db);
  await db.schema
    .createIndex('documents_collection_published_updated_at_idx')
    .on('documents')
    .columns(['collection_id', 'published_updated_at', 'id'])
    .execute();

  // Content indexes get new names (hashed, so none is cut at PostgreSQL's 63 characters) and,
  // on PostgreSQL, text values compare bytewise: the old ones are dropped and built again on use.
  const registered = await db.selectFrom('content_indexes').select('name').execute();
  for (const { name } of registered as { name: string }[]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
  await db.deleteFrom('content_indexes').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('documents_collection_published_updated_at_idx').execute();
  for (const column of ['published_updated_by', 'published_updated_at', 'published_version']) {
    await db.schema.alterTable('documents').dropColumn(column).execute();
  }
  for (const column of ['deleted_at', 'model_revision']) {
    await db.schema.alterTable('collections').dropColumn(column).execute();
  }
}
