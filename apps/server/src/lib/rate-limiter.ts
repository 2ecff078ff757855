import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';

/**
 * Where limiters keep the times of recent events, per key. In memory each instance counts its
 * own share; in Redis every instance counts together.
 */
export interface WindowStore {
  /** The key's event times (ms) later than `after`, oldest first; older ones are dropped. */
  recent(key: string, after: number): Promise<number[]>;
  /**
   * Adds an event at `at` unless the key already has `limit` events later than `after`, in one
   * atomic step (simultaneous callers cannot all pass one check). The event's id, or null.
   */
  take(key: string, at: number, options: { after: number; limit: number; ttlMs: number }): Promise<string | null>;
  /** Removes one event that `take` added. */
  remove(key: string, id: string): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

const eventId = (at: number) => `${at}:${randomBytes(6).toString('hex')}`;

/** One process's events, in a map. */
export class MemoryWindowStore implements WindowStore {
  private readonly events = new Map<string, { times: { at: number; id: string }[]; expiresAt: number }>();

  async recent(key: string, after: number): Promise<number[]> {
    return this.live(key, after).map((event) => event.at);
  }

  // No await between the count and the insert: that is what makes it atomic in one process.
  async take(key: string, at: number, options: { after: number; limit: number; ttlMs: number }) {
    if (this.live(key, options.after).length >= options.limit) return null;
    const id = eventId(at);
    this.insert(key, { at, id }, options.limit, options.ttlMs);
    return id;
  }

  async remove(key: string, id: string): Promise<void> {
    const entry = this.events.get(key);
    if (entry) entry.times = entry.times.filter((event) => event.id !== id);
  }

  async clear(key: string): Promise<void> {
    this.events.delete(key);
  }

  async close(): Promise<void> {
    this.events.clear();
  }

  private live(key: string, after: number): { at: number; id: string }[] {
    const entry = this.events.get(key);
    if (!entry) return [];
    entry.times = entry.times.filter((event) => event.at > after);
    if (entry.times.length === 0) this.events.delete(key);
    return entry.times;
  }

  private insert(key: string, event: { at: number; id: string }, keep: number, ttlMs: number): void {
    if (this.events.size > 100_000) this.prune(event.at);
    const times = [...(this.events.get(key)?.times ?? []), event].sort((a, b) => a.at - b.at).slice(-keep);
    this.events.set(key, { times, expiresAt: event.at + ttlMs });
  }

  private prune(now: number): void {
    for (const [key, entry] of this.events) if (entry.expiresAt <= now) this.events.delete(key);
  }
}

/** `take` in Redis: drop what left the window, count, and add only under the limit, as one script. */
const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/**
 * Events in Redis sorted sets (score = time), shared by every instance on the same server.
 * @example const store = await connectRedisWindowStore({ url: 'redis://127.0.0.1:6379', log });
 */
export async function connectRedisWindowStore(options: {
  url: string;
  log: Logger;
  prefix?: string;
}): Promise<WindowStore> {
  const prefix = options.prefix ?? 'plinth:rate:';
  // Loaded only when Redis is configured.
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', (error) => options.log.warn({ err: error }, 'Redis connection problem'));
  await redis.connect();
  return {
    async recent(key, after) {
      const results = await redis
        .multi()
        .zremrangebyscore(prefix + key, '-inf', after)
        .zrange(prefix + key, 0, -1, 'WITHSCORES')
        .exec();
      const [, listed] = results?.[1] ?? [];
      const flat = Array.isArray(listed) ? (listed as string[]) : [];
      return flat.filter((_, index) => index % 2 === 1).map(Number);
    },
    async take(key, at, { after, limit, ttlMs }) {
      const id = eventId(at);
      const added = await redis.eval(TAKE_SCRIPT, 1, prefix + key, after, limit, at, id, ttlMs);
      return added === 1 ? id : null;
    },
    async remove(key, id) {
      await redis.zrem(prefix + key, id);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

/**
 * Allows `limit` events per key in any sliding window of `windowMs` (for example 10 failed
 * logins per account in 15 minutes). Unlike fixed windows, a burst at the end of one window
 * cannot be followed by another at the start of the next.
 * @example const limiter = new SlidingWindowLimiter({ store, name: 'login', limit: 10, windowMs: 15 * 60_000, clock });
 */
export class SlidingWindowLimiter {
  private readonly store: WindowStore;
  private readonly name: string;
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly clock: Clock;

  constructor(options: { store: WindowStore; name: string; limit: number; windowMs: number; clock: Clock }) {
    this.store = options.store;
    this.name = options.name;
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.clock = options.clock;
  }

  private keyOf(key: string): string {
    return `${this.name}:${key}`;
  }

  /** Seconds until the key may act again, or 0 when it is under the limit. */
  async retryAfterSeconds(key: string): Promise<number> {
    const now = this.clock().getTime();
    const times = await this.store.recent(this.keyOf(key), now - this.windowMs);
    if (times.length < this.limit) return 0;
    // One more event is allowed once this one leaves the window.
    const blocking = times[times.length - this.limit] as number;
    return Math.max(1, Math.ceil((blocking + this.windowMs - now) / 1000));
  }

  /**
   * Counts an event now unless the key is at its limit, checking and counting in one atomic
   * step: a burst of simultaneous callers cannot all pass a check made before any was counted.
   * Answers the event's id (for `release`), or null when the limit is reached.
   */
  take(key: string): Promise<string | null> {
    const now = this.clock().getTime();
    return this.store.take(this.keyOf(key), now, {
      after: now - this.windowMs,
      limit: this.limit,
      ttlMs: this.windowMs,
    });
  }

  /** Uncounts an event that `take` counted (an attempt that turned out not to count). */
  release(key: string, event: string): Promise<void> {
    return this.store.remove(this.keyOf(key), event);
  }

  async reset(key: string): Promise<void> {
    await this.store.clear(this.keyOf(key));
  }
}
