import type { Kysely, Transaction } from 'kysely';
import type { Database, DocumentVersionRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Document history: one append-only row per saved state. */
export class VersionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(
    db: Db,
    row: Omit<DocumentVersionRow, 'data' | 'changed_fields'> & { data: unknown; changed_fields: string[] },
  ) {
    await db
      .insertInto('document_versions')
      .values({ ...row, data: JSON.stringify(row.data), changed_fields: JSON.stringify(row.changed_fields) })
      .execute();
  }

  async list(documentId: string, page: Page) {
    const base = this.db.selectFrom('document_versions').where('document_id', '=', documentId);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('version', 'desc').limit(page.limit).offset(page.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  find(documentId: string, version: number, db: Db = this.db): Promise<DocumentVersionRow | undefined> {
    return db
      .selectFrom('document_versions')
      .selectAll()
      .where('document_id', '=', documentId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  /** The latest recorded version, whatever its number. */
  latest(documentId: string, db: Db = this.db): Promise<DocumentVersionRow | undefined> {
    return db
      .selectFrom('document_versions')
      .selectAll()
      .where('document_id', '=', documentId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
