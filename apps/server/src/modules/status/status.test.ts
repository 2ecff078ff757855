import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { createLogger } from '../../lib/logger.js';
import {
  call,
  createTestApp,
  createTestClock,
  createTestDatabase,
  expectError,
  type Session,
  signUp,
  startTestServer,
  TEST_DATABASE_URL,
} from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';
import { HealthSampler } from './health-sampler.js';
import { StatusRepository } from './status.repository.js';
import { installRequestStats } from './status.routes.js';

/**
 * The whole app, plus test-only routes (failures and a slow answer) in an /api/v1 scope measured
 * like the app's own API routes.
 */
async function createStatusApp(
  options: { env?: Record<string, string>; clock?: () => Date; probe?: () => Promise<void> } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-status-'));
  const config = loadConfig({
    PLINTH_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PLINTH_SEED_DEMO: 'false',
    PUBLIC_URL: 'http://plinth.test',
    ...options.env,
  });
  const database = await createTestDatabase();
  const server = await startTestServer({
    config,
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.probe ? { statusProbe: options.probe } : {}),
    healthSamples: false,
    // Test-only routes in an API scope of their own, measured like the app's API routes.
    beforeReady: async (app, services) => {
      await app.register(
        async (api) => {
          installRequestStats(api, services.monitor);
          api.get('/test/fail', async () => {
            throw new Error('boom');
          });
          api.get('/test/busy', async () => {
            throw new AppError('INTERNAL', 'Internal Server Error');
          });
          api.get<{ Querystring: { ms?: string } }>('/test/slow', async (request) => {
            await new Promise((resolve) => setTimeout(resolve, Number(request.query.ms ?? 50)));
            return { ok: true };
          });
        },
        { prefix: '/api/v1' },
      );
    },
  });
  return {
    app: server.app,
    services: server.services,
    monitor: server.services.monitor,
    database,
    async close() {
      await server.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type StatusApp = Awaited<ReturnType<typeof createStatusApp>>;

const getStatus = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/v1/status' });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('GET /status measures real traffic', () => {
  const time = createTestClock(new Date('2026-11-22T10:00:00.000Z'));
  let t: StatusApp;
  beforeAll(async () => {
    t = await createStatusApp({ clock: time.clock });
  });
  afterAll(async () => t?.close());

  it('has every field of API.md, and the figures move with requests and failures', async () => {
    const first = await getStatus(t.app);
    expect(Object.keys(first).sort()).toEqual(
      [
        'status',
        'uptime_seconds',
        'uptime_percent',
        'response_time_ms',
        'last_incident',
        'incidents',
        'metrics',
        'system',
        'uptime_history',
      ].sort(),
    );
    expect(first.status).toBe('operational');
    expect(first.metrics).toEqual({ avg_response_ms: null, error_rate: 0, requests_per_minute: 0 });
    expect(first.last_incident).toBeNull();
    expect(first.incidents).toEqual([]);
    expect(Number.isInteger(first.uptime_seconds)).toBe(true);
    expect(Object.keys(first.system).sort()).toEqual(['cpu_percent', 'database_ms', 'disk_percent', 'memory_percent']);
    expect(first.response_time_ms).toBeNull(); // no request in the window yet

    // The first status call counts too: 1 + 5 slow + 2 failures = 8 requests, 2 of them 5xx.
    for (let i = 0; i < 5; i++) expect((await get(t.app, '/api/v1/test/slow?ms=40')).statusCode).toBe(200);
    expect((await get(t.app, '/api/v1/test/fail')).statusCode).toBe(500);
    expect((await get(t.app, '/api/v1/test/busy')).statusCode).toBe(500);
    const busy = await getStatus(t.app);
    expect(busy.metrics.requests_per_minute).toBe(8); // a young process divides by one minute
    expect(busy.metrics.error_rate).toBe(25);
    expect(busy.metrics.avg_response_ms).toBeGreaterThanOrEqual((5 * 40) / 8 - 1);
    // Two failures in eight requests stay below the minimum sample for "degraded".
    expect(busy.status).toBe('operational');

    // Two minutes on, the same requests spread over two minutes.
    time.advance(120_000);
    const later = await getStatus(t.app);
    expect(later.metrics.requests_per_minute).toBe(4.5); // 9 requests over 2 minutes
    expect(later.metrics.error_rate).toBeCloseTo((2 / 9) * 100, 1);

    // Past the five-minute window, the old requests are gone.
    time.advance(6 * 60_000);
    const quiet = await getStatus(t.app);
    expect(quiet.metrics).toEqual({ avg_response_ms: null, error_rate: 0, requests_per_minute: 0 });
  });

  it('is degraded while the measured error rate is high, and recovers when it falls', async () => {
    for (let i = 0; i < 10; i++) expect((await get(t.app, '/api/v1/test/fail')).statusCode).toBe(500);
    const failing = await getStatus(t.app);
    expect(failing.status).toBe('degraded');
    expect(failing.metrics.error_rate).toBeCloseTo((10 / 11) * 100, 1); // the status call before counts too

    // Healthy traffic dilutes the errors below 5 %: 10 failures in 200+ requests.
    for (let i = 0; i < 200; i++) await get(t.app, '/api/v1/test/slow?ms=0');
    const diluted = await getStatus(t.app);
    expect(diluted.metrics.error_rate).toBeLessThan(5);
    expect(diluted.status).toBe('operational');

    for (let i = 0; i < 20; i++) await get(t.app, '/api/v1/test/fail');
    expect((await getStatus(t.app)).status).toBe('degraded');
    time.advance(6 * 60_000);
    expect((await getStatus(t.app)).status).toBe('operational');
  });

  it('reports the median response time of the recent requests', async () => {
    time.advance(6 * 60_000);
    expect((await getStatus(t.app)).response_time_ms).toBeNull();
    for (let i = 0; i < 9; i++) expect((await get(t.app, '/api/v1/test/slow?ms=60')).statusCode).toBe(200);
    // Ten requests in the window (the status call before them too), nine of them 60 ms or more:
    // the median lies in a latency bucket above 50 ms.
    const slow = await getStatus(t.app);
    expect(slow.response_time_ms).toBeGreaterThanOrEqual(50);
    expect(slow.system.database_ms).toBeNull(); // the database probe is a figure of its own
    time.advance(6 * 60_000);
    expect((await getStatus(t.app)).response_time_ms).toBeNull();
  });
});

