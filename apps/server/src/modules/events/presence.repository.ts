import { Repository } from '../../db/repository.js';
import type { PresenceRow } from '../../db/schema.js';

/** Who has which document open: one row per browser tab, renewed by its heartbeats. */
export class PresenceRepository extends Repository {
  find(key: PresenceKey): Promise<PresenceRow | undefined> {
    return this.db
      .selectFrom('presence')
      .selectAll()
      .where('project_id', '=', key.projectId)
      .where('document_id', '=', key.documentId)
      .where('user_id', '=', key.userId)
      .where('client_id', '=', key.clientId)
      .executeTakeFirst();
  }

  async upsert(row: PresenceRow): Promise<void> {
    await this.db
      .insertInto('presence')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['project_id', 'document_id', 'user_id', 'client_id']).doUpdateSet({
          state: row.state,
          field: row.field,
          locale: row.locale,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  /** Removes one tab's presence; returns it when it was there. */
  remove(key: PresenceKey): Promise<PresenceRow | undefined> {
    return this.db
      .deleteFrom('presence')
      .where('project_id', '=', key.projectId)
      .where('document_id', '=', key.documentId)
      .where('user_id', '=', key.userId)
      .where('client_id', '=', key.clientId)
      .returningAll()
      .executeTakeFirst();
  }

  /** The live presence on a document, earliest first. */
  onDocument(projectId: string, documentId: string, now: string): Promise<PresenceRow[]> {
    return this.db
      .selectFrom('presence')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('document_id', '=', documentId)
      .where('expires_at', '>', now)
      .orderBy('started_at')
      .orderBy('client_id')
      .execute();
  }

  /** Removes expired presence and returns it; with several instances, each row goes to one of them. */
  removeExpired(now: string): Promise<PresenceRow[]> {
    return this.db.deleteFrom('presence').where('expires_at', '<=', now).returningAll().execute();
  }
}

export interface PresenceKey {
  projectId: string;
  documentId: string;
  userId: string;
  clientId: string;
}
