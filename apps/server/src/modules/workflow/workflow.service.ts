import type { Document, ScheduleBody, ScheduledAction, WorkflowBody } from '@plinth/contract';
import type { JobHandler, JobQueue } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { conflict, fieldError, forbidden } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Page } from '../../lib/pagination.js';
import { SYSTEM } from '../auth/principal.js';
import type { ModelCache } from '../collections/model-cache.js';
import { type DocumentLifecycle, scheduleJobKey } from '../documents/document-lifecycle.js';
import type { DocumentStore } from '../documents/document-store.js';
import { requestedLocales } from '../documents/locale-publishing.js';
import { presentWritten, type StoredDocument } from '../documents/stored-document.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { ProjectsService } from '../projects/projects.service.js';

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
  constructor(
    private readonly deps: {
      store: DocumentStore;
      lifecycle: DocumentLifecycle;
      models: ModelCache;
      projects: ProjectsService;
      jobs: JobQueue;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /**
   * submit → in_review → approve or reject (with a comment). Writers submit their own documents;
   * editors and above approve and reject.
   */
  async transition(grant: ProjectGrant, slug: string, id: string, body: WorkflowBody): Promise<Document> {
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const action = { submit: 'document.submitted', approve: 'document.approved', reject: 'document.rejected' }[
      body.action
    ];
    const submit = body.action === 'submit';
    const target = {
      project: grant.project,
      collection,
      id,
      copy: 'working',
      // Writers submit their own documents only.
      ...(submit ? { owner: grant.content.documents } : {}),
    } as const;
    const updated = await this.deps.store.change(target, async (trx, existing) => {
      if (submit && existing.workflowStage === 'in_review') throw conflict('The document is already in review');
      if (!submit && !grant.can('content.publish')) {
        throw forbidden('Only editors, admins and owners can approve or reject');
      }
      if (!submit && existing.workflowStage !== 'in_review') {
        throw conflict(`Only a document in review can be ${body.action === 'approve' ? 'approved' : 'rejected'}`);
      }
      const after: StoredDocument = {
        ...existing,
        workflowStage: STAGE_AFTER[body.action],
        updatedAt: isoNow(this.deps.clock),
      };
      await this.deps.lifecycle.writeState(trx, {
        project: grant.project,
        collection,
        before: existing,
        after,
        actor: grant.actor,
        action,
        ...(body.comment ? { details: { comment: body.comment } } : {}),
      });
      return after;
    });
    return presentWritten(grant, collection, updated);
  }

  /**
   * Sets or clears (null) the times to publish and unpublish. Each is a job in the durable
   * queue written with the change, so it runs even after a restart (on start when it fell due
   * while the server was down).
   */
  async schedule(grant: ProjectGrant, slug: string, id: string, body: ScheduleBody): Promise<Document> {
    const { lifecycle } = this.deps;
    const { collection } = await this.deps.models.collection(grant.project.id, slug);
    const now = this.deps.clock();
    const target = { project: grant.project, collection, id, copy: 'working' } as const;
    const updated = await this.deps.store.change(target, async (trx, existing) => {
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
      // `locales` concerns the times this request sets; a time left alone keeps its locales.
      const locales = requestedLocales(body.locales, grant.project);
      const localesOf = (field: 'publish_at' | 'unpublish_at', current: string[] | null) =>
        body[field] === undefined ? current : body[field] === null || locales === null ? null : [...locales];
      const publishLocales = localesOf('publish_at', existing.publishLocales);
      const unpublishLocales = localesOf('unpublish_at', existing.unpublishLocales);
      if (
        publishAt &&
        existing.publishedData === null &&
        publishLocales !== null &&
        !publishLocales.includes(grant.project.defaultLocale)
      ) {
        throw fieldError(
          'locales',
          `must include the default locale (${grant.project.defaultLocale}): the document has not been published yet`,
        );
      }
      if (publishAt && unpublishAt && unpublishAt <= publishAt)
        throw fieldError('unpublish_at', 'must be after publish_at');
      if (publishAt && collection.requiresApproval && existing.workflowStage !== 'approved') {
        throw conflict(`${collection.name} requires approval before publishing; get the document approved first`);
      }
      const after: StoredDocument = {
        ...existing,
        publishAt,
        unpublishAt,
        publishLocales: publishAt ? publishLocales : null,
        unpublishLocales: unpublishAt ? unpublishLocales : null,
        updatedAt: now.toISOString(),
      };
      await lifecycle.writeState(trx, {
        project: grant.project,
        collection,
        before: existing,
        after,
        actor: grant.actor,
        action: 'document.scheduled',
        details: {
          publish_at: publishAt,
          unpublish_at: unpublishAt,
          publish_locales: after.publishLocales,
          unpublish_locales: after.unpublishLocales,
        },
      });
      await lifecycle.cancelSchedule(trx, id, ['publish', 'unpublish']);
      for (const [action, at] of [
        ['publish', publishAt],
        ['unpublish', unpublishAt],
      ] as const) {
        if (!at) continue;
        const payload: ScheduledPayload = { projectId: grant.project.id, documentId: id, action, at };
        await this.deps.jobs.in(trx).enqueue({
          kind: SCHEDULED_JOB,
          payload,
          runAt: new Date(at),
          dedupeKey: scheduleJobKey(action, id),
        });
      }
      return after;
    });
    return presentWritten(grant, collection, updated);
  }

  /** Upcoming publishing and unpublishing of the project's live documents, soonest first. */
  listScheduled(grant: ProjectGrant, page: Page): Promise<{ items: ScheduledAction[]; total: number }> {
    return this.deps.lifecycle.listScheduled(grant.project.id, page);
  }

  /** Runs one scheduled action as the system; a schedule changed or cleared since is skipped. */
  async runScheduled(payload: ScheduledPayload): Promise<void> {
    const project = await this.deps.projects.findLive(payload.projectId);
    const found = project ? await this.deps.lifecycle.findInProject(payload.projectId, payload.documentId) : undefined;
    if (!project || !found) return;
    const { collection } = found;
    const target = { project, collection, id: payload.documentId };
    // Decided on the state read in the write transaction: a schedule changed meanwhile (a new
    // unpublish time, say) is neither missed nor written back stale.
    await this.deps.store.change(target, async (trx, existing) => {
      const due = payload.action === 'publish' ? existing.publishAt : existing.unpublishAt;
      if (existing.deletedAt !== null || due !== payload.at) return;
      const publish = payload.action === 'publish';
      const locales = publish ? existing.publishLocales : existing.unpublishLocales;
      const skipReason =
        publish && collection.requiresApproval && existing.workflowStage !== 'approved'
          ? 'The document was no longer approved at its publish time'
          : publish && existing.publishedData === null && locales !== null && !locales.includes(project.defaultLocale)
            ? `The document was not published in its default locale (${project.defaultLocale}) at its publish time`
            : null;
      if (skipReason) {
        // Clear the time, so the schedules list does not show a publish that will never happen,
        // and say why in the audit trail.
        this.deps.log.warn({ documentId: existing.id, reason: skipReason }, 'Scheduled publish skipped');
        await this.deps.lifecycle.writeState(trx, {
          project,
          collection,
          before: existing,
          after: { ...existing, publishAt: null, publishLocales: null, updatedAt: isoNow(this.deps.clock) },
          actor: SYSTEM,
          action: 'document.scheduled',
          details: { publish_at: null, unpublish_at: existing.unpublishAt, reason: skipReason },
        });
        return;
      }
      await this.deps.lifecycle.writePublished(trx, {
        project,
        collection,
        existing,
        actor: SYSTEM,
        publish,
        locales,
      });
    });
  }

  /** The `document.scheduled` job: exact to within a few seconds, so never behind a backlog of webhook deliveries. */
  scheduledJob(): JobHandler {
    return {
      run: (payload) => this.runScheduled(payload as ScheduledPayload),
      retryDelaysMs: [5_000, 30_000, 120_000],
      urgent: true,
    };
  }
}
