import { onCommit, type Trx } from '../../db/repository.js';
import type { ChangeEvent, ChangeEvents } from '../../lib/change-events.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import type { EventLogRepository, NewProjectEvent } from './event-log.repository.js';

/** An event for the log: a change event, or one only streams carry (presence). */
export interface LogEntry {
  projectId: string;
  event: string;
  collection: string | null;
  payload: unknown;
  /** What readers of published content only may see; absent: nothing. */
  publishedPayload?: unknown;
}

/**
 * Records every change event in the project's event log, in the transaction of the change: the
 * entries are written as its last statements (see EventLogRepository.append) and, once it has
 * committed, `committed` is told which projects have new events (the local hub, and Redis
 * between instances on SQLite).
 * @example const log = new EventLog({ repository, clock, committed: (projectId) => hub.wake(projectId) });
 */
export class EventLog implements ChangeEvents {
  private readonly pending = new WeakMap<Trx, NewProjectEvent[]>();

  constructor(
    private readonly deps: {
      repository: EventLogRepository;
      clock: Clock;
      committed: (projectId: string) => void;
    },
  ) {}

  record(trx: Trx, event: ChangeEvent): Promise<void> {
    this.append(trx, event);
    return Promise.resolve();
  }

  /** Adds an entry to the log in `trx`. */
  append(trx: Trx, entry: LogEntry): void {
    let entries = this.pending.get(trx);
    if (!entries) {
      const batch: NewProjectEvent[] = [];
      entries = batch;
      this.pending.set(trx, batch);
      onCommit(trx, {
        before: (inTrx) => this.flush(inTrx, batch),
        after: () => {
          for (const projectId of new Set(batch.map((event) => event.projectId))) this.deps.committed(projectId);
        },
      });
    }
    entries.push({
      projectId: entry.projectId,
      event: entry.event,
      collection: entry.collection,
      payload: JSON.stringify(entry.payload),
      publishedPayload: entry.publishedPayload === undefined ? null : JSON.stringify(entry.publishedPayload),
      createdAt: isoNow(this.deps.clock),
    });
  }

  /** Writes the transaction's entries, project by project in a fixed order (two writers never wait on each other in a circle). */
  private async flush(trx: Trx, entries: readonly NewProjectEvent[]): Promise<void> {
    const projects = [...new Set(entries.map((event) => event.projectId))].sort();
    for (const projectId of projects) {
      await this.deps.repository.in(trx).append(
        projectId,
        entries.filter((event) => event.projectId === projectId),
      );
    }
  }
}
