import type { Document, ScheduleBody, WorkflowBody } from '@plinth/contract';
import type { AppContext } from '../../context.js';
import { conflict, fieldError, forbidden } from '../../lib/errors.js';
import type { ModelCache } from '../collections/model-cache.js';
import { actorOf, type DocumentsService } from '../documents/documents.service.js';
import { type StoredDocument, toStoredDocument } from '../documents/stored-document.js';
import { toProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { ProjectsRepository } from '../projects/projects.repository.js';

export const SCHEDULED_JOB = 'document.scheduled';

interface ScheduledPayload {
  projectId: string;
  documentId: string;
  action: 'publish' | 'unpublish';
  /** The time the job was planned for; a job whose time was changed since then is stale. */
  at: string;
}

const STAGE_AFTER: Record<WorkflowBody['action'], StoredDocument['workflowStage']> = {
  submit: 'in_review',
  approve: 'approved',
  reject: 'rejected',
};

/** Review before publishing, and publishing or unpublishing at a chosen time. */
export class WorkflowService {
  private readonly projects: ProjectsRepository;

  constructor(
    private readonly ctx: AppContext,
    private readonly documents: DocumentsService,
    private readonly models: ModelCache,
  ) {
    this.projects = new ProjectsRepository(ctx.db);
  }

  /**
   * submit → in_review → approve or reject (with a comment). Writers submit their own documents;
   * editors and above approve and reject.
   */
  async transition(grant: ProjectGrant, slug: string, id: string, body: WorkflowBody): Promise<Document> {
    const { collection } = await this.documents.collection(grant, slug);
    const existing = await this.documents.load(grant, collection, id, 'working');
    if (body.action === 'submit') {
      this.documents.checkOwnership(grant, existing);
      if (existing.workflowStage === 'in_review') throw conflict('The document is already in review');
    } else {
      if (!grant.can('content.publish')) throw forbidden('Only editors, admins and owners can approve or reject');
      if (existing.workflowStage !== 'in_review') {
        throw conflict(`Only a document in review can be ${body.action === 'approve' ? 'approved' : 'rejected'}`);
      }
    }
    const updated: StoredDocument = {
      ...existing,
      workflowStage: STAGE_AFTER[body.action],
      updatedAt: this.ctx.clock().toISOString(),
    };
    const action = { submit: 'document.submitted', approve: 'document.approved', reject: 'document.rejected' }[
      body.action
    ];
    await this.documents.repository.transaction(collection.id, (trx) =>
      this.documents.writeState(trx, {
        project: grant.project,
        collection,
        before: existing,
        after: updated,
        actor: actorOf(grant),
        action,
        ...(body.comment ? { details: { comment: body.comment } } : {}),
      }),
    );
    return this.documents.present(grant, collection, updated, grant.project.defaultLocale);
  }

  /**
   * Sets or clears (null) the times to publish and unpublish. Each is a job in the durable
   * queue written with the change, so it runs even after a restart (on start when it fell due
   * while the server was down).
   */
  async schedule(grant: ProjectGrant, slug: string, id: string, body: ScheduleBody): Promise<Document> {
    const { collection } = await this.documents.collection(grant, slug);
    const existing = await this.documents.load(grant, collection, id, 'working');
    const now = this.ctx.clock();
    const wanted = (field: 'publish_at' | 'unpublish_at', current: string | null): string | null => {
      const value = body[field];
      if (value === undefined) return current;
      if (value === null) return null;
      const time = new Date(value);
      if (time.getTime() <= now.getTime()) throw fieldError(field, 'must be in the future');
      return time.toISOString();
    };
    const publishAt = wanted('publish_at', existing.publishAt);
    const unpublishAt = wanted('unpublish_at', existing.unpublishAt);
    if (publishAt && unpublishAt && unpublishAt <= publishAt)
      throw fieldError('unpublish_at', 'must be after publish_at');
    if (publishAt && collection.requiresApproval && existing.workflowStage !== 'approved') {
      throw conflict(`${collection.name} requires approval before publishing; get the document approved first`);
    }
    const updated: StoredDocument = { ...existing, publishAt, unpublishAt, updatedAt: now.toISOString() };
    await this.documents.repository.transaction(collection.id, async (trx) => {
      await this.documents.writeState(trx, {
        project: grant.project,
        collection,
        before: existing,
        after: updated,
        actor: actorOf(grant),
        action: 'document.scheduled',
        details: { publish_at: publishAt, unpublish_at: unpublishAt },
      });
      for (const [action, at] of [
        ['publish', publishAt],
        ['unpublish', unpublishAt],
      ] as const) {
        await this.ctx.jobs.cancel(trx, `${action}:${id}`);
        if (at) {
          const payload: ScheduledPayload = { projectId: grant.project.id, documentId: id, action, at };
          await this.ctx.jobs.enqueue(trx, {
            kind: SCHEDULED_JOB,
            payload,
            runAt: new Date(at),
            dedupeKey: `${action}:${id}`,
          });
        }
      }
    });
    return this.documents.present(grant, collection, updated, grant.project.defaultLocale);
  }

  async listScheduled(grant: ProjectGrant) {
    const model = await this.models.get(grant.project.id);
    const rows = await this.documents.repository.listScheduled(grant.project.id, 500);
    return rows.flatMap((row) => {
      const collection = model.collectionsById.get(row.collection_id);
      if (!collection) return [];
      return [
        ...(row.publish_at
          ? [{ document_id: row.id, collection: collection.slug, action: 'publish' as const, at: row.publish_at }]
          : []),
        ...(row.unpublish_at
          ? [{ document_id: row.id, collection: collection.slug, action: 'unpublish' as const, at: row.unpublish_at }]
          : []),
      ];
    });
  }

  /** Runs one scheduled action as the system; a schedule changed or cleared since is skipped. */
  async runScheduled(payload: ScheduledPayload): Promise<void> {
    const projectRow = await this.projects.findLive(payload.projectId);
    const row = await this.documents.repository.findInProject(payload.projectId, payload.documentId);
    if (!projectRow || !row) return;
    const existing = toStoredDocument(row);
    const due = payload.action === 'publish' ? existing.publishAt : existing.unpublishAt;
    if (existing.deletedAt !== null || due !== payload.at) return;
    const collection = (await this.models.get(payload.projectId)).collectionsById.get(existing.collectionId);
    if (!collection) return;
    const project = toProjectRecord(projectRow);
    if (payload.action === 'publish' && collection.requiresApproval && existing.workflowStage !== 'approved') {
      // It was edited after approval. Clear the time, so the schedules list does not show a
      // publish that will never happen, and say why in the audit trail.
      this.ctx.log.warn({ documentId: existing.id }, 'Scheduled publish skipped: the document is no longer approved');
      await this.documents.repository.transaction(collection.id, (trx) =>
        this.documents.writeState(trx, {
          project,
          collection,
          before: existing,
          after: { ...existing, publishAt: null, updatedAt: this.ctx.clock().toISOString() },
          actor: { principal: null, ip: null },
          action: 'document.scheduled',
          details: {
            publish_at: null,
            unpublish_at: existing.unpublishAt,
            reason: 'The document was no longer approved at its publish time',
          },
        }),
      );
      return;
    }
    await this.documents.setPublished({
      project,
      collection,
      existing,
      actor: { principal: null, ip: null },
      publish: payload.action === 'publish',
    });
  }
}
