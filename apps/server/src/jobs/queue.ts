import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Dialect, parseJson } from '../db/database.js';
import type { Database, JobRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';

type Db = Kysely<Database> | Transaction<Database>;

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
  maxAttempts?: number;
}

const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000];
const DEFAULT_MAX_ATTEMPTS = 8;
const LEASE_EXPIRED = 'The worker stopped before finishing this job (its lease expired)';

/**
 * The transactional outbox. A job is written in the same transaction as the change that causes
 * it, so a crash can never keep the change and lose its consequence (or the reverse).
 */
export class JobQueue {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: Clock,
  ) {}

  /** Listeners told that a job may be due now (the in-process worker wakes up). */
  readonly onEnqueue = new Set<() => void>();

  async enqueue(db: Db, options: EnqueueOptions): Promise<string> {
    const now = this.clock().toISOString();
    const id = newId();
    await db
      .insertInto('jobs')
      .values({
        id,
        kind: options.kind,
        payload: JSON.stringify(options.payload ?? null),
        status: 'pending',
        run_at: (options.runAt ?? this.clock()).toISOString(),
        attempts: 0,
        max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
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
  async cancel(db: Db, dedupeKey: string): Promise<number> {
    const result = await db
      .updateTable('jobs')
      .set({ status: 'cancelled', updated_at: this.clock().toISOString(), finished_at: this.clock().toISOString() })
      .where('dedupe_key', '=', dedupeKey)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Claims up to `limit` due jobs for `workerId` with a lease. Jobs whose lease ran out (their
   * worker died) are claimed again, unless they have used all their attempts: those fail. On
   * PostgreSQL, SKIP LOCKED keeps concurrent workers from claiming the same row; SQLite has one
   * writer at a time.
   */
  async claim(workerId: string, limit: number, leaseMs: number): Promise<JobRow[]> {
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
    const result = await sql<JobRow>`
      UPDATE jobs SET status = 'running', locked_by = ${workerId}, locked_until = ${leaseUntil},
        attempts = attempts + 1, updated_at = ${nowIso},
        last_error = CASE WHEN status = 'running' THEN ${LEASE_EXPIRED} ELSE last_error END
      WHERE id IN (
        SELECT id FROM jobs
        WHERE (status = 'pending' AND run_at <= ${nowIso})
          OR (status = 'running' AND locked_until < ${nowIso} AND attempts < max_attempts)
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

  /** Marks a job done; `last_error` keeps the failure of any earlier attempt, for the record. */
  async complete(job: JobRow, workerId: string): Promise<void> {
    const now = this.clock().toISOString();
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: now, updated_at: now, locked_until: null })
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  /** Schedules a retry with backoff and jitter, or gives up after the last attempt. */
  async fail(job: JobRow, workerId: string, error: unknown, handler: JobHandler | undefined): Promise<void> {
    const now = this.clock();
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    // The job's own limit, or its kind's when that is lower.
    const maxAttempts = Math.min(job.max_attempts, handler?.maxAttempts ?? job.max_attempts);
    const giveUp = job.attempts >= maxAttempts || handler === undefined;
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
  concurrency?: number;
  leaseMs?: number;
  /**
   * Hold the process open while the worker runs. A worker-only process has nothing else that
   * does (no HTTP server), so without it it would exit as soon as it started.
   */
  keepAlive?: boolean;
}

/**
 * Runs due jobs: in the API process by default, or alone with `plinth start --role worker`.
 * Any number of workers may share one database.
 */
export class Worker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopping = false;
  private pass: Promise<void> | null = null;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly keepAlive: boolean;
  private readonly wake = () => this.schedule(0);

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: ReadonlyMap<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    options: WorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 4;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.keepAlive = options.keepAlive ?? false;
  }

  start(): void {
    this.stopping = false;
    this.queue.onEnqueue.add(this.wake);
    this.schedule(0);
  }

  /** Stops claiming; waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.queue.onEnqueue.delete(this.wake);
    if (this.timer) clearTimeout(this.timer);
    await this.pass;
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) return;
      this.pass = this.runDue()
        .catch((error: unknown) => this.log.error({ err: error }, 'Job worker pass failed'))
        .then(() => this.schedule(this.pollMs));
    }, delayMs);
    if (!this.keepAlive) this.timer.unref();
  }

  /** Claims and runs due jobs until none is left; returns how many ran. */
  async runDue(): Promise<number> {
    this.running = true;
    let ran = 0;
    try {
      while (!this.stopping) {
        const jobs = await this.queue.claim(this.id, this.concurrency, this.leaseMs);
        if (jobs.length === 0) break;
        await Promise.all(jobs.map((job) => this.run(job)));
        ran += jobs.length;
      }
    } finally {
      this.running = false;
    }
    return ran;
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
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
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
      await handler.run(parseJson(job.payload), { id: job.id, attempt: job.attempts });
      clearInterval(heartbeat);
      await this.queue.complete(job, this.id);
    } catch (error) {
      clearInterval(heartbeat);
      this.log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'Job failed');
      await this.queue.fail(job, this.id, error, handler);
    }
  }
}
