import type { AuditEntry, AuditQuery } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { Trx } from '../../db/repository.js';
import type { AuditLogRow } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import type { Actor } from '../auth/principal.js';
import type { AuditRepository } from './audit.repository.js';

export interface AuditRecord {
  projectId: string;
  action: string;
  target: { type: string; id: string | null };
  details?: Record<string, unknown>;
}

/** Who acts in which project: what a project grant carries, as far as the trail needs it. */
export interface AuditedCaller {
  readonly project: { readonly id: string };
  readonly actor: Actor;
}

const toAuditEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  actor: { type: row.actor_type, id: row.actor_id },
  action: row.action,
  target: { type: row.target_type, id: row.target_id },
  details: parseJson<Record<string, unknown>>(row.details),
  ip: row.ip,
  created_at: row.created_at,
});

/**
 * The audit trail of a project. Changes record their entry in the transaction of the change
 * itself, so the trail never misses a committed change nor shows one that rolled back.
 */
export class AuditService {
  constructor(private readonly deps: { repository: AuditRepository; clock: Clock }) {}

  async record(trx: Trx, actor: Actor, record: AuditRecord): Promise<void> {
    const principal = actor.principal;
    await this.deps.repository.in(trx).insert({
      id: newId(),
      project_id: record.projectId,
      actor_type: principal ? principal.kind : 'system',
      actor_id: principal ? (principal.kind === 'user' ? principal.userId : principal.tokenId) : null,
      action: record.action,
      target_type: record.target.type,
      target_id: record.target.id,
      details: record.details ?? {},
      ip: actor.ip,
      created_at: isoNow(this.deps.clock),
    });
  }

  /** Records a change a caller made in its project, in the transaction that writes the change. */
  recordGrant(
    trx: Trx,
    caller: AuditedCaller,
    action: string,
    target: AuditRecord['target'],
    details?: Record<string, unknown>,
  ): Promise<void> {
    return this.record(trx, caller.actor, {
      projectId: caller.project.id,
      action,
      target,
      ...(details ? { details } : {}),
    });
  }

  async list(projectId: string, query: AuditQuery, page: Page) {
    const { rows, total } = await this.deps.repository.list(projectId, query, page);
    return { items: rows.map(toAuditEntry), total };
  }
}
