import type { Document, PublishBody, ScheduledAction } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
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
import type { DocumentStore, PublishedVersions } from './document-store.js';
import type { PublishListener } from './document-variants.js';
import type { DocumentsRepository } from './documents.repository.js';
import {
  coversLocales,
  documentStatus,
  publishedSnapshot,
  requestedLocales,
  withdrawnSnapshot,
} from './locale-publishing.js';
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
      /** Records which locales were published from which version. */
      history: PublishedVersions;
      repository: DocumentsRepository;
      models: ModelCache;
      jobs: JobQueue;
      clock: Clock;
      /** Told of each publish and unpublish in its transaction (variants go with their document). */
      publishing?: PublishListener;
    },
  ) {}

  /**
   * Publishing copies the working copy into the snapshot that readers get: every locale, or only
   * `locales` (the other locales' published values stay exactly as they were).
   */
  async publish(grant: ProjectGrant, slug: string, id: string, body: PublishBody = {}): Promise<Document> {
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const locales = requestedLocales(body.locales, grant.project);
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
        locales,
      });
    });
    return presentWritten(grant, collection, published);
  }

  /**
   * Unpublishing withdraws the snapshot: every locale, or only `locales` (their readers then get
   * the default locale's values). Unpublishing the default locale unpublishes the document.
   */
  async unpublish(grant: ProjectGrant, slug: string, id: string, body: PublishBody = {}): Promise<Document> {
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const locales = requestedLocales(body.locales, grant.project);
    const target = { project: grant.project, collection, id, copy: 'working' } as const;
    const unpublished = await this.deps.store.change(target, (trx, existing) =>
      this.writePublished(trx, {
        project: grant.project,
        collection,
        existing,
        actor: grant.actor,
        publish: false,
        locales,
      }),
    );
    return presentWritten(grant, collection, unpublished);
  }

  /**
   * Publishes or unpublishes `existing` (read in `trx`, see DocumentStore.change) in `locales`
   * (null: every locale); also what scheduled jobs run, with the system as actor. A scheduled
   * action that this one covers is cancelled; one for other locales stays.
   */
  async writePublished(
    trx: Trx,
    options: {
      project: ProjectRecord;
      collection: CollectionModel;
      existing: StoredDocument;
      actor: Actor;
      publish: boolean;
      locales: readonly string[] | null;
    },
  ): Promise<StoredDocument> {
    const { existing, publish, project, collection } = options;
    // Unpublishing the default locale takes the whole document off line.
    const locales = !publish && options.locales?.includes(project.defaultLocale) ? null : options.locales;
    const now = isoNow(this.deps.clock);
    const cancelsPublish = publish && coversLocales(locales, existing.publishAt ? existing.publishLocales : null);
    const cancelsUnpublish =
      !publish && coversLocales(locales, existing.unpublishAt ? existing.unpublishLocales : null);
    const changed: StoredDocument = {
      ...existing,
      workflowStage: publish ? null : existing.workflowStage,
      publishAt: cancelsPublish ? null : existing.publishAt,
      publishLocales: cancelsPublish ? null : existing.publishLocales,
      unpublishAt: cancelsUnpublish ? null : existing.unpublishAt,
      unpublishLocales: cancelsUnpublish ? null : existing.unpublishLocales,
      updatedAt: now,
      updatedBy: userIdOf(options.actor),
    };
    let snapshot: StoredDocument;
    if (publish) {
      snapshot = {
        ...changed,
        publishedAt: now,
        ...withSnapshot(changed, publishedSnapshot(collection, existing, locales, project)),
      };
    } else if (locales === null) {
      snapshot = { ...changed, publishedAt: null, ...withSnapshot(changed, null) };
    } else {
      const withdrawn = withdrawnSnapshot(collection, existing, locales, project);
      snapshot = {
        ...changed,
        publishedData: withdrawn.data,
        publishedLocales: withdrawn.data ? [...withdrawn.locales] : null,
      };
    }
    const updated: StoredDocument = { ...snapshot, status: documentStatus(collection, snapshot, project) };
    await this.deps.store.write(trx, {
      project,
      collection,
      before: existing,
      after: updated,
      actor: options.actor,
      action: publish ? 'document.published' : 'document.unpublished',
      locales: locales ?? project.locales,
      details: { locales: locales ?? project.locales },
    });
    if (publish) await this.deps.history.markPublished(trx, existing.id, existing.version, locales ?? project.locales);
    await this.deps.publishing?.published(trx, { project, collection, documentId: existing.id, publish, locales });
    const cancelled = [
      ...(cancelsPublish ? ['publish' as const] : []),
      ...(cancelsUnpublish ? ['unpublish' as const] : []),
    ];
    await this.cancelSchedule(trx, existing.id, cancelled);
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
        ? [
            {
              document_id: row.document_id,
              collection: collection.slug,
              action: row.action,
              at: row.at,
              locales: row.locales === null ? null : parseJson<string[]>(row.locales),
            },
          ]
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
