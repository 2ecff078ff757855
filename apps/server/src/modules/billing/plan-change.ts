import type { PlanId } from '@plinth/contract';
import type { Transact, Trx } from '../../db/repository.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { notFound } from '../../lib/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Actor } from '../auth/principal.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectsService } from '../projects/projects.service.js';

export interface PlanChange {
  projectId: string;
  plan: PlanId;
  actor: Actor;
  /** Who moved it, for the audit trail: `instance admin`, `owner`, `stripe`. */
  by: string;
  /** More audit details (an invoice id, a provider event id). */
  details?: Record<string, unknown>;
}

export interface PlanChangeOutcome {
  before: ProjectRecord;
  after: ProjectRecord;
  changed: boolean;
}

/**
 * The one way a plan changes (instance admins, owners through billing, provider webhooks): the
 * new plan with its audit entry, under the project's lock, then the project's caches are
 * invalidated so that token requests get the new limits at once.
 */
export class PlanChanges {
  constructor(
    private readonly deps: {
      projects: ProjectsService;
      audit: AuditService;
      transaction: Transact;
      clock: Clock;
      delivery: DeliveryCache;
    },
  ) {}

  /**
   * Sets a project's plan inside the caller's transaction, with its audit entry, unless it is
   * on that plan already. The project row stays locked until the transaction ends, so
   * concurrent changes of one project apply one after another. The caller invalidates the
   * project's caches once the transaction committed (when `changed`); `change` does both.
   */
  async apply(trx: Trx, change: PlanChange): Promise<PlanChangeOutcome> {
    const { projects, audit } = this.deps;
    const before = await projects.lock(trx, change.projectId);
    if (!before) throw notFound('Project');
    if (before.plan === change.plan) return { before, after: before, changed: false };
    await projects.setPlan(trx, change.projectId, change.plan, isoNow(this.deps.clock));
    await audit.record(trx, change.actor, {
      projectId: change.projectId,
      action: 'project.plan_changed',
      target: { type: 'project', id: change.projectId },
      details: { from: before.plan, to: change.plan, by: change.by, ...change.details },
    });
    return { before, after: { ...before, plan: change.plan }, changed: true };
  }

  /**
   * The new plan and its audit entry in one transaction, together with `alongside` (an invoice),
   * then the project's cached rows and delivery answers, which carry the plan's limits, are
   * invalidated.
   * @example await planChanges.change({ projectId, plan: 'pro', actor: { principal, ip }, by: 'owner' });
   */
  async change(
    change: PlanChange & { alongside?: (trx: Trx, outcome: PlanChangeOutcome) => Promise<void> },
  ): Promise<PlanChangeOutcome> {
    const outcome = await this.deps.transaction(async (trx) => {
      const result = await this.apply(trx, change);
      await change.alongside?.(trx, result);
      return result;
    });
    if (outcome.changed) this.deps.delivery.invalidate(change.projectId);
    return outcome;
  }
}
