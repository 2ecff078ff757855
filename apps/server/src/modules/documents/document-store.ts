import type { Transact, Trx } from '../../db/repository.js';
import type { ChangeEvents } from '../../lib/change-events.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Actor } from '../auth/principal.js';
import type { CollectionModel } from '../collections/model.js';
import { type ContentCopy, notOwnDocument, type OwnerConstraint } from '../projects/content-policy.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import { announceDocumentChange } from './document-events.js';
import type { DocumentsRepository } from './documents.repository.js';
import { searchRows } from './search-text.js';
import { type StoredData, type StoredDocument, toStoredDocument } from './stored-document.js';

export interface DocumentWrite {
  project: ProjectRecord;
  collection: CollectionModel;
  /** The state read before the change; null when creating. */
  before: StoredDocument | null;
  after: StoredDocument;
  actor: Actor;
  /** Audit action, e.g. `document.updated`. */
  action: string;
  /** Set when the data changed: records a version written in this locale. */
  versionLocale?: string;
  /** The locales a publish or unpublish concerned (events carry them). */
  locales?: readonly string[];
  details?: Record<string, unknown>;
}

/** A state of a document to keep in its history. */
export interface HistoryEntry {
  collection: CollectionModel;
  document: StoredDocument;
  /** The data before this state (nothing for a new document). */
  before: StoredData | null;
  locale: string;
  actor: Actor;
}

/**
 * A document's history. The versions module owns it (implemented there, wired in the
 * composition root); writes record each new state through it, in their transaction.
 */
export interface DocumentHistory {
  record(trx: Trx, entry: HistoryEntry): Promise<void>;
  /** Notes that `locales` were published from the document's `version`. */
  markPublished(trx: Trx, documentId: string, version: number, locales: readonly string[]): Promise<void>;
}

/** The part of a document's history that publishing writes to. */
export type PublishedVersions = Pick<DocumentHistory, 'markPublished'>;

/** The document a change is about, and the policy's constraints on reaching it. */
export interface ChangeTarget {
  project: ProjectRecord;
  collection: CollectionModel;
  id: string;
  /** Where the document must be; absent: anywhere, live or in the trash. */
  copy?: Exclude<ContentCopy, 'published'>;
  /** Whose documents the caller may change (authors: their own); absent: any. */
  owner?: OwnerConstraint;
}

/**
 * The write path every change of a document takes, whatever the operation: one transaction
 * holding the collection's writer lock, the row re-read in it, then the row, its search rows,
 * a history version when the data changed, the audit entry and the change events, committed
 * together. Once committed, the project's cached delivery answers are dropped.
 */
export class DocumentStore {
  constructor(
    private readonly deps: {
      repository: DocumentsRepository;
      history: DocumentHistory;
      audit: AuditService;
      events: ChangeEvents;
      transaction: Transact;
      delivery: DeliveryCache;
    },
  ) {}

  /**
   * Runs `work` in one transaction that also serializes the collection's writers (PostgreSQL;
   * SQLite has one writer), then marks the project's cached answers stale: unique values are
   * checked then written, and no reader keeps an answer from before the change.
   */
  async transaction<T>(projectId: string, collectionId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    const result = await this.deps.transaction(async (trx) => {
      await this.deps.repository.in(trx).lockCollections([collectionId]);
      return work(trx);
    });
    this.deps.delivery.invalidate(projectId);
    return result;
  }

  /**
   * Changes one document from its current state. The row is read again inside the write
   * transaction (locked on PostgreSQL; SQLite runs one writer at a time), so no change is ever
   * computed from a state that another writer replaced meanwhile: a scheduled publish, a
   * schedule change, a review step and a save never undo one another. The policy's owner
   * constraint is part of that read: an author never loads another's document, and learns
   * with a 403 that it exists (a 404 when it does not).
   */
  change<T>(target: ChangeTarget, work: (trx: Trx, current: StoredDocument) => Promise<T>): Promise<T> {
    const { project, collection, id } = target;
    return this.transaction(project.id, collection.id, async (trx) => {
      const documents = this.deps.repository.in(trx);
      const scope = { projectId: project.id, collectionId: collection.id, copy: target.copy ?? 'any' } as const;
      const row = await documents.findForUpdate({ ...scope, ...(target.owner ? { owner: target.owner } : {}) }, id);
      if (!row) {
        if (target.owner?.kind === 'createdBy' && (await documents.exists(scope, id))) {
          throw notOwnDocument();
        }
        throw notFound('Document');
      }
      return work(trx, toStoredDocument(row));
    });
  }

  /**
   * Writes one change in the caller's transaction: the row (with an optimistic version check),
   * its search rows, a history version when the data changed, the audit entry and the events.
   */
  async write(trx: Trx, write: DocumentWrite): Promise<void> {
    const { before, after, collection, project } = write;
    const documents = this.deps.repository.in(trx);
    if (!(await documents.save(after, before?.version ?? null))) {
      throw conflict('The document was changed by someone else at the same time; reload it and try again');
    }
    await documents.replaceSearchRows(
      after.id,
      searchRows({
        model: collection,
        documentId: after.id,
        data: after.data,
        publishedData: after.publishedData,
        locales: project.locales,
        defaultLocale: project.defaultLocale,
      }),
    );
    if (write.versionLocale !== undefined) {
      await this.deps.history.record(trx, {
        collection,
        document: after,
        before: before?.data ?? null,
        locale: write.versionLocale,
        actor: write.actor,
      });
    }
    await this.deps.audit.record(trx, write.actor, {
      projectId: project.id,
      action: write.action,
      target: { type: 'document', id: after.id },
      details: { collection: collection.slug, version: after.version, status: after.status, ...write.details },
    });
    await announceDocumentChange(trx, this.deps.events, write);
  }
}
