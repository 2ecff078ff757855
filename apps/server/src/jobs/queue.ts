import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { type Dialect, parseJson } from '../db/database.js';
import { type Executor, Repository } from '../db/repository.js';
import type { JobRow } from '../db/schema.js';
import { type Clock, isoNow } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { Logger } from '../lib/logger.js';

export interface EnqueueOptions {
  kind: string;
  payload: unknown;
  /** Not before this time (scheduled work); now when absent. */
  runAt?: Date;
  maxAttempts?: number;
  /** Lets a producer find (and cancel) its pending job later, e.g. `publish:<documentId>`. */
  dedupeKey?: string;
}

export interface JobContext {
  id: string;
  attempt: number;
}

export interface JobHandler {
  run(payload: unknown, job: JobContext): Promise<void>;
  /** Delays before each retry, in ms; the last one repeats. */
  retryDelaysMs?: readonly number[];
  /** The most attempts a job of this kind gets; stored on each job when it is queued. */
  maxAttempts?: number;
  /**
   * Time-critical work (scheduled publishing): it may also take the worker's reserved slots, so
   * a backlog of slow jobs of other kinds (webhooks to a receiver that times out) never delays it.
   */
  urgent?: boolean;
  /** The payload holds secrets (an email's one-time links): it is erased once the job is done. */
  clearPayloadWhenDone?: boolean;
}

const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000];
const DEFAULT_MAX_ATTEMPTS = 8;
const LEASE_EXPIRED = 'The worker stopped before finishing this job (its lease expired)';
/** How long a job of a kind this worker does not know waits before any worker looks at it again. */
const UNKNOWN_KIND_DELAY_MS = 60_000;

/**
 * The transactional outbox. A job is written in the same transaction as the change that causes
 * it (`jobs.in(trx).enqueue(…)`), so a crash can never keep the change and lose its consequence
 * (or the reverse).
 */
export class JobQueue extends Repository {
  constructor(
    db: Executor,
    dialect: Dialect,
    private readonly clock: Clock,
    /** The handlers by kind (filled in as modules register them), for their attempt limits. */
    private readonly handlers: ReadonlyMap<string, JobHandler> = new Map(),
  ) {
    super(db, dialect);
  }

  /** Listeners told that a job may be due now (the in-process worker wakes up). */
  readonly onEnqueue = new Set<() => void>();

  async enqueue(options: EnqueueOptions): Promise<string> {
    const now = isoNow(this.clock);
    const id = newId();
    await this.db
      .insertInto('jobs')
      .values({
        id,
        kind: options.kind,
        payload: JSON.stringify(options.payload ?? null),
        status: 'pending',
        run_at: (options.runAt ?? this.clock()).toISOString(),
        attempts: 0,
        // The kind's own limit when lower: a reclaim after an expired lease only sees the row.
        max_attempts: Math.min(
          options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          this.handlers.get(options.kind)?.maxAttempts ?? Number.POSITIVE_INFINITY,
        ),
        locked_by: null,
        locked_until: null,
        last_error: null,
        dedupe_key: options.dedupeKey ?? null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .execute();
    // Wake the worker after the surrounding transaction had a chance to commit.
    setImmediate(() => {
      for (const listener of this.onEnqueue) listener();
    });
    return id;
  }

  /** Cancels pending jobs with this dedupe key; returns how many. */
  async cancel(dedupeKey: string): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'cancelled', updated_at: isoNow(this.clock), finished_at: isoNow(this.clock) })
      .where('dedupe_key', '=', dedupeKey)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Claims up to `limit` due jobs for `workerId` with a lease, of the given kinds only when
   * `kinds` is set. Jobs whose lease ran out (their worker died) are claimed again, unless they
   * have used all their attempts: those fail. On PostgreSQL, SKIP LOCKED keeps concurrent workers
   * from claiming the same row; SQLite has one writer at a time.
   */
  async claim(workerId: string, limit: number, leaseMs: number, kinds?: readonly string[]): Promise<JobRow[]> {
    if (kinds?.length === 0) return [];
    const now = this.clock();
    const nowIso = now.toISOString();
    const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
    // A job that keeps killing its worker must not be retried for ever.
    await this.db
      .updateTable('jobs')
      .set({
        status: 'failed',
        last_error: LEASE_EXPIRED,
        locked_by: null,
        locked_until: null,
        updated_at: nowIso,
        finished_at: nowIso,
      })
      .where('status', '=', 'running')
      .where('locked_until', '<', nowIso)
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .execute();
    const lock = this.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const ofKinds = kinds ? sql`AND kind IN (${sql.join(kinds)})` : sql``;
    const result = await sql<JobRow>`
      UPDATE jobs SET status = 'running', locked_by = ${workerId}, locked_until = ${leaseUntil},
        attempts = attempts + 1, updated_at = ${nowIso},
        last_error = CASE WHEN status = 'running' THEN ${LEASE_EXPIRED} ELSE last_error END
      WHERE id IN (
        SELECT id FROM jobs
        WHERE ((status = 'pending' AND run_at <= ${nowIso})
          OR (status = 'running' AND locked_until < ${nowIso} AND attempts < max_attempts)) ${ofKinds}
        ORDER BY run_at, id LIMIT ${limit} ${lock}
      )
      RETURNING *`.execute(this.db);
    return result.rows;
  }

