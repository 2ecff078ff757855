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

/**
 * The names of who acted: users and API tokens belong to other modules, which implement this
 * (wired in the composition root). Each answers one batch of ids in one query; ids it does not
 * know are absent from its map.
 */
export interface ActorNames {
  users(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  tokens(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

const toAuditEntry = (row: AuditLogRow, name: string | null): AuditEntry => ({
  id: row.id,
  actor: { type: row.actor_type, id: row.actor_id, name },
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
  constructor(private readonly deps: { repository: AuditRepository; clock: Clock; names: ActorNames }) {}

  async record(trx: Trx, actor: Actor, record: AuditRecord): Promise<void> {
    const principal = actor.principal;
    await this.deps.repository.in(trx).insert({
      id: newId(),
      project_id: record.projectId,
      // Preview tokens only read, so they never act here.
      actor_type: principal?.kind === 'user' || principal?.kind === 'token' ? principal.kind : 'system',
      actor_id: principal?.kind === 'user' ? principal.userId : principal?.kind === 'token' ? principal.tokenId : null,
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

  /** A page of the trail, with each actor's name: one query for the users and one for the tokens of the page. */
  async list(projectId: string, query: AuditQuery, page: Page) {
    const { rows, total } = await this.deps.repository.list(projectId, query, page);
    const idsOf = (type: AuditLogRow['actor_type']) => [
      ...new Set(rows.flatMap((row) => (row.actor_type === type && row.actor_id !== null ? [row.actor_id] : []))),
    ];
    const lookUp = async (ids: string[], find: (ids: string[]) => Promise<ReadonlyMap<string, string>>) =>
      ids.length > 0 ? find(ids) : new Map<string, string>();
    const [users, tokens] = await Promise.all([
      lookUp(idsOf('user'), (ids) => this.deps.names.users(ids)),
      lookUp(idsOf('token'), (ids) => this.deps.names.tokens(ids)),
    ]);
    const names = { user: users, token: tokens, system: new Map<string, string>() };
    const nameOf = (row: AuditLogRow) =>
      row.actor_id === null ? null : (names[row.actor_type].get(row.actor_id) ?? null);
    return { items: rows.map((row) => toAuditEntry(row, nameOf(row))), total };
  }
}
