import type { Field } from '@plinth/contract';
import type { Trx } from '../../db/repository.js';
import type { DocumentRow } from '../../db/schema.js';
import type { CollectionModel } from '../collections/model.js';
import type { StoredContent } from '../collections/stored-content.js';
import type { MediaReferences } from '../media/media.service.js';
import type { ContentIndexes } from './content-indexes.js';
import type { DocumentsRepository } from './documents.repository.js';
import { searchedFieldsChanged, searchRows } from './search-text.js';
import { toStoredDocument } from './stored-document.js';

/**
 * What other modules may ask of the stored documents, through the interfaces they declare
 * (wired in the composition root): model changes (StoredContent) and media deletions
 * (MediaReferences). The documents table stays this module's alone.
 */
export class StoredDocuments implements StoredContent, MediaReferences {
  constructor(private readonly deps: { repository: DocumentsRepository; indexes: ContentIndexes }) {}

  lockCollections(trx: Trx, collectionIds: readonly string[]): Promise<void> {
    return this.deps.repository.in(trx).lockCollections(collectionIds);
  }

  countLive(collectionId: string): Promise<number> {
    return this.deps.repository.countLive(collectionId);
  }

  scan(trx: Trx, collectionId: string): AsyncGenerator<DocumentRow[]> {
    return this.deps.repository.in(trx).scan(collectionId);
  }

  trashCollection(trx: Trx, collectionId: string, deletedAt: string): Promise<number> {
    return this.deps.repository.in(trx).trashCollection(collectionId, deletedAt);
  }

  restoreCollection(trx: Trx, collectionId: string, deletedAt: string): Promise<number> {
    return this.deps.repository.in(trx).restoreCollection(collectionId, deletedAt);
  }

  async refreshSearch(
    trx: Trx,
    before: CollectionModel,
    after: CollectionModel,
    project: { locales: readonly string[]; defaultLocale: string },
  ): Promise<void> {
    if (!searchedFieldsChanged(before.fields, after.fields)) return;
    const documents = this.deps.repository.in(trx);
    for await (const rows of documents.scan(after.id)) {
      for (const document of rows.map(toStoredDocument)) {
        await documents.replaceSearchRows(
          document.id,
          searchRows({
            model: after,
            documentId: document.id,
            data: document.data,
            publishedData: document.publishedData,
            locales: project.locales,
            defaultLocale: project.defaultLocale,
          }),
        );
      }
    }
  }

  ensureIndexes(fields: readonly Field[], project: { locales: readonly string[]; defaultLocale: string }) {
    return this.deps.indexes.ensure(fields, project);
  }

  countPublishedReferences(projectId: string, assetId: string): Promise<number> {
    return this.deps.repository.countPublishedReferences(projectId, assetId);
  }
}
