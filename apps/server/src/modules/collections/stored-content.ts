import type { Field } from '@plinth/contract';
import type { Trx } from '../../db/repository.js';
import type { DocumentRow } from '../../db/schema.js';
import type { CollectionModel } from './model.js';

/**
 * What changes of the model need of the documents stored under it. The documents module owns
 * them (it implements this, wired in the composition root), so the model never reaches into
 * their table.
 */
export interface StoredContent {
  /**
   * Takes the writer lock of these collections until `trx` ends (document writes take it too),
   * so a model change sees every document written before it and none slips in while it checks.
   */
  lockCollections(trx: Trx, collectionIds: readonly string[]): Promise<void>;
  /** Live (not trashed) documents of a collection. */
  countLive(collectionId: string): Promise<number>;
  /** Every document of a collection, in batches, read in `trx`. */
  scan(trx: Trx, collectionId: string): AsyncGenerator<DocumentRow[]>;
  /** Puts a deleted collection's live documents in the trash, marked with the deletion's time; returns how many. */
  trashCollection(trx: Trx, collectionId: string, deletedAt: string): Promise<number>;
  /** Brings back the documents a collection's deletion trashed (marked with its time); returns how many. */
  restoreCollection(trx: Trx, collectionId: string, deletedAt: string): Promise<number>;
  /**
   * Brings the full-text rows of a collection's documents in line with a change of its model
   * (`before` → `after`), in `trx`: a field that became hidden or was removed must stop
   * matching searches at once, not at each document's next write.
   */
  refreshSearch(
    trx: Trx,
    before: CollectionModel,
    after: CollectionModel,
    project: { locales: readonly string[]; defaultLocale: string },
  ): Promise<void>;
  /** Builds the indexes that filters, sorts and unique checks on these fields use. */
  ensureIndexes(
    fields: readonly Field[],
    project: { locales: readonly string[]; defaultLocale: string },
  ): Promise<void>;
}
