import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
} from '../../test/harness.js';
import { minimalPdf, multipart } from '../../test/media.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsRecorder } from './analytics-recorder.js';

describe('plans, quotas, burst limits and analytics', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createTestClock>;
  let admin: Session;
  let projectId: string;
  let token: string;
  const docs = () => `/api/v1/projects/${projectId}/collections/notes/documents`;
  const analytics = async (query: string) => {
    const response = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/analytics?${query}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  /** Another writer of the same rollups, as a second instance of the server would be. */
  const otherInstance = () =>
    new AnalyticsRecorder({
      repository: new AnalyticsRepository(t.database.db, t.database.dialect),
      clock: clock.clock,
      log: t.services.log,
    });
  /** One request of `notes` answered 200, in the test's hour. */
  const notesRequest = (latencyMs: number) => ({
    projectId,
    hour: '2026-11-30T23',
    collection: 'notes',
    statusCode: 200,
    bytes: 10,
    latencyMs,
  });

  beforeEach(async () => {
    clock = createTestClock(new Date('2026-11-30T23:00:00.000Z'));
    t = await createTestApp({ clock: clock.clock });
    admin = await signUp(t.app);
    projectId = await createProject(t.app, admin);
    await createCollection(t.app, admin, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'title', type: 'text' }],
    });
    await createDocument(t.app, admin, projectId, 'notes', { data: { title: 'Hello' }, status: 'published' });
    token = await createToken(t.app, admin, projectId, ['content:read']);
  });
  afterEach(async () => t.close());

  it('lists the plans of the pricing page', async () => {
    const response = await t.app.inject({ url: '/api/v1/plans' });
    expect(response.statusCode).toBe(200);
    const plans = response.json().data;
    expect(plans.map((plan: { id: string }) => plan.id)).toEqual(['starter', 'pro', 'enterprise']);
    expect(plans[0]).toMatchObject({
      price_cents: 0,
      limits: { api_requests: 1000, media_bytes: 104857600, requests_per_second: 50 },
    });
    expect(plans[1]).toMatchObject({ price_cents: 2900, limits: { api_requests: 1000000, media_bytes: 107374182400 } });
    expect(plans[2]).toMatchObject({ contact_sales: true, limits: null });
  });

  it('refuses the 1,001st token request of a Starter month and accepts the first of the next', async () => {
    for (let i = 1; i <= 1000; i++) {
      clock.advance(25); // 40 requests a second stays under the burst limit of 50
      const response = await call(t.app, token, { method: 'GET', url: i % 2 ? docs() : `${docs()}?limit=1` });
      expect(response.statusCode).toBe(200);
      if (i === 1000) expect(response.headers['x-quota-remaining']).toBe('0');
    }
    // The app's own calls (a signed-in member) are not counted and are never refused.
    expect((await call(t.app, admin, { method: 'GET', url: docs() })).statusCode).toBe(200);
    clock.advance(25);
    const refused = await call(t.app, token, { method: 'GET', url: docs() });
    expectError(refused, 429, 'QUOTA_EXCEEDED');
    expect(refused.headers['x-quota-limit']).toBe('1000');
    expect(refused.headers['x-quota-remaining']).toBe('0');
    expect(refused.headers['x-quota-reset']).toBe('2026-12-01T00:00:00.000Z');
    clock.set(new Date('2026-12-01T00:00:01.000Z'));
    const nextMonth = await call(t.app, token, { method: 'GET', url: docs() });
    expect(nextMonth.statusCode).toBe(200);
    expect(nextMonth.headers['x-quota-remaining']).toBe('999');
  });

  it('limits bursts per token with Retry-After, without counting refused requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => call(t.app, token, { method: 'GET', url: docs() })),
    );
    const limited = answers.filter((response) => response.statusCode === 429);
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(50);
    expect(limited).toHaveLength(10);
    expect(limited[0]?.json().code).toBe('RATE_LIMITED');
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    clock.advance(1000);
    const after = await call(t.app, token, { method: 'GET', url: docs() });
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-quota-remaining']).toBe(String(1000 - 51));
  });

  it('lets an instance admin change any plan; Enterprise has no quota headers', async () => {
    const member = await signUp(t.app);
    const denied = await call(t.app, member, {
      method: 'PATCH',
      url: `/api/v1/admin/projects/${projectId}`,
      payload: { plan: 'pro' },
    });
    expectError(denied, 403, 'FORBIDDEN');
    const pro = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin/projects/${projectId}`,
      payload: { plan: 'pro' },
    });
    expect(pro.json().data.plan).toBe('pro');
    const read = await call(t.app, token, { method: 'GET', url: docs() });
    expect(read.headers['x-quota-limit']).toBe('1000000');
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin/projects/${projectId}`,
      payload: { plan: 'enterprise' },
    });
    const unlimited = await call(t.app, token, { method: 'GET', url: docs() });
    expect(unlimited.statusCode).toBe(200);
    expect(unlimited.headers['x-quota-limit']).toBeUndefined();
    expectError(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/v1/admin/projects/${projectId}`,
        payload: { plan: 'gold' },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('rolls token traffic up per hour, collection and status code', async () => {
    for (let i = 0; i < 7; i++) {
      clock.advance(50);
      await call(t.app, token, { method: 'GET', url: docs() });
    }
    for (let i = 0; i < 3; i++) {
      clock.advance(50);
      await call(t.app, token, { method: 'GET', url: `/api/v1/projects/${projectId}/collections/missing/documents` });
    }
    await call(t.app, admin, { method: 'GET', url: docs() }); // the app's own call: not API traffic
    const response = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/analytics?granularity=hour&from=2026-11-30T20:00:00.000Z&to=2026-11-30T23:59:00.000Z`,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.totals).toMatchObject({ requests: 10, errors: 3 });
    expect(data.status_codes).toEqual({ '200': 7, '404': 3 });
    // A collection the project does not have is not a rollup key of its own.
    expect(
      data.by_collection.map((row: { collection: string; requests: number; errors: number }) => [
        row.collection,
        row.requests,
        row.errors,
      ]),
    ).toEqual([
      ['notes', 7, 0],
      ['(other)', 3, 3],
    ]);
    const hour = data.series.find((point: { t: string }) => point.t === '2026-11-30T23:00:00.000Z');
    expect(hour).toMatchObject({ requests: 10, errors: 3 });
    expect(hour.p50_ms).toBeGreaterThanOrEqual(0);
    expect(hour.p95_ms).toBeGreaterThanOrEqual(hour.p50_ms);
    expectError(
      await call(t.app, token, { method: 'GET', url: `/api/v1/projects/${projectId}/analytics` }),
      403,
      'FORBIDDEN',
    );
  });

  it('reports exact bytes, p50 and p95 per hour, per day and per collection', async () => {
    const writer = otherInstance();
    const record = (hour: string, collection: string, statusCode: number, bytes: number, latencyMs: number) =>
      writer.record({ projectId, hour, collection, statusCode, bytes, latencyMs });
    for (let i = 0; i < 5; i++) record('2026-11-30T22', 'notes', 200, 100, 1);
    for (let i = 0; i < 4; i++) record('2026-11-30T23', 'notes', 200, 100, 3);
    record('2026-11-30T23', 'notes', 404, 100, 30);
    for (let i = 0; i < 3; i++) record('2026-11-29T10', 'authors', 200, 50, 8);
    record('2026-11-29T10', 'authors', 500, 50, 400);
    await writer.flush();

    // Percentiles are read from latency buckets (…, 1, 2, 5, 10, 20, 50, …, 200, 500 ms),
    // interpolated inside the bucket where the rank falls.
    const days = await analytics('granularity=day&from=2026-11-29T00:00:00.000Z&to=2026-11-30T23:59:00.000Z');
    expect(days.granularity).toBe('day');
    expect(days.series).toEqual([
      { t: '2026-11-29T00:00:00.000Z', requests: 4, errors: 1, bytes: 200, p50_ms: 8.33, p95_ms: 440 },
      { t: '2026-11-30T00:00:00.000Z', requests: 10, errors: 1, bytes: 1000, p50_ms: 1, p95_ms: 35 },
    ]);
    expect(days.by_collection).toEqual([
      { collection: 'notes', requests: 10, errors: 1, bytes: 1000, p50_ms: 1, p95_ms: 35 },
      { collection: 'authors', requests: 4, errors: 1, bytes: 200, p50_ms: 8.33, p95_ms: 440 },
    ]);
    expect(days.status_codes).toEqual({ '200': 12, '404': 1, '500': 1 });
    expect(days.totals).toEqual({ requests: 14, errors: 2, bytes: 1200 });

    const hours = await analytics('granularity=hour&from=2026-11-30T22:00:00.000Z&to=2026-11-30T23:30:00.000Z');
    expect(hours.series).toEqual([
      { t: '2026-11-30T22:00:00.000Z', requests: 5, errors: 0, bytes: 500, p50_ms: 0.5, p95_ms: 0.95 },
      { t: '2026-11-30T23:00:00.000Z', requests: 5, errors: 1, bytes: 500, p50_ms: 3.88, p95_ms: 42.5 },
    ]);
  });

  it('adds up concurrent flushes of several writers exactly', async () => {
    // Four instances, each flushing after every request, while the app flushes its own on reads.
    const writers = [otherInstance(), otherInstance(), otherInstance(), otherInstance()];
    const flushes: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      for (const writer of writers) {
        writer.record(notesRequest(i % 2 ? 3 : 30));
        flushes.push(writer.flush());
      }
      if (i % 5 === 0) flushes.push(analytics('granularity=hour'));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(flushes);
    const data = await analytics('granularity=hour');
    expect(data.totals).toEqual({ requests: 80, errors: 0, bytes: 800 });
    expect(data.by_collection).toEqual([
      { collection: 'notes', requests: 80, errors: 0, bytes: 800, p50_ms: 5, p95_ms: 47 },
    ]);
  });

  it('keeps the counts of a flush that failed and writes them with the next one', async () => {
    const writer = otherInstance();
    for (let i = 0; i < 6; i++) writer.record(notesRequest(1));
    // The table is briefly unreachable: the write fails for real, and nothing may be lost.
    await sql`alter table analytics_hourly rename to analytics_hourly_away`.execute(t.database.db);
    try {
      await writer.flush();
    } finally {
      await sql`alter table analytics_hourly_away rename to analytics_hourly`.execute(t.database.db);
    }
    writer.record(notesRequest(1));
    await writer.flush();
    expect((await analytics('granularity=hour')).totals).toEqual({ requests: 7, errors: 0, bytes: 70 });
  });

  it('deletes hourly rollups after the 400 days of retention', async () => {
    for (let i = 0; i < 4; i++) {
      clock.advance(50);
      expect((await call(t.app, token, { method: 'GET', url: docs() })).statusCode).toBe(200);
    }
    const range = 'granularity=day&from=2026-11-30T00:00:00.000Z';
    expect((await analytics(range)).totals.requests).toBe(4);
    // Sessions do not last that long: sign in again each time.
    clock.advance(399 * 86_400_000);
    admin = await signIn(t.app, admin.email, admin.password);
    expect((await analytics(range)).totals.requests).toBe(4);
    clock.advance(2 * 86_400_000);
    admin = await signIn(t.app, admin.email, admin.password);
    expect((await analytics(range)).totals.requests).toBe(0);
  });

  it("reports this month's requests, counted ones not yet written included, and media bytes", async () => {
    const usage = async () => {
      const response = await call(t.app, admin, { method: 'GET', url: `/api/v1/projects/${projectId}/usage` });
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    expect(await usage()).toEqual({
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-12-01T00:00:00.000Z',
      plan: 'starter',
      api_requests: { used: 0, limit: 1000 },
      media_bytes: { used: 0, limit: 104857600 },
      ai_tokens: { used: 0 },
    });
    for (let i = 0; i < 3; i++) {
      clock.advance(50);
      await call(t.app, token, { method: 'GET', url: docs() });
    }
    // Counted in memory and written in batches: the answer includes what is not written yet.
    expect((await usage()).api_requests).toEqual({ used: 3, limit: 1000 });

    const upload = async (filename: string, content: Buffer) => {
      const { payload, headers } = multipart([{ name: 'file', filename, content, contentType: 'application/pdf' }]);
      const response = await call(t.app, admin, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/media`,
        payload,
        headers,
      });
      expect(response.statusCode).toBe(201);
      return response.json().data as { id: string; size: number };
    };
    const small = await upload('small.pdf', minimalPdf());
    const padded = Buffer.concat([minimalPdf(), Buffer.from(`\n%${'x'.repeat(5000)}\n`)]);
    const large = await upload('large.pdf', padded);
    expect(small.size).toBe(minimalPdf().length);
    expect(large.size).toBe(padded.length);
    expect((await usage()).media_bytes).toEqual({ used: small.size + large.size, limit: 104857600 });
    const removed = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/media/${small.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await usage()).media_bytes).toEqual({ used: large.size, limit: 104857600 });
    // The member's own calls were not counted.
    expect((await usage()).api_requests.used).toBe(3);
  });

  it('lets browsers read the quota and retry headers of token answers (CORS)', async () => {
    const origin = 'https://shop.example';
    const exposed = (response: { headers: Record<string, unknown> }) =>
      String(response.headers['access-control-expose-headers'] ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase());
    const served = await call(t.app, token, { method: 'GET', url: docs(), headers: { origin } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['access-control-allow-origin']).toBe('*');
    expect(exposed(served)).toEqual(
      expect.arrayContaining(['x-quota-limit', 'x-quota-remaining', 'x-quota-reset', 'retry-after']),
    );
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => call(t.app, token, { method: 'GET', url: docs(), headers: { origin } })),
    );
    const limited = answers.find((response) => response.statusCode === 429);
    expect(limited?.headers['retry-after']).toEqual(expect.any(String));
    expect(exposed(limited ?? served)).toEqual(expect.arrayContaining(['retry-after', 'x-quota-limit']));
  });
});