  /** Extends the lease of a job still in hand, so a long job is not taken for a dead one. */
  async extendLease(jobId: string, workerId: string, leaseMs: number): Promise<void> {
    const now = this.clock();
    await this.db
      .updateTable('jobs')
      .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: now.toISOString() })
      .where('id', '=', jobId)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Marks a job done; `last_error` keeps the failure of any earlier attempt, for the record.
   * `clearPayload` erases a payload that holds secrets.
   */
  async complete(job: JobRow, workerId: string, options: { clearPayload?: boolean } = {}): Promise<void> {
    const now = isoNow(this.clock);
    await this.db
      .updateTable('jobs')
      .set({
        status: 'done',
        finished_at: now,
        updated_at: now,
        locked_until: null,
        ...(options.clearPayload ? { payload: JSON.stringify(null) } : {}),
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  /** Schedules a retry with backoff and jitter, or gives up after the last attempt. */
  async fail(job: JobRow, workerId: string, error: unknown, handler?: JobHandler): Promise<void> {
    const now = this.clock();
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    // The job's own limit, or its kind's when that was lowered after the job was queued.
    const maxAttempts = Math.min(job.max_attempts, handler?.maxAttempts ?? job.max_attempts);
    const giveUp = job.attempts >= maxAttempts;
    const delays = handler?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const base = delays[Math.min(job.attempts - 1, delays.length - 1)] ?? 60_000;
    const jitter = base * 0.1 * (Math.random() * 2 - 1);
    await this.db
      .updateTable('jobs')
      .set({
        status: giveUp ? 'failed' : 'pending',
        run_at: giveUp ? job.run_at : new Date(now.getTime() + base + jitter).toISOString(),
        last_error: message,
        locked_by: null,
        locked_until: null,
        updated_at: now.toISOString(),
        finished_at: giveUp ? now.toISOString() : null,
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Hands a claimed job back untouched, to run after `delayMs`: its attempt does not count. For
   * a kind this worker cannot run (during a rolling deploy, a newer worker can).
   */
  async release(job: JobRow, workerId: string, delayMs: number, reason: string): Promise<void> {
    const now = this.clock();
    await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'pending',
        run_at: new Date(now.getTime() + delayMs).toISOString(),
        attempts: eb('attempts', '-', 1),
        last_error: reason,
        locked_by: null,
        locked_until: null,
        updated_at: now.toISOString(),
      }))
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  /** Deletes done and cancelled jobs that finished more than `retentionMs` ago; returns how many. */
  async prune(retentionMs: number): Promise<number> {
    const before = new Date(this.clock().getTime() - retentionMs).toISOString();
    const result = await this.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'cancelled'])
      .where('finished_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  find(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async depth(): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', 'in', ['pending', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

export interface WorkerOptions {
  pollMs?: number;
  /** Jobs that run at once (slots); a slot takes the next due job as soon as its job ends. */
  concurrency?: number;
  /** Slots kept for urgent kinds (see JobHandler.urgent); fewer than `concurrency`. */
  reservedSlots?: number;
  leaseMs?: number;
  /**
   * Hold the process open while the worker runs. A worker-only process has nothing else that
   * does (no HTTP server), so without it it would exit as soon as it started.
   */
  keepAlive?: boolean;
  /** Done and cancelled jobs are deleted this long after they finished; null keeps them. */
  retentionMs?: number | null;
  /** How often old jobs are deleted (at start, then at this interval). */
  pruneEveryMs?: number;
}

interface InFlight {
  urgent: boolean;
  done: Promise<void>;
}

/**
 * Runs due jobs: in the API process by default, or alone with `plinth start --role worker`.
 * Any number of workers may share one database. Each job has a slot of its own, so one slow job
 * holds up nothing but its slot.
 */
export class Worker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private started = false;
  private stopping = false;
  private pumping = false;
  private pumpAgain = false;
  private pass: Promise<void> = Promise.resolve();
  private pruning: Promise<void> = Promise.resolve();
  /** Claims run one after another, so that two never fill the same free slot. */
  private claiming: Promise<unknown> = Promise.resolve();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly pollMs: number;
  private readonly slots: number;
  private readonly reservedSlots: number;
  private readonly leaseMs: number;
  private readonly keepAlive: boolean;
  private readonly retentionMs: number | null;
  private readonly pruneEveryMs: number;
  private readonly wake = () => this.pump();

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: ReadonlyMap<string, JobHandler>,
    private readonly log: Logger,
    options: WorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.slots = Math.max(options.concurrency ?? 4, 1);
    this.reservedSlots = Math.min(Math.max(options.reservedSlots ?? 1, 0), this.slots - 1);
    this.leaseMs = options.leaseMs ?? 60_000;
    this.keepAlive = options.keepAlive ?? false;
    this.retentionMs = options.retentionMs ?? null;
    this.pruneEveryMs = options.pruneEveryMs ?? 3_600_000;
  }

  start(): void {
    this.started = true;
    this.stopping = false;
    this.queue.onEnqueue.add(this.wake);
    this.wake();
    if (this.retentionMs !== null) {
      const retentionMs = this.retentionMs;
      const prune = () => {
        this.pruning = this.queue
          .prune(retentionMs)
          .then((count) => {
            if (count > 0) this.log.info({ count }, 'Deleted finished jobs past their retention');
          })
          .catch((error: unknown) => this.log.error({ err: error }, 'Could not delete old jobs'));
      };
      prune();
      this.pruneTimer = setInterval(prune, this.pruneEveryMs);
      this.pruneTimer.unref();
    }
  }

  /** Stops claiming; waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.started = false;
    this.queue.onEnqueue.delete(this.wake);
    if (this.timer) clearTimeout(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await Promise.all([this.pass, this.pruning]);
    await Promise.all([...this.inFlight.values()].map((job) => job.done));
  }

  /** Fills free slots now, then looks again after `pollMs` (jobs also fall due as time passes). */
  private pump(): void {
    if (!this.started) return;
    if (this.pumping) {
      // A slot freed or a job arrived during this pass: the pass fills again before it ends.
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    if (this.timer) clearTimeout(this.timer);
    this.pass = (async () => {
      try {
        do {
          this.pumpAgain = false;
          await this.fill().catch((error: unknown) => this.log.error({ err: error }, 'Job worker pass failed'));
        } while (this.pumpAgain && this.started);
      } finally {
        this.pumping = false;
      }
      if (!this.started) return;
      this.timer = setTimeout(this.wake, this.pollMs);
      if (!this.keepAlive) this.timer.unref();
    })();
  }

  /** Claims and runs due jobs until none is left and all have ended; returns how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      ran += await this.fill();
      if (this.inFlight.size === 0) return ran;
      await Promise.race([...this.inFlight.values()].map((job) => job.done));
    }
  }

  private fill(): Promise<number> {
    const filled = this.claiming.then(() => this.fillSlots());
    this.claiming = filled.catch(() => undefined);
    return filled;
  }

  /** Claims due jobs one by one while a slot is free; each starts at once. */
  private async fillSlots(): Promise<number> {
    let started = 0;
    while (!this.stopping && this.inFlight.size < this.slots) {
      const [job] = await this.queue.claim(this.id, 1, this.leaseMs, this.claimableKinds());
      if (!job) break;
      this.launch(job);
      started++;
    }
    return started;
  }

  /** Any kind (undefined) while a general slot is free; else only urgent kinds, in the reserved slots. */
  private claimableKinds(): string[] | undefined {
    const general = [...this.inFlight.values()].filter((job) => !job.urgent).length;
    if (general < this.slots - this.reservedSlots) return undefined;
    return [...this.handlers].filter(([, handler]) => handler.urgent).map(([kind]) => kind);
  }

  private launch(job: JobRow): void {
    const handler = this.handlers.get(job.kind);
    const done = this.run(job, handler)
      .catch((error: unknown) => this.log.error({ err: error, jobId: job.id }, 'Could not record the end of a job'))
      .finally(() => {
        this.inFlight.delete(job.id);
        // Its slot is free: the next due job takes it now, not at the next poll.
        this.wake();
      });
    this.inFlight.set(job.id, { urgent: handler?.urgent === true, done });
  }

  private async run(job: JobRow, handler: JobHandler | undefined): Promise<void> {
    if (!handler) {
      // A newer worker knows this kind (a rolling deploy): hand it back without using an attempt.
      this.log.warn(
        { jobId: job.id, kind: job.kind },
        'No handler for this job kind here; released for another worker',
      );
      await this.queue.release(
        job,
        this.id,
        UNKNOWN_KIND_DELAY_MS,
        `No handler for job kind "${job.kind}" in worker ${this.id}`,
      );
      return;
    }
    // Renew the lease while the job runs, so only a worker that died loses it.
    const heartbeat = setInterval(
      () => {
        this.queue
          .extendLease(job.id, this.id, this.leaseMs)
          .catch((error: unknown) => this.log.warn({ err: error, jobId: job.id }, 'Could not extend a job lease'));
      },
      Math.max(Math.floor(this.leaseMs / 3), 10),
    );
    heartbeat.unref();
    try {
      await handler.run(parseJson(job.payload), { id: job.id, attempt: job.attempts });
      clearInterval(heartbeat);
      await this.queue.complete(job, this.id, { clearPayload: handler.clearPayloadWhenDone === true });
    } catch (error) {
      clearInterval(heartbeat);
      this.log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'Job failed');
      await this.queue.fail(job, this.id, error, handler);
    }
  }
}
