import type { Trx } from '../../db/repository.js';
import type { DocumentRow } from '../../db/schema.js';
import type { CollectionModel } from '../collections/model.js';
import type { DocumentsRepository } from './documents.repository.js';
import { searchRows } from './search-text.js';
import type { StoredDocument } from './stored-document.js';

/**
 * What a project import asks of the documents table (the transfer module declares it, the
 * composition root wires this in): which ids exist already and where, and writing a document
 * whole, with the id it had, and its search rows.
 */
export class DocumentImports {
  constructor(private readonly deps: { repository: DocumentsRepository }) {}

  findAnyProject(trx: Trx, ids: readonly string[]): Promise<DocumentRow[]> {
    return this.deps.repository.in(trx).findAnyProject(ids);
  }

  /** Inserts the document, or replaces the stored one (`previousVersion`) with it. */
  async write(
    trx: Trx,
    document: StoredDocument,
    previousVersion: number | null,
    model: CollectionModel,
    project: { locales: readonly string[]; defaultLocale: string },
  ): Promise<void> {
    const documents = this.deps.repository.in(trx);
    if (!(await documents.save(document, previousVersion))) {
      throw new Error(`Document ${document.id} changed while it was imported`);
    }
    await documents.replaceSearchRows(
      document.id,
      searchRows({
        model,
        documentId: document.id,
        data: document.data,
        publishedData: document.publishedData,
        locales: project.locales,
        defaultLocale: project.defaultLocale,
      }),
    );
  }
}
