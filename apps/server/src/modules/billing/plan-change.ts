import type { PlanId } from '@plinth/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, ProjectRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { ProjectsRepository } from '../projects/projects.repository.js';

export interface PlanChange {
  projectId: string;
  plan: PlanId;
  actor: AuditActor;
  /** Who moved it, for the audit trail: `instance admin`, `owner`, `stripe`. */
  by: string;
  /** More audit details (an invoice id, a provider event id). */
  details?: Record<string, unknown>;
}

export interface PlanChangeOutcome {
  before: ProjectRow;
  after: ProjectRow;
  changed: boolean;
}

/**
 * Sets a project's plan inside the caller's transaction, with its audit entry, unless it is on
 * that plan already. The project row stays locked until the transaction ends, so concurrent
 * changes of one project apply one after another. The caller must call
 * `ctx.delivery.invalidate(projectId)` once the transaction committed (when `changed`);
 * `changeProjectPlan` does both.
 */
export async function applyPlanChange(
  ctx: AppContext,
  trx: Transaction<Database>,
  change: PlanChange,
): Promise<PlanChangeOutcome> {
  const projects = new ProjectsRepository(trx);
  const before = await projects.lockLive(change.projectId, ctx.dialect);
  if (!before) throw notFound('Project');
  if (before.plan === change.plan) return { before, after: before, changed: false };
  const now = ctx.clock().toISOString();
  await projects.setPlan(change.projectId, change.plan, now);
  await new AuditService(ctx).record(trx, change.actor, {
    projectId: change.projectId,
    action: 'project.plan_changed',
    target: { type: 'project', id: change.projectId },
    details: { from: before.plan, to: change.plan, by: change.by, ...change.details },
  });
  return { before, after: { ...before, plan: change.plan, updated_at: now }, changed: true };
}

/**
 * The one way a plan changes (instance admins, owners through billing, provider webhooks):
 * the new plan and its audit entry in one transaction, together with `alongside` (an invoice),
 * then the project's caches are invalidated so that token requests get the new limits at once.
 * @example await changeProjectPlan(ctx, { projectId, plan: 'pro', actor: { principal, ip }, by: 'owner' });
 */
export async function changeProjectPlan(
  ctx: AppContext,
  change: PlanChange & { alongside?: (trx: Transaction<Database>, outcome: PlanChangeOutcome) => Promise<void> },
): Promise<PlanChangeOutcome> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const result = await applyPlanChange(ctx, trx, change);
    await change.alongside?.(trx, result);
    return result;
  });
  // Cached project rows (token requests) and delivery answers carry the plan's limits.
  if (outcome.changed) ctx.delivery.invalidate(change.projectId);
  return outcome;
}
