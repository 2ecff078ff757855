import type { ProjectEventRow } from '../../db/schema.js';
import type { Logger } from '../../lib/logger.js';
import type { EventLogRepository } from './event-log.repository.js';

/** One open stream, as the hub sees it. */
export interface StreamSubscriber {
  /** The frame to send for an event, or null when this subscriber may not see it. */
  frameFor(row: ProjectEventRow): string | null;
  /** Writes to the client; false when it cannot keep up (its buffer is full), and is dropped. */
  write(frame: string): boolean;
  /** Ends the stream; `dropped` cuts the connection of a client that could not keep up. */
  end(dropped: boolean): void;
  /** Whether the caller may still read the project (credential, membership): checked before new events go out, and on heartbeats. */
  stillAllowed(): Promise<boolean>;
}

export interface EventHubOptions {
  /** How often every project with subscribers looks for events it was not told of (another process on SQLite, a lost notification). */
  pollMs: number;
  /** How often each stream gets a comment line (proxies keep it open) and its caller is checked again. */
  heartbeatMs: number;
}

export const DEFAULT_HUB_OPTIONS: EventHubOptions = { pollMs: 2_000, heartbeatMs: 15_000 };

/** Events read from the log at once. */
const BATCH = 200;
const HEARTBEAT = ': heartbeat\n\n';

const resetFrame = (reason: string) => `event: reset\ndata: ${JSON.stringify({ reason })}\n\n`;

class Member {
  /** The id of the newest event this stream was offered. */
  lastId = 0;
  /** Catching up from the log while false; then the channel delivers to it. */
  live = false;
  closed = false;
  constructor(readonly subscriber: StreamSubscriber) {}
}

/** A project's subscribers, and how far its log has been read for them. */
class Channel {
  readonly members = new Set<Member>();
  pumping = false;
  again = false;
  constructor(
    readonly projectId: string,
    /** The id of the newest event read from the log (and offered to live members). */
    public cursor: number,
  ) {}
}

/**
 * Fans the event log out to open streams. Each project with subscribers is read once per wake
 * (an instance's own commits, a PostgreSQL or Redis notification, or the poll), oldest event
 * first, and every live stream of it is offered each event; a stream that resumes from
 * `Last-Event-ID` reads what it missed from the log itself, then joins. A stream whose buffer is
 * full is dropped, so a slow client never makes the server's memory grow.
 * @example const unsubscribe = await hub.subscribe(projectId, subscriber, request.headers['last-event-id']);
 */
export class EventHub {
  private readonly channels = new Map<string, Promise<Channel>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private dropped = 0;

  constructor(
    private readonly deps: {
      repository: EventLogRepository;
      log: Logger;
      options: EventHubOptions;
    },
  ) {}

  /** Starts the poll and the heartbeats. */
  start(): void {
    const { pollMs, heartbeatMs } = this.deps.options;
    this.timers.push(
      setInterval(() => this.wakeAll(), pollMs),
      setInterval(() => void this.heartbeat(), heartbeatMs),
    );
    for (const timer of this.timers) timer.unref();
  }

