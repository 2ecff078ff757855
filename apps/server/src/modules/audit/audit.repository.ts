import type { AuditQuery } from '@plinth/contract';
import { sql } from 'kysely';
import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type { AuditLogRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

/** The append-only audit trail: rows are inserted and read, never changed. */
export class AuditRepository extends Repository {
  async insert(row: Omit<AuditLogRow, 'details'> & { details: Record<string, unknown> }): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({ ...row, details: JSON.stringify(row.details) })
      .execute();
  }

  list(projectId: string, query: AuditQuery, page: Page) {
    let base = this.db.selectFrom('audit_log').where('project_id', '=', projectId);
    if (query.actor_type) base = base.where('actor_type', '=', query.actor_type);
    if (query.actor_id) base = base.where('actor_id', '=', query.actor_id);
    if (query.action?.endsWith('*')) {
      // A plain prefix comparison: `_` in action names must not act as a LIKE wildcard.
      const prefix = query.action.slice(0, -1);
      base = base.where(sql<string>`substr(action, 1, ${prefix.length})`, '=', prefix);
    } else if (query.action) {
      base = base.where('action', '=', query.action);
    }
    if (query.target_type) base = base.where('target_type', '=', query.target_type);
    if (query.target_id) base = base.where('target_id', '=', query.target_id);
    if (query.from) base = base.where('created_at', '>=', new Date(query.from).toISOString());
    if (query.to) base = base.where('created_at', '<', new Date(query.to).toISOString());
    return listPage(base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
  }
}
