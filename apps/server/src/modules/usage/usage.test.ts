import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

describe('plans, quotas, burst limits and analytics', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createTestClock>;
  let admin: Session;
  let projectId: string;
  let token: string;
  const docs = () => `/api/v1/projects/${projectId}/collections/notes/documents`;

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
    expect(data.by_collection).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ collection: 'notes', requests: 7, errors: 0 }),
        expect.objectContaining({ collection: 'missing', requests: 3, errors: 3 }),
      ]),
    );
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
});
