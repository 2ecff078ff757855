import type { Document, ScheduleBody, ScheduledAction, WorkflowBody } from '@plinth/contract';
import type { AppContext } from '../../context.js';
import { conflict, fieldError, forbidden } from '../../lib/errors.js';
import type { Page } from '../../lib/pagination.js';
import type { ModelCache } from '../collections/model-cache.js';
import { actorOf, type DocumentsService, scheduleJobKey } from '../documents/documents.service.js';
import type { StoredDocument } from '../documents/stored-document.js';
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
    const action = { submit: 'document.submitted', approve: 'document.approved', reject: 'document.rejected' }[
      body.action
    ];
    const target = { projectId: grant.project.id, collection, id, view: 'working' } as const;
    const updated = await this.documents.change(target, async (trx, existing) => {
      if (body.action === 'submit') {
        this.documents.checkOwnership(grant, existing);
        if (existing.workflowStage === 'in_review') throw conflict('The document is already in review');
      } else {
        if (!grant.can('content.publish')) throw forbidden('Only editors, admins and owners can approve or reject');
        if (existing.workflowStage !== 'in_review') {
          throw conflict(`Only a document in review can be ${body.action === 'approve' ? 'approved' : 'rejected'}`);
        }
      }
      const after: StoredDocument = {
        ...existing,
        workflowStage: STAGE_AFTER[body.action],
        updatedAt: this.ctx.clock().toISOString(),
      };
      await this.documents.writeState(trx, {
        project: grant.project,
        collection,
        before: existing,
        after,
        actor: actorOf(grant),
        action,
        ...(body.comment ? { details: { comment: body.comment } } : {}),
      });
      return after;
    });
    return this.documents.present(grant, collection, updated, grant.project.defaultLocale);
  }

  /**
   * Sets or clears (null) the times to publish and unpublish. Each is a job in the durable
   * queue written with the change, so it runs even after a restart (on start when it fell due
   * while the server was down).
   */
  async schedule(grant: ProjectGrant, slug: string, id: string, body: ScheduleBody): Promise<Document> {
    const { collection } = await this.documents.collection(grant, slug);
    const now = this.ctx.clock();
    const target = { projectId: grant.project.id, collection, id, view: 'working' } as const;
    const updated = await this.documents.change(target, async (trx, existing) => {
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
      const after: StoredDocument = { ...existing, publishAt, unpublishAt, updatedAt: now.toISOString() };
      await this.documents.writeState(trx, {
        project: grant.project,
        collection,
        before: existing,
        after,
        actor: actorOf(grant),
        action: 'document.scheduled',
        details: { publish_at: publishAt, unpublish_at: unpublishAt },
      });
      await this.documents.cancelSchedule(trx, id, ['publish', 'unpublish']);
      for (const [action, at] of [
        ['publish', publishAt],
        ['unpublish', unpublishAt],
      ] as const) {
        if (!at) continue;
        const payload: ScheduledPayload = { projectId: grant.project.id, documentId: id, action, at };
        await this.ctx.jobs.enqueue(trx, {
          kind: SCHEDULED_JOB,
          payload,
          runAt: new Date(at),
          dedupeKey: scheduleJobKey(action, id),
        });
      }
      return after;
    });
    return this.documents.present(grant, collection, updated, grant.project.defaultLocale);
  }

  /** Upcoming publishing and unpublishing of the project's live documents, soonest first. */
  async listScheduled(grant: ProjectGrant, page: Page): Promise<{ items: ScheduledAction[]; total: number }> {
    const model = await this.models.get(grant.project.id);
    const { rows, total } = await this.documents.repository.listScheduled(grant.project.id, page);
    // Documents are deleted with their collection, so each row's collection is in the model.
    const items = rows.flatMap((row) => {
      const collection = model.collectionsById.get(row.collection_id);
      return collection
        ? [{ document_id: row.document_id, collection: collection.slug, action: row.action, at: row.at }]
        : [];
    });
    return { items, total };
  }

  /** Runs one scheduled action as the system; a schedule changed or cleared since is skipped. */
  async runScheduled(payload: ScheduledPayload): Promise<void> {
    const projectRow = await this.projects.findLive(payload.projectId);
    const row = await this.documents.repository.findInProject(payload.projectId, payload.documentId);
    if (!projectRow || !row) return;
    const collection = (await this.models.get(payload.projectId)).collectionsById.get(row.collection_id);
    if (!collection) return;
    const project = toProjectRecord(projectRow);
    const system = { principal: null, ip: null };
    const target = { projectId: payload.projectId, collection, id: payload.documentId };
    // Decided on the state read in the write transaction: a schedule changed meanwhile (a new
    // unpublish time, say) is neither missed nor written back stale.
    await this.documents.change(target, async (trx, existing) => {
      const due = payload.action === 'publish' ? existing.publishAt : existing.unpublishAt;
      if (existing.deletedAt !== null || due !== payload.at) return;
      if (payload.action === 'publish' && collection.requiresApproval && existing.workflowStage !== 'approved') {
        // It was edited after approval. Clear the time, so the schedules list does not show a
        // publish that will never happen, and say why in the audit trail.
        this.ctx.log.warn({ documentId: existing.id }, 'Scheduled publish skipped: the document is no longer approved');
        await this.documents.writeState(trx, {
          project,
          collection,
          before: existing,
          after: { ...existing, publishAt: null, updatedAt: this.ctx.clock().toISOString() },
          actor: system,
          action: 'document.scheduled',
          details: {
            publish_at: null,
            unpublish_at: existing.unpublishAt,
            reason: 'The document was no longer approved at its publish time',
          },
        });
        return;
      }
      await this.documents.writePublished(trx, {
        project,
        collection,
        existing,
        actor: system,
        publish: payload.action === 'publish',
      });
    });
  }
}
