import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { createTestClock, createTestDatabase, dialectName, TEST_DATABASE_URL } from '../test/harness.js';
import { type JobHandler, JobQueue, Worker } from './queue.js';

/*
 * The durable queue on a real database, driven directly: a hand-moved clock decides what is
 * due, and `runDue()` runs one worker pass, so nothing here waits on timers except the
 * heartbeat and the two-worker race.
 */

const log = Fastify({ logger: false }).log;
const waitUntil = async (check: () => Promise<boolean>, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe(`job queue (${dialectName})`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  function setup(handlers: Record<string, JobHandler>, options: { leaseMs?: number } = {}) {
    const time = createTestClock();
    const queue = new JobQueue(database.db, database.dialect, time.clock);
    const worker = new Worker(queue, new Map(Object.entries(handlers)), log, { leaseMs: options.leaseMs ?? 60_000 });
    return { time, queue, worker };
  }

  it('retries a failing job with backoff, records attempts and the error, then succeeds', async () => {
    let calls = 0;
    const { time, queue, worker } = setup({
      flaky: {
        retryDelaysMs: [10_000, 60_000],
        async run() {
          calls++;
          if (calls < 3) throw new Error(`boom ${calls}`);
        },
      },
    });
    const id = await queue.enqueue(database.db, { kind: 'flaky', payload: { n: 1 } });
    const start = time.clock().getTime();

    expect(await worker.runDue()).toBe(1);
    let job = await queue.find(id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: 'boom 1', locked_by: null });
    // First delay: 10 s with at most 10 % jitter.
    const firstDelay = new Date(job?.run_at ?? 0).getTime() - start;
    expect(firstDelay).toBeGreaterThanOrEqual(9_000);
    expect(firstDelay).toBeLessThanOrEqual(11_000);

    // Not due before its time.
    time.advance(8_000);
    expect(await worker.runDue()).toBe(0);
    expect(calls).toBe(1);

    time.advance(3_001);
    expect(await worker.runDue()).toBe(1);
    job = await queue.find(id);
    expect(job).toMatchObject({ status: 'pending', attempts: 2, last_error: 'boom 2' });
    // The second delay is the second entry (60 s), not the first again.
    const secondDelay = new Date(job?.run_at ?? 0).getTime() - time.clock().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(54_000);
    expect(secondDelay).toBeLessThanOrEqual(66_000);

    time.advance(66_001);
    expect(await worker.runDue()).toBe(1);
    job = await queue.find(id);
    expect(job).toMatchObject({ status: 'done', attempts: 3, locked_by: expect.any(String) });
    expect(job?.finished_at).toBe(time.clock().toISOString());
    // The earlier failure stays on record.
    expect(job?.last_error).toBe('boom 2');
    expect(calls).toBe(3);
    // Done jobs never run again.
    time.advance(3_600_000);
    expect(await worker.runDue()).toBe(0);
  });

  it('gives up after max_attempts and marks the job failed', async () => {
    let calls = 0;
    const { time, queue, worker } = setup({
      broken: {
        retryDelaysMs: [1_000],
        async run() {
          calls++;
          throw new Error('always broken');
        },
      },
    });
    const id = await queue.enqueue(database.db, { kind: 'broken', payload: null, maxAttempts: 3 });
    for (let i = 0; i < 6; i++) {
      await worker.runDue();
      time.advance(1_101);
    }
    expect(calls).toBe(3);
    expect(await queue.find(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      max_attempts: 3,
      last_error: 'always broken',
      finished_at: expect.any(String),
    });
  });

  it("honours the handler's own max attempts", async () => {
    let calls = 0;
    const { time, queue, worker } = setup({
      limited: {
        retryDelaysMs: [1_000],
        maxAttempts: 2,
        async run() {
          calls++;
          throw new Error('nope');
        },
      },
    });
    const id = await queue.enqueue(database.db, { kind: 'limited', payload: null });
    for (let i = 0; i < 5; i++) {
      await worker.runDue();
      time.advance(1_101);
    }
    expect(calls).toBe(2);
    expect(await queue.find(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('fails a job of an unknown kind at once', async () => {
    const { queue, worker } = setup({});
    const id = await queue.enqueue(database.db, { kind: 'nobody.handles.this', payload: null });
    expect(await worker.runDue()).toBe(1);
    const job = await queue.find(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job?.last_error).toContain('No handler');
  });

  it('claims again a job whose worker died (lease expired), and not before', async () => {
    const runs: number[] = [];
    const { time, queue, worker } = setup(
      {
        orphan: {
          async run(_payload, job) {
            runs.push(job.attempt);
          },
        },
      },
      { leaseMs: 30_000 },
    );
    const id = await queue.enqueue(database.db, { kind: 'orphan', payload: null });
    // A worker claims it and dies without finishing.
    const claimed = await queue.claim('dead-worker', 10, 30_000);
    expect(claimed.map((job) => job.id)).toContain(id);
    expect(await queue.find(id)).toMatchObject({ status: 'running', locked_by: 'dead-worker', attempts: 1 });

    time.advance(29_000);
    expect(await worker.runDue()).toBe(0);
    expect(runs).toEqual([]);

    time.advance(1_001);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toEqual([2]);
    const job = await queue.find(id);
    expect(job).toMatchObject({ status: 'done', attempts: 2, locked_by: worker.id });
    expect(job?.last_error).toMatch(/lease expired/);

    // The dead worker's late answer changes nothing.
    const stale = claimed.find((row) => row.id === id);
    if (!stale) throw new Error('the claimed job is missing');
    await queue.fail(stale, 'dead-worker', new Error('late'), undefined);
    expect(await queue.find(id)).toMatchObject({ status: 'done' });
  });

  it('fails a job that keeps killing its worker once its attempts are used up', async () => {
    const { time, queue, worker } = setup({ poison: { run: async () => undefined } }, { leaseMs: 1_000 });
    const id = await queue.enqueue(database.db, { kind: 'poison', payload: null, maxAttempts: 2 });
    for (let i = 0; i < 2; i++) {
      const claimed = await queue.claim(`dying-${i}`, 10, 1_000);
      expect(claimed.map((job) => job.id)).toContain(id);
      time.advance(1_001);
    }
    expect(await worker.runDue()).toBe(0);
    const job = await queue.find(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    expect(job?.last_error).toMatch(/lease expired/);
  });

  it('runs a job only when it is due and cancels pending jobs by dedupe key', async () => {
    const ran: string[] = [];
    const { time, queue, worker } = setup({
      later: {
        async run(payload) {
          ran.push((payload as { name: string }).name);
        },
      },
    });
    const runAt = new Date(time.clock().getTime() + 60_000);
    const a = await queue.enqueue(database.db, { kind: 'later', payload: { name: 'a' }, runAt, dedupeKey: 'k:1' });
    const b = await queue.enqueue(database.db, { kind: 'later', payload: { name: 'b' }, runAt, dedupeKey: 'k:2' });
    expect(await worker.runDue()).toBe(0);

    expect(await queue.cancel(database.db, 'k:1')).toBe(1);
    expect(await queue.cancel(database.db, 'k:1')).toBe(0);
    expect(await queue.cancel(database.db, 'k:unknown')).toBe(0);
    expect(await queue.find(a)).toMatchObject({ status: 'cancelled', finished_at: expect.any(String) });

    time.advance(60_000);
    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual(['b']);
    expect(await queue.find(b)).toMatchObject({ status: 'done' });
    // A job already done is not "cancelled" after the fact.
    expect(await queue.cancel(database.db, 'k:2')).toBe(0);
    expect(await queue.find(b)).toMatchObject({ status: 'done' });
  });

  it('writes a job with the transaction that causes it, or not at all', async () => {
    const { queue } = setup({});
    let id = '';
    await expect(
      database.db.transaction().execute(async (trx) => {
        id = await queue.enqueue(trx, { kind: 'later', payload: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queue.find(id)).toBeUndefined();
  });

  it('keeps the lease of a long job alive, so another worker does not run it too', async () => {
    const queue = new JobQueue(database.db, database.dialect, () => new Date());
    const runs: string[] = [];
    const handlers = new Map<string, JobHandler>([
      [
        'slow',
        {
          async run(_payload, job) {
            runs.push(job.id);
            await new Promise((resolve) => setTimeout(resolve, 900));
          },
        },
      ],
    ]);
    const first = new Worker(queue, handlers, log, { leaseMs: 250, pollMs: 20 });
    const second = new Worker(queue, handlers, log, { leaseMs: 250, pollMs: 20 });
    const id = await queue.enqueue(database.db, { kind: 'slow', payload: null });
    first.start();
    await waitUntil(async () => runs.length > 0, 5_000, 'the slow job to start');
    second.start();
    try {
      await waitUntil(async () => (await queue.find(id))?.status === 'done', 5_000, 'the slow job to finish');
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(runs).toEqual([id]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('job queue: two workers on PostgreSQL', () => {
  let database: DatabaseHandle;
  let other: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(database.db);
    const schema = rows[0]?.schema;
    if (!schema) throw new Error('no schema');
    // A second pool of its own, as a separate worker process would have.
    other = openDatabase({ url: TEST_DATABASE_URL, sqlitePath: '', pgSchema: schema, pgPoolSize: 4 });
  });
  afterAll(async () => {
    await other?.close();
    await database?.close();
  });

  it('never runs the same job twice across 200 jobs', async () => {
    const runs = new Map<string, number>();
    const ranBy = new Map<string, number>();
    const handler = (name: string): JobHandler => ({
      async run(_payload, job) {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        ranBy.set(name, (ranBy.get(name) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      },
    });
    const clock = () => new Date();
    const queueA = new JobQueue(database.db, 'postgres', clock);
    const queueB = new JobQueue(other.db, 'postgres', clock);
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) ids.add(await queueA.enqueue(database.db, { kind: 'count', payload: { i } }));
    const workers = [
      new Worker(queueA, new Map([['count', handler('a')]]), log, { pollMs: 10, concurrency: 4 }),
      new Worker(queueB, new Map([['count', handler('b')]]), log, { pollMs: 10, concurrency: 4 }),
      new Worker(queueB, new Map([['count', handler('c')]]), log, { pollMs: 10, concurrency: 3 }),
    ];
    for (const worker of workers) worker.start();
    try {
      await waitUntil(async () => (await queueA.depth()) === 0, 20_000, 'every job to run');
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(runs.size).toBe(200);
    expect([...runs.keys()].every((id) => ids.has(id))).toBe(true);
    const twice = [...runs.entries()].filter(([, count]) => count !== 1);
    expect(twice).toEqual([]);
    // Both pools did work, so the race was real.
    expect(ranBy.get('a') ?? 0).toBeGreaterThan(0);
    expect((ranBy.get('b') ?? 0) + (ranBy.get('c') ?? 0)).toBeGreaterThan(0);
    const done = await database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', 'count')
      .where('status', '=', 'done')
      .where('attempts', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(done.count)).toBe(200);
  }, 30_000);
});
