import type { Document, ScheduledAction } from '@plinth/contract';
import type { Trx } from '../../db/repository.js';
import type { JobQueue } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { conflict } from '../../lib/errors.js';
import type { Page } from '../../lib/pagination.js';
import { type Actor, userIdOf } from '../auth/principal.js';
import type { CollectionModel } from '../collections/model.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { DocumentStore } from './document-store.js';
import type { DocumentsRepository } from './documents.repository.js';
import { presentWritten, type StoredDocument, toStoredDocument, withSnapshot } from './stored-document.js';

/** The dedupe key of a document's scheduled publish or unpublish job (to find and cancel it). */
export const scheduleJobKey = (action: 'publish' | 'unpublish', documentId: string): string =>
  `${action}:${documentId}`;

/**
 * A document's states besides its data: publishing (the snapshot readers get), unpublishing,
 * review and schedule stages, and the scheduled jobs that go with them.
 */
export class DocumentLifecycle {
  constructor(
    private readonly deps: {
      store: DocumentStore;
      repository: DocumentsRepository;
      models: ModelCache;
      jobs: JobQueue;
      clock: Clock;
    },
  ) {}

  /** Publishing copies the working copy into the snapshot that readers get. */
  async publish(grant: ProjectGrant, slug: string, id: string): Promise<Document> {
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const target = { project: grant.project, collection, id, copy: 'working' } as const;
    const published = await this.deps.store.change(target, (trx, existing) => {
      if (collection.requiresApproval && existing.workflowStage !== 'approved') {
        throw conflict(`${collection.name} requires approval before publishing; submit the document for review`);
      }
      return this.writePublished(trx, {
        project: grant.project,
        collection,
        existing,
        actor: grant.actor,
        publish: true,
      });
    });
    return presentWritten(grant, collection, published);
  }

  async unpublish(grant: ProjectGrant, slug: string, id: string): Promise<Document> {
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const target = { project: grant.project, collection, id, copy: 'working' } as const;
    const unpublished = await this.deps.store.change(target, (trx, existing) =>
      this.writePublished(trx, { project: grant.project, collection, existing, actor: grant.actor, publish: false }),
    );
    return presentWritten(grant, collection, unpublished);
  }

  /**
   * Publishes or unpublishes `existing` (read in `trx`, see DocumentStore.change); also what
   * scheduled jobs run, with the system as actor.
   */
  async writePublished(
    trx: Trx,
    options: {
      project: ProjectRecord;
      collection: CollectionModel;
      existing: StoredDocument;
      actor: Actor;
      publish: boolean;
    },
  ): Promise<StoredDocument> {
    const { existing, publish } = options;
    const now = isoNow(this.deps.clock);
    const changed: StoredDocument = {
      ...existing,
      status: publish ? 'published' : 'draft',
      publishedAt: publish ? now : null,
      workflowStage: publish ? null : existing.workflowStage,
      publishAt: publish ? null : existing.publishAt,
      unpublishAt: publish ? existing.unpublishAt : null,
      updatedAt: now,
      updatedBy: userIdOf(options.actor),
    };
    const updated: StoredDocument = { ...changed, ...withSnapshot(changed, publish) };
    await this.deps.store.write(trx, {
      project: options.project,
      collection: options.collection,
      before: existing,
      after: updated,
      actor: options.actor,
      action: publish ? 'document.published' : 'document.unpublished',
    });
    await this.cancelSchedule(trx, existing.id, [publish ? 'publish' : 'unpublish']);
    return updated;
  }

  /** Writes a change of state that is not a change of data (a review step, a schedule): no new version. */
  writeState(
    trx: Trx,
    options: {
      project: ProjectRecord;
      collection: CollectionModel;
      before: StoredDocument;
      after: StoredDocument;
      actor: Actor;
      action: string;
      details?: Record<string, unknown>;
    },
  ): Promise<void> {
    return this.deps.store.write(trx, options);
  }

  /** Cancels a document's pending scheduled jobs, in the caller's transaction. */
  async cancelSchedule(trx: Trx, documentId: string, actions: readonly ('publish' | 'unpublish')[]): Promise<void> {
    for (const action of actions) await this.deps.jobs.in(trx).cancel(scheduleJobKey(action, documentId));
  }

  /** Upcoming publishing and unpublishing of the project's live documents, soonest first. */
  async listScheduled(projectId: string, page: Page): Promise<{ items: ScheduledAction[]; total: number }> {
    const model = await this.deps.models.get(projectId);
    const { rows, total } = await this.deps.repository.listScheduled(projectId, page);
    // Documents are deleted with their collection, so each row's collection is in the model.
    const items = rows.flatMap((row) => {
      const collection = model.collectionsById.get(row.collection_id);
      return collection
        ? [{ document_id: row.document_id, collection: collection.slug, action: row.action, at: row.at }]
        : [];
    });
    return { items, total };
  }

  /** A document of the project and its collection, whatever its state (scheduled jobs know only the id). */
  async findInProject(
    projectId: string,
    documentId: string,
  ): Promise<{ collection: CollectionModel; document: StoredDocument } | undefined> {
    const row = await this.deps.repository.findInProject(projectId, documentId);
    const collection = row ? (await this.deps.models.get(projectId)).collectionsById.get(row.collection_id) : undefined;
    return row && collection ? { collection, document: toStoredDocument(row) } : undefined;
  }
}