describe('the first /status of a fresh server', () => {
  it('has measured system figures, CPU included', async () => {
    // As a process starts: health samples on, and the first answer right after start.
    const t = await createTestApp({ worker: false });
    try {
      const { system } = await getStatus(t.app);
      for (const key of ['cpu_percent', 'memory_percent', 'disk_percent', 'database_ms'] as const) {
        expect(typeof system[key], key).toBe('number');
      }
      expect(system.cpu_percent).toBeGreaterThanOrEqual(0);
      expect(system.cpu_percent).toBeLessThanOrEqual(100);
    } finally {
      await t.close();
    }
  });

  it('has a CPU figure in a sample taken as soon as the sampler exists', async () => {
    const database = await createTestDatabase();
    try {
      const sampler = new HealthSampler({
        repository: new StatusRepository(database.db, database.dialect),
        clock: () => new Date(),
        log: createLogger('silent'),
        dataDir: os.tmpdir(),
        intervalMs: 60_000,
      });
      const sample = await sampler.sample();
      expect(typeof sample.cpu_percent).toBe('number');
    } finally {
      await database.close();
    }
  });
});

describe('uptime from health samples', () => {
  const time = createTestClock(new Date('2026-11-20T10:00:00.000Z'));
  let databaseDown = false;
  let t: StatusApp;
  beforeAll(async () => {
    t = await createStatusApp({
      clock: time.clock,
      probe: async () => {
        if (databaseDown) throw new Error('connection refused');
      },
    });
  });
  afterAll(async () => t?.close());

  it('computes uptime_percent and the daily history from stored samples', async () => {
    const before = await getStatus(t.app);
    expect(before.uptime_percent).toBeNull();
    expect(before.uptime_history).toEqual([]);
    expect(before.system.database_ms).toBeNull();

    // Day one: three healthy samples and one with the database down.
    for (let i = 0; i < 3; i++) {
      await t.monitor.sampler.sample();
      time.advance(60_000);
    }
    databaseDown = true;
    await t.monitor.sampler.sample();
    databaseDown = false;
    const down = await getStatus(t.app);
    expect(down.status).toBe('degraded'); // the current sample failed
    expect(down.system.database_ms).toBeNull();
    expect(down.uptime_percent).toBe(75);

    // Nothing on the 21st; day three: two healthy samples.
    time.set(new Date('2026-11-22T08:00:00.000Z'));
    await t.monitor.sampler.sample();
    time.advance(60_000);
    const sample = await t.monitor.sampler.sample();
    expect(sample.ok).toBe(1);

    const status = await getStatus(t.app);
    expect(status.status).toBe('operational');
    expect(status.uptime_history).toEqual([
      { date: '2026-11-20', uptime_percent: 75 },
      { date: '2026-11-22', uptime_percent: 100 },
    ]);
    expect(status.uptime_percent).toBeCloseTo((5 / 6) * 100, 2);
    expect(status.system.database_ms).toBeGreaterThanOrEqual(0);
    for (const key of ['cpu_percent', 'memory_percent', 'disk_percent'] as const) {
      const value = status.system[key];
      expect(value === null || (value >= 0 && value <= 100)).toBe(true);
    }
    expect(status.system.memory_percent).toBeGreaterThan(0);
    expect(status.system.disk_percent).toBeGreaterThan(0);

    // Ninety days later the first day has left the history.
    time.set(new Date('2027-02-19T12:00:00.000Z'));
    await t.monitor.sampler.sample();
    const later = await getStatus(t.app);
    expect(later.uptime_history.map((day: { date: string }) => day.date)).toEqual(['2026-11-22', '2027-02-19']);
    expect(later.uptime_percent).toBe(100);
  });

  it('takes a sample at start and on every interval', async () => {
    const database = t.database.db;
    const count = async () =>
      Number(
        (
          await database
            .selectFrom('status_samples')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await t.monitor.start();
    await t.monitor.stop();
    expect(await count()).toBe(before + 1);
  });
});

describe('incidents', () => {
  let t: StatusApp;
  let admin: Session;
  let member: Session;
  beforeAll(async () => {
    t = await createStatusApp();
    admin = await signUp(t.app, { email: 'admin@example.com' });
    member = await signUp(t.app, { email: 'member@example.com' });
  });
  afterAll(async () => t?.close());

  it('are managed by instance admins only', async () => {
    const body = { title: 'Slow API', message: 'Looking into it' };
    expectError(await call(t.app, null, { method: 'GET', url: '/api/v1/admin/incidents' }), 401, 'UNAUTHENTICATED');
    expectError(
      await call(t.app, null, { method: 'POST', url: '/api/v1/admin/incidents', payload: body }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(await call(t.app, member, { method: 'GET', url: '/api/v1/admin/incidents' }), 403, 'FORBIDDEN');
    expectError(
      await call(t.app, member, { method: 'POST', url: '/api/v1/admin/incidents', payload: body }),
      403,
      'FORBIDDEN',
    );
    const created = await call(t.app, admin, { method: 'POST', url: '/api/v1/admin/incidents', payload: body });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { status: 'resolved' }],
      ['DELETE', undefined],
    ] as const) {
      const url = `/api/v1/admin/incidents/${id}`;
      expectError(await call(t.app, member, { method, url, ...(payload ? { payload } : {}) }), 403, 'FORBIDDEN');
      expectError(await call(t.app, null, { method, url, ...(payload ? { payload } : {}) }), 401, 'UNAUTHENTICATED');
    }
    expectError(
      await call(t.app, admin, { method: 'POST', url: '/api/v1/admin/incidents', payload: { ...body, severity: 'x' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/v1/admin/incidents',
        payload: { ...body, status: 'broken' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await call(t.app, admin, { method: 'DELETE', url: `/api/v1/admin/incidents/${id}` })).statusCode).toBe(204);
    expectError(await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/incidents/${id}` }), 404, 'NOT_FOUND');
    expectError(
      await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/v1/admin/incidents/${id}`,
        payload: { status: 'resolved' },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('drive the overall status: outage, then resolved back to operational, with a timeline', async () => {
    expect((await getStatus(t.app)).status).toBe('operational');
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/incidents',
      payload: { title: 'Database down', message: 'Requests fail', status: 'outage', impact: 'critical' },
    });
    expect(created.statusCode).toBe(201);
    const incident = created.json().data;
    expect(incident).toMatchObject({
      title: 'Database down',
      message: 'Requests fail',
      status: 'outage',
      impact: 'critical',
      resolved_at: null,
      updates: [{ status: 'outage', message: 'Requests fail' }],
    });

    const during = await getStatus(t.app);
    expect(during.status).toBe('outage');
    expect(during.last_incident).toMatchObject({ id: incident.id, status: 'outage' });
    expect(during.incidents.map((i: { id: string }) => i.id)).toEqual([incident.id]);

    const patched = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin/incidents/${incident.id}`,
      payload: { status: 'resolved', message: 'Fixed the disk' },
    });
    expect(patched.statusCode).toBe(200);
    const resolved = patched.json().data;
    expect(resolved.status).toBe('resolved');
    expect(resolved.resolved_at).toEqual(expect.any(String));
    expect(resolved.message).toBe('Fixed the disk');
    expect(resolved.updates.map((u: { status: string; message: string }) => [u.status, u.message])).toEqual([
      ['outage', 'Requests fail'],
      ['resolved', 'Fixed the disk'],
    ]);

    const after = await getStatus(t.app);
    expect(after.status).toBe('operational');
    expect(after.last_incident).toMatchObject({ id: incident.id, status: 'resolved' });
    expect(after.incidents[0]).toMatchObject({ id: incident.id, status: 'resolved' });
  });

  it('show maintenance and investigation, and list with a status filter', async () => {
    const maintenance = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/incidents',
      payload: { title: 'Upgrade', message: 'Planned upgrade', impact: 'maintenance' },
    });
    expect(maintenance.json().data.status).toBe('investigating');
    expect((await getStatus(t.app)).status).toBe('maintenance');
    const id = maintenance.json().data.id;
    await call(t.app, admin, { method: 'PATCH', url: `/api/v1/admin/incidents/${id}`, payload: { impact: 'minor' } });
    expect((await getStatus(t.app)).status).toBe('degraded');
    const open = await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/incidents?status=investigating' });
    expect(open.json().data.map((i: { id: string }) => i.id)).toEqual([id]);
    expect(open.json().meta).toEqual({ total: 1, page: 1, limit: 25 });
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin/incidents/${id}`,
      payload: { status: 'resolved' },
    });
    expect((await getStatus(t.app)).status).toBe('operational');
    const all = await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/incidents' });
    expect(all.json().meta.total).toBe(2);
  });
});

describe('status subscriptions by email', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: StatusApp;
  let admin: Session;
  let ip = 0;
  const subscribe = (email: string, remoteAddress = `198.51.100.${++ip}`) =>
    t.app.inject({ method: 'POST', url: '/api/v1/status/subscriptions', payload: { email }, remoteAddress });
  const linkIn = (text: string | undefined, kind: 'confirm' | 'unsubscribe') => {
    const match = new RegExp(`http://plinth\\.test(/api/v1/status/subscriptions/${kind}\\?token=[\\w.-]+)`).exec(
      text ?? '',
    );
    if (!match?.[1]) throw new Error(`no ${kind} link in ${text}`);
    return match[1];
  };
  const mailsTo = (to: string) =>
    smtp.received.filter((m) =>
      (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((r) => r.value.some((a) => a.address === to)),
    );

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createStatusApp({ env: { SMTP_URL: smtp.url } });
    admin = await signUp(t.app, { email: 'status-admin@example.com' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('confirms, notifies confirmed subscribers of every incident update, and unsubscribes', async () => {
    const confirmed = 'reader@example.com';
    const pending = 'lurker@example.com';
    const accepted = await subscribe(confirmed);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json().message).toEqual(expect.any(String));
    expect((await subscribe(pending)).statusCode).toBe(202);

    const confirmation = await smtp.waitFor(confirmed, /Confirm your subscription/);
    await smtp.waitFor(pending, /Confirm your subscription/);
    const confirmed1 = await get(t.app, linkIn(confirmation.text, 'confirm'));
    expect(confirmed1.statusCode).toBe(200);
    expect(confirmed1.json().data.status).toBe('confirmed');
    // The link works again (mail scanners open links too), and tampered tokens do not.
    expect((await get(t.app, linkIn(confirmation.text, 'confirm'))).statusCode).toBe(200);
    expectError(await get(t.app, `${linkIn(confirmation.text, 'confirm')}x`), 400, 'VALIDATION_FAILED');
    expectError(await get(t.app, '/api/v1/status/subscriptions/confirm?token=nope'), 400, 'VALIDATION_FAILED');
    // A confirm token is not an unsubscribe token.
    const confirmToken = linkIn(confirmation.text, 'confirm').split('token=')[1];
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/status/subscriptions/unsubscribe',
        payload: { token: confirmToken },
      }),
      400,
      'VALIDATION_FAILED',
    );

    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/incidents',
      payload: { title: 'Media uploads failing', message: 'Uploads answer 500', status: 'outage' },
    });
    const incidentId = created.json().data.id;
    const opened = await smtp.waitFor(confirmed, /Outage: Media uploads failing/);
    expect(opened.text).toContain('Uploads answer 500');
    expect(opened.text).toContain('http://plinth.test/status');

    // A message without a status change is news too; an impact edit alone is not.
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin/incidents/${incidentId}`,
      payload: { message: 'Still looking' },
    });
    await vi.waitFor(() => expect(mailsTo(confirmed).some((m) => m.text?.includes('Still looking'))).toBe(true));
    const update = mailsTo(confirmed).find((m) => m.text?.includes('Still looking'));
    expect(update?.subject).toBe('[Plinth status] Outage: Media uploads failing');
    expect(update?.text).toContain('Incident update: Media uploads failing');
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin/incidents/${incidentId}`,
      payload: { impact: 'major' },
    });
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin/incidents/${incidentId}`,
      payload: { status: 'resolved', message: 'Storage is back' },
    });
    const resolved = await smtp.waitFor(confirmed, /Resolved: Media uploads failing/);
    expect(resolved.text).toContain('Storage is back');
    await settle();
    expect(mailsTo(confirmed).map((m) => m.subject)).toEqual([
      'Confirm your subscription to Plinth status updates',
      '[Plinth status] Outage: Media uploads failing',
      '[Plinth status] Outage: Media uploads failing',
      '[Plinth status] Resolved: Media uploads failing',
    ]);
    expect(mailsTo(pending).map((m) => m.subject)).toEqual(['Confirm your subscription to Plinth status updates']);

    // Unsubscribing with the link of the notification stops the emails.
    const left = await get(t.app, linkIn(resolved.text, 'unsubscribe'));
    expect(left.statusCode).toBe(200);
    expect(left.json().data.status).toBe('unsubscribed');
    expect((await get(t.app, linkIn(resolved.text, 'unsubscribe'))).statusCode).toBe(200);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/incidents',
      payload: { title: 'Another one', message: 'Hmm', status: 'outage' },
    });
    await settle();
    expect(mailsTo(confirmed)).toHaveLength(4);
    expect(mailsTo(pending)).toHaveLength(1);
  });

  it('stores a subscription only together with its confirmation email', async () => {
    const email = 'atomic@example.com';
    const stored = async () =>
      (await t.database.db.selectFrom('status_subscribers').select('id').where('email', '=', email).execute()).length;
    // The outbox is unreachable for a moment: the subscription must not be kept without its email.
    await sql`alter table jobs rename to jobs_away`.execute(t.database.db);
    let failed: Awaited<ReturnType<typeof subscribe>>;
    try {
      failed = await subscribe(email);
    } finally {
      await sql`alter table jobs_away rename to jobs`.execute(t.database.db);
    }
    expectError(failed, 500, 'INTERNAL');
    expect(await stored()).toBe(0);
    expect((await subscribe(email)).statusCode).toBe(202);
    await smtp.waitFor(email, /Confirm your subscription/);
    expect(await stored()).toBe(1);
  });

  it('answers the same whether or not the address is known, and limits requests per IP', async () => {
    const email = 'Known@Example.com';
    const first = await subscribe(email);
    const confirmation = await smtp.waitFor('known@example.com', /Confirm your subscription/);
    await get(t.app, linkIn(confirmation.text, 'confirm'));
    const again = await subscribe(email);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    // The owner of the mailbox (only) learns it is subscribed already.
    const reminder = await smtp.waitFor('known@example.com', /You are subscribed/);
    expect(linkIn(reminder.text, 'unsubscribe')).toContain('token=');

    const address = '192.0.2.77';
    for (let i = 0; i < 5; i++) expect((await subscribe(`n${i}@example.com`, address)).statusCode).toBe(202);
    const limited = expectError(await subscribe('n6@example.com', address), 429, 'RATE_LIMITED');
    expect(limited.message).toMatch(/Too many/);
    expectError(await subscribe('not-an-email'), 400, 'VALIDATION_FAILED');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/status/subscriptions',
        payload: { email: 'a@b.co', admin: true },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  describe('without PLINTH_METRICS_TOKEN', () => {
    let t: Awaited<ReturnType<typeof createStatusApp>>;
    beforeAll(async () => {
      t = await createStatusApp();
    });
    afterAll(async () => t?.close());

    it('serves Prometheus text with requests by route pattern, queue depth, database and process metrics', async () => {
      for (const id of ['a1', 'b2', 'c3']) {
        expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/incidents/${id}` })).statusCode).toBe(401);
      }
      await t.app.inject({ method: 'GET', url: '/api/v1/status' });
      await t.app.inject({ method: 'GET', url: '/api/v1/test/fail' });
      await t.app.inject({ method: 'GET', url: '/no/such/path/123' });
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = response.body;
      expect(text).toContain(
        'plinth_http_requests_total{method="GET",route="/api/v1/admin/incidents/:incidentId",status_code="401"} 3',
      );
      expect(text).toContain('plinth_http_requests_total{method="GET",route="/api/v1/status",status_code="200"} 1');
      expect(text).toContain('plinth_http_requests_total{method="GET",route="/api/v1/test/fail",status_code="500"} 1');
      // Unknown URLs fall to the catch-all pattern (or "(unmatched)"), never to their raw path.
      expect(text).toMatch(/route="(\/\*|\(unmatched\))",status_code="404"/);
      expect(text).not.toContain('/no/such/path');
      expect(text).not.toContain('a1');
      expect(text).toMatch(
        /plinth_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/status",status_code="200"\} \d/,
      );
      expect(text).toMatch(/plinth_job_queue_depth \d+/);
      expect(text).toContain(`plinth_db_info{dialect="${TEST_DATABASE_URL ? 'postgres' : 'sqlite'}"} 1`);
      if (TEST_DATABASE_URL) expect(text).toMatch(/plinth_db_pool_connections\{state="total"\} \d+/);
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('nodejs_heap_size_used_bytes');
    });

    it('counts queued jobs', async () => {
      await t.services.jobs.enqueue({
        kind: 'test.never',
        payload: null,
        runAt: new Date(Date.now() + 3600_000),
      });
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const depth = Number(/plinth_job_queue_depth (\d+)/.exec(text)?.[1]);
      expect(depth).toBeGreaterThanOrEqual(1);
    });
  });

  describe('with PLINTH_METRICS_TOKEN', () => {
    let t: Awaited<ReturnType<typeof createStatusApp>>;
    beforeAll(async () => {
      t = await createStatusApp({ env: { PLINTH_METRICS_TOKEN: TOKEN } });
    });
    afterAll(async () => t?.close());

    it('answers 401 without the token or with another one, and 200 with it', async () => {
      const missing = expectError(await t.app.inject({ method: 'GET', url: '/metrics' }), 401, 'UNAUTHENTICATED');
      expect(missing.message).toMatch(/metrics token/);
      expectError(
        await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } }),
        401,
        'UNAUTHENTICATED',
      );
      expectError(
        await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${TOKEN}` } }),
        401,
        'UNAUTHENTICATED',
      );
      const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('plinth_http_requests_total');
    });
  });
});
