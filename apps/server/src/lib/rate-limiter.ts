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
  /** Adds an event at `at`, keeping only the newest `keep` and forgetting the key after `ttlMs`. */
  add(key: string, at: number, options: { keep: number; ttlMs: number }): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process's events, in a map. */
export class MemoryWindowStore implements WindowStore {
  private readonly events = new Map<string, { times: number[]; expiresAt: number }>();

  async recent(key: string, after: number): Promise<number[]> {
    const entry = this.events.get(key);
    if (!entry) return [];
    entry.times = entry.times.filter((time) => time > after);
    if (entry.times.length === 0) this.events.delete(key);
    return [...entry.times];
  }

  async add(key: string, at: number, options: { keep: number; ttlMs: number }): Promise<void> {
    if (this.events.size > 100_000) this.prune(at);
    const times = [...(this.events.get(key)?.times ?? []), at].sort((a, b) => a - b).slice(-options.keep);
    this.events.set(key, { times, expiresAt: at + options.ttlMs });
  }

  async clear(key: string): Promise<void> {
    this.events.delete(key);
  }

  async close(): Promise<void> {
    this.events.clear();
  }

  private prune(now: number): void {
    for (const [key, entry] of this.events) if (entry.expiresAt <= now) this.events.delete(key);
  }
}

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
    async add(key, at, { keep, ttlMs }) {
      // Members must differ for events of the same millisecond.
      await redis
        .multi()
        .zadd(prefix + key, at, `${at}:${randomBytes(6).toString('hex')}`)
        .zremrangebyrank(prefix + key, 0, -(keep + 1))
        .pexpire(prefix + key, ttlMs)
        .exec();
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

  async record(key: string): Promise<void> {
    await this.store.add(this.keyOf(key), this.clock().getTime(), { keep: this.limit, ttlMs: this.windowMs });
  }

  async reset(key: string): Promise<void> {
    await this.store.clear(this.keyOf(key));
  }
}
