import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, parseJson } from '../db/database.js';
import { createTestClock, createTestDatabase, dialectName, TEST_DATABASE_URL } from '../test/harness.js';
import { type JobHandler, JobQueue, Worker, type WorkerOptions } from './queue.js';

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

  function setup(handlers: Record<string, JobHandler>, options: WorkerOptions = {}) {
    const time = createTestClock();
    const byKind = new Map(Object.entries(handlers));
    const queue = new JobQueue(database.db, database.dialect, time.clock, byKind);
    const worker = new Worker(queue, byKind, log, { leaseMs: 60_000, ...options });
    return { time, queue, worker };
  }

  /** A promise the test settles by hand: a job that waits on it holds its slot until then. */
  function gate() {
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { opened, open };
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
    const id = await queue.enqueue({ kind: 'flaky', payload: { n: 1 } });
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
    const id = await queue.enqueue({ kind: 'broken', payload: null, maxAttempts: 3 });
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
    const id = await queue.enqueue({ kind: 'limited', payload: null });
    for (let i = 0; i < 5; i++) {
      await worker.runDue();
      time.advance(1_101);
    }
    expect(calls).toBe(2);
    expect(await queue.find(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('hands back a job of a kind it does not know, without using an attempt, for a worker that knows it', async () => {
    // An older worker during a rolling deploy: the newer kind is not its to fail.
    const { time, queue, worker } = setup({});
    const id = await queue.enqueue({ kind: 'newer.kind', payload: { n: 1 }, maxAttempts: 1 });
    expect(await worker.runDue()).toBe(1);
    const released = await queue.find(id);
    expect(released).toMatchObject({ status: 'pending', attempts: 0, locked_by: null, finished_at: null });
    expect(released?.last_error).toContain('No handler for job kind "newer.kind"');
    // Released with a delay, so the old worker does not spin on it.
    expect(new Date(released?.run_at ?? 0).getTime()).toBe(time.clock().getTime() + 60_000);
    expect(await worker.runDue()).toBe(0);

    time.advance(60_000);
    const seen: unknown[] = [];
    const newer = new Worker(
      queue,
      new Map<string, JobHandler>([['newer.kind', { run: async (payload) => void seen.push(payload) }]]),
      log,
    );
    expect(await newer.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await queue.find(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it("stores the kind's lower attempt limit on the job, so a reclaim after an expired lease honours it", async () => {
    const { time, queue, worker } = setup({ fragile: { maxAttempts: 2, run: async () => undefined } });
    const id = await queue.enqueue({ kind: 'fragile', payload: null });
    expect(await queue.find(id)).toMatchObject({ max_attempts: 2 });
    // Two workers die holding it; its kind allows no third attempt.
    for (const dying of ['dying-a', 'dying-b']) {
      expect((await queue.claim(dying, 10, 1_000)).map((job) => job.id)).toContain(id);
      time.advance(1_001);
    }
    expect(await worker.runDue()).toBe(0);
    const job = await queue.find(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    expect(job?.last_error).toMatch(/lease expired/);
    // A lower limit asked by the producer still wins.
    const lower = await queue.enqueue({
      kind: 'fragile',
      payload: null,
      maxAttempts: 1,
      dedupeKey: 'fragile:lower',
    });
    expect(await queue.find(lower)).toMatchObject({ max_attempts: 1 });
    await queue.cancel('fragile:lower');
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
    const id = await queue.enqueue({ kind: 'orphan', payload: null });
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
    const id = await queue.enqueue({ kind: 'poison', payload: null, maxAttempts: 2 });
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
    const a = await queue.enqueue({ kind: 'later', payload: { name: 'a' }, runAt, dedupeKey: 'k:1' });
    const b = await queue.enqueue({ kind: 'later', payload: { name: 'b' }, runAt, dedupeKey: 'k:2' });
    expect(await worker.runDue()).toBe(0);

    expect(await queue.cancel('k:1')).toBe(1);
    expect(await queue.cancel('k:1')).toBe(0);
    expect(await queue.cancel('k:unknown')).toBe(0);
    expect(await queue.find(a)).toMatchObject({ status: 'cancelled', finished_at: expect.any(String) });

    time.advance(60_000);
    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual(['b']);
    expect(await queue.find(b)).toMatchObject({ status: 'done' });
    // A job already done is not "cancelled" after the fact.
    expect(await queue.cancel('k:2')).toBe(0);
    expect(await queue.find(b)).toMatchObject({ status: 'done' });
  });

  it('writes a job with the transaction that causes it, or not at all', async () => {
    const { queue } = setup({});
    let id = '';
    await expect(
      database.db.transaction().execute(async (trx) => {
        id = await queue.in(trx).enqueue({ kind: 'later', payload: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queue.find(id)).toBeUndefined();
  });

  it('gives a freed slot the next due job at once, while a slow job keeps its own slot', async () => {
    const slow = gate();
    const ran: string[] = [];
    const { queue, worker } = setup(
      {
        slow: { run: () => slow.opened },
        quick: { run: async (payload) => void ran.push((payload as { name: string }).name) },
      },
      { concurrency: 2, reservedSlots: 0, pollMs: 20 },
    );
    const slowId = await queue.enqueue({ kind: 'slow', payload: null });
    for (const name of ['a', 'b', 'c', 'd']) await queue.enqueue({ kind: 'quick', payload: { name } });
    worker.start();
    try {
      // All quick jobs ran through the second slot while the slow one still holds the first.
      await waitUntil(async () => ran.length === 4, 5_000, 'the quick jobs to run beside the slow one');
      expect(ran).toEqual(['a', 'b', 'c', 'd']);
      expect(await queue.find(slowId)).toMatchObject({ status: 'running' });
    } finally {
      slow.open();
      await worker.stop();
    }
    expect(await queue.find(slowId)).toMatchObject({ status: 'done' });
  });

  it('keeps a slot for urgent kinds, so a backlog of slow jobs never delays a due schedule', async () => {
    const receiver = gate();
    let slowStarted = 0;
    const published: string[] = [];
    const { queue, worker } = setup(
      {
        // Like webhook deliveries to a receiver that never answers in time.
        deliver: {
          run: async () => {
            slowStarted++;
            await receiver.opened;
          },
        },
        publish: { urgent: true, run: async (payload) => void published.push((payload as { id: string }).id) },
      },
      { concurrency: 3, reservedSlots: 1, pollMs: 20 },
    );
    const backlog: string[] = [];
    for (let i = 0; i < 6; i++) backlog.push(await queue.enqueue({ kind: 'deliver', payload: { i } }));
    await queue.enqueue({ kind: 'publish', payload: { id: 'doc-1' } });
    worker.start();
    try {
      await waitUntil(async () => published.length === 1, 5_000, 'the scheduled publish to run');
      // The slow kind took the general slots only; the rest of its backlog waits.
      expect(slowStarted).toBe(2);
      expect(published).toEqual(['doc-1']);
    } finally {
      receiver.open();
      await waitUntil(
        async () => (await Promise.all(backlog.map((id) => queue.find(id)))).every((job) => job?.status === 'done'),
        5_000,
        'the backlog to drain',
      );
      await worker.stop();
    }
    expect(slowStarted).toBe(6);
  });

  it('erases the payload of a finished job that holds secrets, and keeps it for retries', async () => {
    let calls = 0;
    const { time, queue, worker } = setup({
      secret: {
        clearPayloadWhenDone: true,
        retryDelaysMs: [1_000],
        async run() {
          calls++;
          if (calls === 1) throw new Error('mail server down');
        },
      },
      plain: { run: async () => undefined },
    });
    const secret = await queue.enqueue({ kind: 'secret', payload: { link: 'https://x/reset?t=abc' } });
    const plain = await queue.enqueue({ kind: 'plain', payload: { keep: true } });
    await worker.runDue();
    // The retry still needs it.
    expect(parseJson(await queue.find(secret).then((job) => job?.payload))).toEqual({ link: 'https://x/reset?t=abc' });
    time.advance(1_101);
    await worker.runDue();
    const done = await queue.find(secret);
    expect(done).toMatchObject({ status: 'done' });
    expect(parseJson(done?.payload)).toBeNull();
    expect(parseJson((await queue.find(plain))?.payload)).toEqual({ keep: true });
  });

  it('deletes done and cancelled jobs past their retention, and keeps failed and pending ones', async () => {
    const day = 86_400_000;
    const { time, queue, worker } = setup({
      ok: { run: async () => undefined },
      bad: { run: async () => Promise.reject(new Error('no')) },
    });
    const oldDone = await queue.enqueue({ kind: 'ok', payload: null });
    const oldCancelled = await queue.enqueue({
      kind: 'ok',
      payload: null,
      runAt: new Date(time.clock().getTime() + day),
      dedupeKey: 'prune:cancelled',
    });
    await queue.cancel('prune:cancelled');
    const oldFailed = await queue.enqueue({ kind: 'bad', payload: null, maxAttempts: 1 });
    await worker.runDue();
    time.advance(8 * day);
    const recentDone = await queue.enqueue({ kind: 'ok', payload: null });
    await worker.runDue();
    const pending = await queue.enqueue({
      kind: 'ok',
      payload: null,
      runAt: new Date(time.clock().getTime() + day),
    });

    // Other tests of this file left finished jobs too.
    expect(await queue.prune(7 * day)).toBeGreaterThanOrEqual(2);
    expect(await queue.find(oldDone)).toBeUndefined();
    expect(await queue.find(oldCancelled)).toBeUndefined();
    expect(await queue.find(oldFailed)).toMatchObject({ status: 'failed' });
    expect(await queue.find(recentDone)).toMatchObject({ status: 'done' });
    expect(await queue.find(pending)).toMatchObject({ status: 'pending' });

    // A running worker prunes on its own (at start, then every hour).
    time.advance(8 * day);
    const pruning = new Worker(queue, new Map(), log, { retentionMs: 7 * day, pollMs: 20 });
    pruning.start();
    try {
      await waitUntil(async () => (await queue.find(recentDone)) === undefined, 5_000, 'the worker to prune');
    } finally {
      await pruning.stop();
    }
    expect(await queue.find(oldFailed)).toMatchObject({ status: 'failed' });
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
    const id = await queue.enqueue({ kind: 'slow', payload: null });
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
    for (let i = 0; i < 200; i++) ids.add(await queueA.enqueue({ kind: 'count', payload: { i } }));
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
