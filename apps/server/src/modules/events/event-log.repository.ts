import { sql } from 'kysely';
import { Repository } from '../../db/repository.js';
import type { ProjectEventRow } from '../../db/schema.js';

/** The PostgreSQL channel whose notifications say "project X has new events". */
export const EVENTS_CHANNEL = 'plinth_events';

export interface NewProjectEvent {
  projectId: string;
  event: string;
  collection: string | null;
  /** JSON text. */
  payload: string;
  /** JSON text, or null when readers of published content see nothing of the event. */
  publishedPayload: string | null;
  createdAt: string;
}

/** The event log that streams replay from, and the tickets that open streams from browsers. */
export class EventLogRepository extends Repository {
  /**
   * Appends one project's events at the end of the transaction that caused them. On PostgreSQL
   * a transaction lock per project is taken first and held until the commit, so the project's
   * ids increase in commit order (a reader that saw id n never later finds a smaller one
   * committed), and a NOTIFY, sent on commit, wakes the listeners of every instance.
   */
  async append(projectId: string, events: readonly NewProjectEvent[]): Promise<void> {
    if (this.dialect === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`events:${projectId}`}))`.execute(this.db);
    }
    await this.db
      .insertInto('project_events')
      .values(
        events.map((event) => ({
          project_id: event.projectId,
          event: event.event,
          collection: event.collection,
          payload: event.payload,
          published_payload: event.publishedPayload,
          created_at: event.createdAt,
        })),
      )
      .execute();
    if (this.dialect === 'postgres') await sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${projectId})`.execute(this.db);
  }

  /** The project's events after `afterId`, oldest first. */
  after(projectId: string, afterId: number, limit: number): Promise<ProjectEventRow[]> {
    return this.db
      .selectFrom('project_events')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The id of the project's newest event (0 for none). */
  async latestId(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('project_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** Whether the project's log still holds event `id` (older ones are purged). */
  async has(projectId: string, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('project_events')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Removes events written before `cutoff`; returns how many. */
  async purgeBefore(cutoff: string): Promise<number> {
    const result = await this.db.deleteFrom('project_events').where('created_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async insertTicket(row: { id: string; projectId: string; principal: string; expiresAt: string }): Promise<void> {
    await this.db
      .insertInto('event_tickets')
      .values({ id: row.id, project_id: row.projectId, principal: row.principal, expires_at: row.expiresAt })
      .execute();
  }

  /** Takes a ticket of the project (it works once): its principal, unless it expired or was used. */
  async takeTicket(id: string, projectId: string, now: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('event_tickets')
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .returning(['principal', 'expires_at'])
      .executeTakeFirst();
    return row && row.expires_at > now ? row.principal : undefined;
  }

  async purgeTickets(now: string): Promise<void> {
    await this.db.deleteFrom('event_tickets').where('expires_at', '<=', now).execute();
  }
}
