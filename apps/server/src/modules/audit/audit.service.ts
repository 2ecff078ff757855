import type { AuditEntry, AuditQuery } from '@plinth/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { parseJson } from '../../db/database.js';
import type { AuditLogRow, Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import type { Principal } from '../auth/principal.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { AuditRepository } from './audit.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Who did it: a user, an API token, or the system itself (scheduled work). */
export interface AuditActor {
  principal: Principal | null;
  ip: string | null;
}

export interface AuditRecord {
  projectId: string;
  action: string;
  target: { type: string; id: string | null };
  details?: Record<string, unknown>;
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
 * The audit trail of a project. Changes record their entry in the same transaction as the
 * change itself, so the trail never misses a committed change nor shows one that rolled back.
 */
export class AuditService {
  private readonly repository: AuditRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new AuditRepository(ctx.db);
  }

  async record(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
    const principal = actor.principal;
    await this.repository.insert(db, {
      id: newId(),
      project_id: record.projectId,
      actor_type: principal ? principal.kind : 'system',
      actor_id: principal ? (principal.kind === 'user' ? principal.userId : principal.tokenId) : null,
      action: record.action,
      target_type: record.target.type,
      target_id: record.target.id,
      details: record.details ?? {},
      ip: actor.ip,
      created_at: this.ctx.clock().toISOString(),
    });
  }

  /**
   * Records a change made through a request by the grant's caller. Pass the transaction that
   * writes the change, so that the entry commits (or rolls back) with it.
   */
  recordGrant(
    db: Db,
    grant: ProjectGrant,
    action: string,
    target: AuditRecord['target'],
    details?: Record<string, unknown>,
  ): Promise<void> {
    return this.record(
      db,
      { principal: grant.principal, ip: grant.ip },
      {
        projectId: grant.project.id,
        action,
        target,
        ...(details ? { details } : {}),
      },
    );
  }

  async list(projectId: string, query: AuditQuery, page: Page) {
    const { rows, total } = await this.repository.list(projectId, query, page);
    return { items: rows.map(toAuditEntry), total };
  }
}
