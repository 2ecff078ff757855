import { parseJson } from '../../db/database.js';
import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type { DocumentVersionRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

/** Document history: one row per saved state, never changed but to note the locales published from it. */
export class VersionsRepository extends Repository {
  async insert(
    row: Omit<DocumentVersionRow, 'data' | 'changed_fields' | 'published_locales'> & {
      data: unknown;
      changed_fields: string[];
    },
  ) {
    await this.db
      .insertInto('document_versions')
      .values({ ...row, data: JSON.stringify(row.data), changed_fields: JSON.stringify(row.changed_fields) })
      .execute();
  }

  /** The ids among `ids` that any version already has (imports keep versions' ids). */
  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('document_versions')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  list(documentId: string, page: Page) {
    const query = this.db
      .selectFrom('document_versions')
      .where('document_id', '=', documentId)
      .selectAll()
      .orderBy('version', 'desc');
    return listPage(query, page);
  }

  find(documentId: string, version: number): Promise<DocumentVersionRow | undefined> {
    return this.db
      .selectFrom('document_versions')
      .selectAll()
      .where('document_id', '=', documentId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  /** The locales published from a version (null: none yet); undefined when there is no such version. */
  async publishedLocales(documentId: string, version: number): Promise<string[] | null | undefined> {
    const row = await this.db
      .selectFrom('document_versions')
      .select('published_locales')
      .where('document_id', '=', documentId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) return undefined;
    return row.published_locales === null ? null : parseJson<string[]>(row.published_locales);
  }

  /** The one change a version ever gets: which locales were published from it. */
  async setPublishedLocales(documentId: string, version: number, locales: readonly string[]): Promise<void> {
    await this.db
      .updateTable('document_versions')
      .set({ published_locales: JSON.stringify(locales) })
      .where('document_id', '=', documentId)
      .where('version', '=', version)
      .execute();
  }
}
