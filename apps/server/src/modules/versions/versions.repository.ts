import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type { DocumentVersionRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

/** Document history: one append-only row per saved state. */
export class VersionsRepository extends Repository {
  async insert(row: Omit<DocumentVersionRow, 'data' | 'changed_fields'> & { data: unknown; changed_fields: string[] }) {
    await this.db
      .insertInto('document_versions')
      .values({ ...row, data: JSON.stringify(row.data), changed_fields: JSON.stringify(row.changed_fields) })
      .execute();
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
}
