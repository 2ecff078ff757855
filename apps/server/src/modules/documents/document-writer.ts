import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { CollectionModel } from '../collections/model.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import { changedFieldNames } from '../versions/version-diff.js';
import type { VersionsRepository } from '../versions/versions.repository.js';
import { recordDocumentEvents } from '../webhooks/webhook-events.js';
import type { DocumentsRepository } from './documents.repository.js';
import { searchRows } from './search-text.js';
import type { StoredDocument } from './stored-document.js';

/** The user id behind an actor, for `created_by`/`updated_by` (null for tokens and the system). */
export const actorUserId = (actor: AuditActor): string | null =>
  actor.principal?.kind === 'user' ? actor.principal.userId : null;

export interface DocumentWrite {
  project: ProjectRecord;
  collection: CollectionModel;
  /** The state read before the change; null when creating. */
  before: StoredDocument | null;
  after: StoredDocument;
  actor: AuditActor;
  /** Audit action, e.g. `document.updated`. */
  action: string;
  /** Set when the data changed: records a version written in this locale. */
  versionLocale?: string;
  details?: Record<string, unknown>;
}

/**
 * Every change to a document goes through here, in the caller's transaction: the row (with an
 * optimistic version check), its search rows, a history version when the data changed, and the
 * audit entry. They commit or roll back together.
 */
export class DocumentWriter {
  constructor(
    private readonly repository: DocumentsRepository,
    private readonly versions: VersionsRepository,
    private readonly audit: AuditService,
    /** Webhook events are queued in the same transaction (absent: none are). */
    private readonly events?: Pick<AppContext, 'jobs' | 'clock' | 'jobHandlers'>,
  ) {}

  async write(trx: Transaction<Database>, write: DocumentWrite): Promise<void> {
    const { before, after, collection, project } = write;
    this.repository.touch(trx, project.id);
    if (!(await this.repository.save(trx, after, before?.version ?? null))) {
      throw conflict('The document was changed by someone else at the same time; reload it and try again');
    }
    await this.repository.replaceSearchRows(
      trx,
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
      await this.versions.insert(trx, {
        id: newId(),
        document_id: after.id,
        project_id: project.id,
        version: after.version,
        locale: write.versionLocale,
        status: after.status,
        data: after.data,
        changed_fields: changedFieldNames(collection.fields, before?.data ?? {}, after.data),
        created_at: after.updatedAt,
        created_by: actorUserId(write.actor),
        created_by_token: write.actor.principal?.kind === 'token' ? write.actor.principal.tokenId : null,
      });
    }
    await this.audit.record(trx, write.actor, {
      projectId: project.id,
      action: write.action,
      target: { type: 'document', id: after.id },
      details: { collection: collection.slug, version: after.version, status: after.status, ...write.details },
    });
    if (this.events) await recordDocumentEvents(trx, this.events, write);
  }
}