  /** Ends every stream (the server is closing) and stops the timers. */
  close(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const channel of this.channels.values()) {
      void channel.then((opened) => {
        for (const member of opened.members) this.leave(opened, member, false);
      });
    }
    this.channels.clear();
  }

  /** Open streams and streams dropped for falling behind, for tests and metrics. */
  async stats(): Promise<{ subscribers: number; dropped: number }> {
    const channels = await Promise.all(this.channels.values());
    return { subscribers: channels.reduce((sum, channel) => sum + channel.members.size, 0), dropped: this.dropped };
  }

  /** The project has new events: read them for its subscribers. */
  wake(projectId: string): void {
    const channel = this.channels.get(projectId);
    if (channel) void channel.then((opened) => this.pump(opened));
  }

  /** Every project with subscribers looks for new events (after a lost notification connection, or on the poll). */
  wakeAll(): void {
    for (const projectId of this.channels.keys()) this.wake(projectId);
  }

  /**
   * Adds a stream of the project. With `lastEventId` it first gets every event after that one
   * still in the log, in order (or one `reset` event when that one is no longer there), then
   * live ones. Returns what removes it.
   */
  async subscribe(projectId: string, subscriber: StreamSubscriber, lastEventId?: string): Promise<() => void> {
    const channel = await this.channelFor(projectId);
    const member = new Member(subscriber);
    channel.members.add(member);
    const unsubscribe = () => this.leave(channel, member, null);
    const from = lastEventId === undefined || lastEventId === '' ? null : Number(lastEventId);
    if (from === null) {
      member.lastId = channel.cursor;
      member.live = true;
      return unsubscribe;
    }
    const known =
      Number.isSafeInteger(from) && from >= 0 && (from === 0 || (await this.deps.repository.has(projectId, from)));
    if (!known) {
      member.lastId = channel.cursor;
      member.live = true;
      if (!subscriber.write(resetFrame('The events since Last-Event-ID are no longer kept; read the content again'))) {
        this.leave(channel, member, true);
      }
      return unsubscribe;
    }
    member.lastId = from;
    await this.catchUp(channel, member);
    return unsubscribe;
  }

  /** Reads what a resuming stream missed, until it has reached what the channel delivers live. */
  private async catchUp(channel: Channel, member: Member): Promise<void> {
    for (;;) {
      const rows = await this.deps.repository.after(channel.projectId, member.lastId, BATCH);
      for (const row of rows) {
        if (member.closed) return;
        this.offer(channel, member, row);
      }
      if (member.closed) return;
      // Checked with no await since the read: the channel cannot move on in between.
      if (rows.length < BATCH && member.lastId >= channel.cursor) {
        member.live = true;
        return;
      }
    }
  }

  private channelFor(projectId: string): Promise<Channel> {
    let channel = this.channels.get(projectId);
    if (!channel) {
      channel = this.deps.repository.latestId(projectId).then((latest) => new Channel(projectId, latest));
      this.channels.set(projectId, channel);
      channel.catch(() => this.channels.delete(projectId));
    }
    return channel;
  }

  private async pump(channel: Channel): Promise<void> {
    if (channel.pumping) {
      channel.again = true;
      return;
    }
    channel.pumping = true;
    try {
      do {
        channel.again = false;
        for (;;) {
          const rows = await this.deps.repository.after(channel.projectId, channel.cursor, BATCH);
          // Callers who lost access since they opened (removed, revoked, signed out) get none of these.
          if (rows.length > 0) await this.dropRevoked(channel);
          for (const row of rows) {
            channel.cursor = row.id;
            for (const member of channel.members) if (member.live) this.offer(channel, member, row);
          }
          if (rows.length < BATCH) break;
        }
      } while (channel.again);
    } catch (error) {
      this.deps.log.error({ err: error, projectId: channel.projectId }, 'Could not read the event log');
    } finally {
      channel.pumping = false;
    }
  }

  /**
   * Ends the live streams whose caller may no longer read the project. A check that fails ends
   * the stream too: its client reconnects with Last-Event-ID and is authorized afresh.
   */
  private async dropRevoked(channel: Channel): Promise<void> {
    const members = [...channel.members].filter((member) => member.live);
    const allowed = await Promise.all(
      members.map((member) =>
        member.subscriber.stillAllowed().catch((error: unknown) => {
          this.deps.log.warn({ err: error }, 'Could not check an event stream’s caller again');
          return false;
        }),
      ),
    );
    members.forEach((member, index) => {
      if (!allowed[index]) this.leave(channel, member, false);
    });
  }

  private offer(channel: Channel, member: Member, row: ProjectEventRow): void {
    if (row.id <= member.lastId) return;
    member.lastId = row.id;
    const frame = member.subscriber.frameFor(row);
    if (frame !== null && !member.subscriber.write(frame)) this.leave(channel, member, true);
  }

  /** Removes a stream; `dropped` ends it for falling behind, false ends it normally, null leaves it to its owner. */
  private leave(channel: Channel, member: Member, dropped: boolean | null): void {
    if (member.closed) return;
    member.closed = true;
    channel.members.delete(member);
    if (channel.members.size === 0 && this.channels.get(channel.projectId)) {
      void this.channels.get(channel.projectId)?.then((current) => {
        if (current === channel && channel.members.size === 0) this.channels.delete(channel.projectId);
      });
    }
    if (dropped) this.dropped += 1;
    if (dropped !== null) member.subscriber.end(dropped);
  }

  private async heartbeat(): Promise<void> {
    const channels = await Promise.all(this.channels.values());
    for (const channel of channels) {
      for (const member of channel.members) {
        if (!member.subscriber.write(HEARTBEAT)) {
          this.leave(channel, member, true);
          continue;
        }
        member.subscriber.stillAllowed().then(
          (allowed) => {
            if (!allowed) this.leave(channel, member, false);
          },
          (error: unknown) => this.deps.log.warn({ err: error }, 'Could not check an event stream’s caller again'),
        );
      }
    }
  }
}
