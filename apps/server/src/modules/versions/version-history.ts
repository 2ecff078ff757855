import type { Trx } from '../../db/repository.js';
import { newId } from '../../lib/ids.js';
import { tokenIdOf, userIdOf } from '../auth/principal.js';
import type { DocumentHistory, HistoryEntry } from '../documents/document-store.js';
import { changedFieldNames } from './version-diff.js';
import type { VersionsRepository } from './versions.repository.js';

/**
 * Records each saved state of a document as a version, in the write's transaction: the
 * documents' DocumentHistory, wired in the composition root.
 */
export class VersionHistory implements DocumentHistory {
  constructor(private readonly repository: VersionsRepository) {}

  async record(trx: Trx, entry: HistoryEntry): Promise<void> {
    const { document } = entry;
    await this.repository.in(trx).insert({
      id: newId(),
      document_id: document.id,
      project_id: document.projectId,
      version: document.version,
      locale: entry.locale,
      status: document.status,
      data: document.data,
      changed_fields: changedFieldNames(entry.collection.fields, entry.before ?? {}, document.data),
      created_at: document.updatedAt,
      created_by: userIdOf(entry.actor),
      created_by_token: tokenIdOf(entry.actor),
    });
  }

  /** Adds `locales` to those published from `version`: history says what readers got from which state. */
  async markPublished(trx: Trx, documentId: string, version: number, locales: readonly string[]): Promise<void> {
    const versions = this.repository.in(trx);
    const current = await versions.publishedLocales(documentId, version);
    if (current === undefined) return;
    const merged = new Set([...(current ?? []), ...locales]);
    await versions.setPublishedLocales(documentId, version, [...merged]);
  }
}
