import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/database.js';
import type { Database } from './db/schema.js';
import type { JobHandler, JobQueue } from './jobs/queue.js';
import type { Clock } from './lib/clock.js';
import type { DeliveryCache } from './lib/delivery-cache.js';
import type { Mailer } from './lib/mailer.js';
import type { WindowStore } from './lib/rate-limiter.js';

/** What services need from the outside world, built once per app and passed down explicitly. */
export interface AppContext {
  readonly config: Config;
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly log: FastifyBaseLogger;
  /** HS256 key for access tokens. */
  readonly jwtKey: Uint8Array;
  /** The durable job queue (outbox); modules enqueue in their own transactions. */
  readonly jobs: JobQueue;
  /** What the worker can run, by job kind; modules register their handlers here. */
  readonly jobHandlers: Map<string, JobHandler>;
  /** Cached delivery answers; content writers invalidate a project after they commit. */
  readonly delivery: DeliveryCache;
  /** Recent events for rate limits: in memory, or in Redis (REDIS_URL) to share them between instances. */
  readonly rateLimits: WindowStore;
}
