import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

const COLUMNS = sql.raw('document_id, collection_id, variant, locale, content');

/*
 * SQLite's full-text table kept `document_id` unindexed, so replacing a document's search rows
 * (on every write) scanned the whole table: writes slowed down in proportion to the number of
 * documents. The rows move to an ordinary table with an index on `document_id` (and a cascade
 * from documents); the FTS5 table becomes an index over it ("external content"), kept in step by
 * triggers. Queries read `document_search` as before. PostgreSQL already indexes `document_id`.
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`CREATE TABLE document_search_rows (
    id INTEGER PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    collection_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    locale TEXT NOT NULL,
    content TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX document_search_rows_document_idx ON document_search_rows (document_id)`.execute(db);
  await sql`INSERT INTO document_search_rows (${COLUMNS})
    SELECT ${COLUMNS} FROM document_search WHERE document_id IN (SELECT id FROM documents)`.execute(db);
  await sql`DROP TABLE document_search`.execute(db);
  await sql`CREATE VIRTUAL TABLE document_search USING fts5(
    document_id UNINDEXED, collection_id UNINDEXED, variant UNINDEXED, locale UNINDEXED, content,
    content = 'document_search_rows', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`CREATE TRIGGER document_search_rows_insert AFTER INSERT ON document_search_rows BEGIN
    INSERT INTO document_search (rowid, ${COLUMNS})
      VALUES (new.id, new.document_id, new.collection_id, new.variant, new.locale, new.content);
  END`.execute(db);
  await sql`CREATE TRIGGER document_search_rows_delete AFTER DELETE ON document_search_rows BEGIN
    INSERT INTO document_search (document_search, rowid, ${COLUMNS})
      VALUES ('delete', old.id, old.document_id, old.collection_id, old.variant, old.locale, old.content);
  END`.execute(db);
  await sql`CREATE TRIGGER document_search_rows_update AFTER UPDATE ON document_search_rows BEGIN
    INSERT INTO document_search (document_search, rowid, ${COLUMNS})
      VALUES ('delete', old.id, old.document_id, old.collection_id, old.variant, old.locale, old.content);
    INSERT INTO document_search (rowid, ${COLUMNS})
      VALUES (new.id, new.document_id, new.collection_id, new.variant, new.locale, new.content);
  END`.execute(db);
  await sql`INSERT INTO document_search (document_search) VALUES ('rebuild')`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`DROP TABLE document_search`.execute(db);
  await sql`CREATE VIRTUAL TABLE document_search USING fts5(
    document_id UNINDEXED, collection_id UNINDEXED, variant UNINDEXED, locale UNINDEXED, content,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`INSERT INTO document_search (${COLUMNS}) SELECT ${COLUMNS} FROM document_search_rows`.execute(db);
  await sql`DROP TABLE document_search_rows`.execute(db);
}
