import type { Presence, PresenceBody } from '@plinth/contract';
import type { Transact, Trx } from '../../db/repository.js';
import type { PresenceRow } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { forbidden } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { AuthService } from '../auth/auth.service.js';
import type { DocumentReads } from '../documents/document-reads.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { EventLog } from './event-log.js';
import type { PresenceKey, PresenceRepository } from './presence.repository.js';

export interface PresenceOptions {
  /** How long one announcement holds: clients renew it well within (every 15 s or so). */
  ttlMs: number;
}

export const DEFAULT_PRESENCE_OPTIONS: PresenceOptions = { ttlMs: 45_000 };

/**
 * Who else has a document open, for the editor: each browser tab announces itself and renews
 * that with heartbeats; joining, moving to another field or locale, and leaving (or going
 * silent past the time to live) are events on the project's stream, for members only.
 */
export class PresenceService {
  constructor(
    private readonly deps: {
      repository: PresenceRepository;
      log: EventLog;
      reads: Pick<DocumentReads, 'findWorking'>;
      accounts: Pick<AuthService, 'findUsers'>;
      transaction: Transact;
      clock: Clock;
      logger: Logger;
      options: PresenceOptions;
    },
  ) {}

  /** Announces or renews the caller's presence on a document; returns everyone there now. */
  async announce(grant: ProjectGrant, slug: string, documentId: string, body: PresenceBody): Promise<Presence[]> {
    const userId = this.memberOf(grant);
    const { collection } = await this.deps.reads.findWorking(grant, slug, documentId);
    const now = this.deps.clock();
    const key: PresenceKey = { projectId: grant.project.id, documentId, userId, clientId: body.client_id };
    const row: PresenceRow = {
      project_id: key.projectId,
      document_id: documentId,
      user_id: userId,
      client_id: body.client_id,
      collection: collection.slug,
      state: body.state ?? 'viewing',
      field: body.field ?? null,
      locale: body.locale ?? null,
      started_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.deps.options.ttlMs).toISOString(),
    };
    await this.deps.transaction(async (trx) => {
      const presence = this.deps.repository.in(trx);
      const before = await presence.find(key);
      const live = before && before.expires_at > row.started_at ? before : undefined;
      await presence.upsert(live ? { ...row, started_at: live.started_at } : row);
      const moved = live && (live.state !== row.state || live.field !== row.field || live.locale !== row.locale);
      if (!live || moved) {
        const payload = await this.present(trx, [{ ...row, started_at: live?.started_at ?? row.started_at }]);
        this.deps.log.append(trx, {
          projectId: key.projectId,
          event: live ? 'presence.updated' : 'presence.joined',
          collection: collection.slug,
          payload: payload[0],
        });
      }
    });
    return this.list(grant, slug, documentId);
  }

  /** The caller's tab leaves the document. */
  async leave(grant: ProjectGrant, documentId: string, clientId: string): Promise<void> {
    const userId = this.memberOf(grant);
    await this.deps.transaction(async (trx) => {
      const removed = await this.deps.repository
        .in(trx)
        .remove({ projectId: grant.project.id, documentId, userId, clientId });
      if (removed) await this.announceLeft(trx, [removed]);
    });
  }

  /** Everyone with the document open now. */
  async list(grant: ProjectGrant, slug: string, documentId: string): Promise<Presence[]> {
    this.memberOf(grant);
    await this.deps.reads.findWorking(grant, slug, documentId);
    return this.present(
      null,
      await this.deps.repository.onDocument(grant.project.id, documentId, isoNow(this.deps.clock)),
    );
  }

  /** Removes presence whose heartbeats stopped, and announces that those people left. */
  async sweep(): Promise<void> {
    try {
      await this.deps.transaction(async (trx) => {
        const expired = await this.deps.repository.in(trx).removeExpired(isoNow(this.deps.clock));
        await this.announceLeft(trx, expired);
      });
    } catch (error) {
      this.deps.logger.error({ err: error }, 'Could not remove expired presence');
    }
  }

  private async announceLeft(trx: Trx, rows: PresenceRow[]): Promise<void> {
    if (rows.length === 0) return;
    const presented = await this.present(trx, rows);
    rows.forEach((row, index) => {
      this.deps.log.append(trx, {
        projectId: row.project_id,
        event: 'presence.left',
        collection: row.collection,
        payload: presented[index],
      });
    });
  }

  /** Presence is people's: API tokens have none. */
  private memberOf(grant: ProjectGrant): string {
    if (grant.principal.kind !== 'user') throw forbidden('Presence is for signed-in members; API tokens have none');
    return grant.principal.userId;
  }

  /** Presence with who it is; `trx` when inside one (SQLite has one connection: a read outside would wait on it). */
  private async present(trx: Trx | null, rows: readonly PresenceRow[]): Promise<Presence[]> {
    const users = await this.deps.accounts.findUsers(trx, [...new Set(rows.map((row) => row.user_id))]);
    return rows.map((row) => {
      const user = users.get(row.user_id);
      return {
        document_id: row.document_id,
        collection: row.collection,
        client_id: row.client_id,
        user: { id: row.user_id, name: user?.name ?? '', avatar_url: user?.avatar_url ?? null },
        state: row.state === 'editing' ? 'editing' : 'viewing',
        field: row.field,
        locale: row.locale,
        started_at: row.started_at,
        expires_at: row.expires_at,
      };
    });
  }
}
