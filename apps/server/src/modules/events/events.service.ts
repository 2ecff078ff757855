import { type EventStreamQuery, type EventTicket, STREAM_EVENTS, type StreamEvent } from '@plinth/contract';
import type { ProjectEventRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomSecret, sha256 } from '../../lib/crypto.js';
import { AppError, fieldError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { Principal } from '../auth/principal.js';
import type { ProjectAccess, ProjectGrant } from '../projects/project-access.js';
import type { EventHub, StreamSubscriber } from './event-hub.js';
import type { EventLogRepository } from './event-log.repository.js';

/** Where a stream's frames go: the HTTP layer's connection. */
export interface StreamSink {
  /** false when the client's buffer is full. */
  write(frame: string): boolean;
  end(dropped: boolean): void;
}

export interface EventsOptions {
  /** How long the log keeps events for `Last-Event-ID` replay. */
  retentionMs: number;
  /** How long a ticket opens a stream. */
  ticketMs: number;
}

export const DEFAULT_EVENTS_OPTIONS: EventsOptions = { retentionMs: 24 * 3_600_000, ticketMs: 60_000 };

const TICKET_PREFIX = 'plet_';
const KNOWN_EVENTS = new Set<string>(STREAM_EVENTS);

const list = (value: string | undefined): string[] | null =>
  value === undefined ? null : [...new Set(value.split(',').filter((item) => item !== ''))];

/**
 * Which of an event's data a caller sees (null: the event is not for it), by what it may read:
 * members see every event; API tokens see document events with preview access (working copies),
 * or with content:read only what published content they read; media events with a media
 * scope, model events with a schema scope; presence is for members.
 */
function dataFor(grant: ProjectGrant, row: ProjectEventRow): string | null {
  if (grant.principal.kind === 'user') return row.payload;
  const [area] = row.event.split('.');
  switch (area) {
    case 'document':
      if (grant.can('content.preview')) return row.payload;
      return grant.can('content.read') ? row.published_payload : null;
    case 'media':
      return grant.can('media.read') ? row.payload : null;
    case 'collection':
      return grant.can('schema.read') ? row.payload : null;
    default:
      return null;
  }
}

/** One event as the stream sends it: its id, its name, and the webhook payload as data. */
const frameOf = (row: ProjectEventRow, data: string): string =>
  `id: ${row.id}\nevent: ${row.event}\ndata: {"id":"${row.id}","event":${JSON.stringify(row.event)},"created_at":${JSON.stringify(
    row.created_at,
  )},"project_id":${JSON.stringify(row.project_id)},"data":${data}}\n\n`;

/**
 * Real-time events of a project: streams that the caller's permissions filter, resumable from
 * the log, and single-use tickets for browsers' EventSource (never a token in a URL).
 */
export class EventsService {
  constructor(
    private readonly deps: {
      repository: EventLogRepository;
      hub: EventHub;
      access: ProjectAccess;
      authenticator: Pick<Authenticator, 'isLive'>;
      clock: Clock;
      log: Logger;
      options: EventsOptions;
    },
  ) {}

  /** A ticket that opens one stream of the project as the caller, within a minute. */
  async issueTicket(grant: ProjectGrant): Promise<EventTicket> {
    const ticket = randomSecret(32, TICKET_PREFIX);
    const expiresAt = new Date(this.deps.clock().getTime() + this.deps.options.ticketMs).toISOString();
    await this.deps.repository.insertTicket({
      id: sha256(ticket),
      projectId: grant.project.id,
      principal: JSON.stringify(grant.principal),
      expiresAt,
    });
    return { ticket, expires_at: expiresAt };
  }

  /** The caller a ticket was issued to, if it is unused, unexpired, and that caller still holds. */
  async redeemTicket(projectId: string, ticket: string): Promise<Principal> {
    const stored = await this.deps.repository.takeTicket(sha256(ticket), projectId, this.deps.clock().toISOString());
    const principal = stored === undefined ? null : (JSON.parse(stored) as Principal);
    if (!principal || !(await this.deps.authenticator.isLive(principal))) {
      throw new AppError('UNAUTHENTICATED', 'This event stream ticket is invalid, used or expired; ask for a new one');
    }
    return principal;
  }

  /**
   * Opens a stream for `grant` (see EventHub.subscribe): the events it may see, of the names and
   * collections asked for. Returns what closes it.
   */
  async open(options: {
    grant: ProjectGrant;
    query: EventStreamQuery;
    lastEventId: string | undefined;
    sink: StreamSink;
  }): Promise<() => void> {
    const { grant, sink } = options;
    const events = list(options.query.events);
    const unknown = events?.find((event) => !KNOWN_EVENTS.has(event));
    if (unknown !== undefined) {
      throw fieldError('events', `"${unknown}" is not an event; events are ${STREAM_EVENTS.join(', ')}`);
    }
    const wanted = events ? new Set<string>(events as StreamEvent[]) : null;
    const collections = list(options.query.collections);
    const { access, authenticator } = this.deps;
    const subscriber: StreamSubscriber = {
      frameFor(row) {
        if (wanted && !wanted.has(row.event)) return null;
        if (collections && (row.collection === null || !collections.includes(row.collection))) return null;
        const data = dataFor(grant, row);
        return data === null ? null : frameOf(row, data);
      },
      write: (frame) => sink.write(frame),
      end: (dropped) => sink.end(dropped),
      async stillAllowed() {
        if (!(await authenticator.isLive(grant.principal))) return false;
        return access.authorize(grant.principal, grant.project.id, 'project.read', grant.ip).then(
          () => true,
          () => false,
        );
      },
    };
    return this.deps.hub.subscribe(grant.project.id, subscriber, options.lastEventId);
  }

  /** Drops events older than the retention, and expired tickets. */
  async purge(): Promise<void> {
    const now = this.deps.clock();
    const removed = await this.deps.repository.purgeBefore(
      new Date(now.getTime() - this.deps.options.retentionMs).toISOString(),
    );
    await this.deps.repository.purgeTickets(now.toISOString());
    if (removed > 0) this.deps.log.debug({ removed }, 'Purged old events from the event log');
  }
}
