import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

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
import { startSmtpServer } from '../../test/smtp.js';

const ROLES = ['admin', 'editor', 'author', 'viewer'] as const;

interface InvoiceBody {
  id: string;
  period: { start: string; end: string };
  amount_cents: number;
  currency: string;
  status: 'paid' | 'open';
  description: string;
  created_at: string;
}

describe('billing with the manual provider', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createTestClock>;
  let owner: Session;
  let projectId: string;
  let token: string;
  const billing = (suffix = '') => `/api/v1/projects/${projectId}/billing${suffix}`;
  const setPlan = (who: Session | string, plan: string) =>
    call(t.app, who, { method: 'POST', url: billing('/plan'), payload: { plan } });
  const quotaLimit = async () => {
    clock.advance(100);
    const read = await call(t.app, token, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/collections/notes/documents`,
    });
    expect(read.statusCode).toBe(200);
    return read.headers['x-quota-limit'];
  };

  beforeEach(async () => {
    clock = createTestClock(new Date('2026-11-22T10:00:00.000Z'));
    t = await createTestApp({ clock: clock.clock });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'title', type: 'text' }],
    });
    await createDocument(t.app, owner, projectId, 'notes', { data: { title: 'Hello' }, status: 'published' });
    token = await createToken(t.app, owner, projectId, ['content:read']);
  });
  afterEach(async () => t.close());

  it('lets only the owner read billing and change the plan; others get 403, outsiders 404', async () => {
    for (const role of ROLES) {
      const member = await signUp(t.app);
      const added = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email: member.email, role },
      });
      expect(added.statusCode).toBe(201);
      expectError(await setPlan(member, 'pro'), 403, 'FORBIDDEN');
      expectError(await call(t.app, member, { method: 'GET', url: billing() }), 403, 'FORBIDDEN');
      expectError(await call(t.app, member, { method: 'GET', url: billing('/invoices') }), 403, 'FORBIDDEN');
    }
    // API tokens never manage billing, whatever their scopes.
    const strong = await createToken(t.app, owner, projectId, ['content:write', 'schema:write', 'webhooks:manage']);
    expectError(await setPlan(strong, 'pro'), 403, 'FORBIDDEN');
    expectError(await call(t.app, strong, { method: 'GET', url: billing() }), 403, 'FORBIDDEN');
    // Someone outside the project, or another project's owner and token, cannot see it at all.
    const outsider = await signUp(t.app);
    expectError(await setPlan(outsider, 'pro'), 404, 'NOT_FOUND');
    expectError(await call(t.app, outsider, { method: 'GET', url: billing() }), 404, 'NOT_FOUND');
    const otherProject = await createProject(t.app, outsider, { name: 'Other' });
    const otherToken = await createToken(t.app, outsider, otherProject, ['content:read']);
    expectError(await setPlan(otherToken, 'pro'), 404, 'NOT_FOUND');
    expectError(await call(t.app, null, { method: 'GET', url: billing() }), 401, 'UNAUTHENTICATED');

    const unchanged = await call(t.app, owner, { method: 'GET', url: billing() });
    expect(unchanged.json().data.plan).toBe('starter');
    const changed = await setPlan(owner, 'pro');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ plan: 'pro', provider: 'manual', price_cents: 2900 });
  });

  it('applies a change at once, writes invoices and gives token requests the new limits', async () => {
    const before = await call(t.app, owner, { method: 'GET', url: billing() });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({
      plan: 'starter',
      provider: 'manual',
      price_cents: 0,
      current_period_start: '2026-11-01T00:00:00.000Z',
      current_period_end: '2026-12-01T00:00:00.000Z',
      invoices_url: `http://plinth.test/api/v1/projects/${projectId}/billing/invoices`,
      sales_requested_at: null,
    });
    expect(await quotaLimit()).toBe('1000');

    const pro = await setPlan(owner, 'pro');
    expect(pro.statusCode).toBe(200);
    expect(pro.json().data).toMatchObject({ plan: 'pro', price_cents: 2900 });
    expect(pro.json().data.checkout_url).toBeUndefined();
    expect(await quotaLimit()).toBe('1000000');
    const project = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}` });
    expect(project.json().data.plan).toBe('pro');

    // Asking for the plan in force changes nothing and bills nothing.
    expect((await setPlan(owner, 'pro')).statusCode).toBe(200);

    clock.advance(60_000);
    const starter = await setPlan(owner, 'starter');
    expect(starter.json().data).toMatchObject({ plan: 'starter', price_cents: 0 });
    expect(await quotaLimit()).toBe('1000');

    const list = await call(t.app, owner, { method: 'GET', url: billing('/invoices') });
    expect(list.statusCode).toBe(200);
    const body = list.json() as { data: InvoiceBody[]; meta: { total: number } };
    expect(body.meta).toMatchObject({ total: 2, page: 1, limit: 25 });
    expect(body.data.map((invoice) => [invoice.amount_cents, invoice.status])).toEqual([
      [0, 'paid'],
      [2900, 'open'],
    ]);
    expect(body.data[1]).toMatchObject({
      currency: 'usd',
      period: { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' },
      description: 'Plinth Pro plan, 2026-11',
      created_at: '2026-11-22T10:00:00.100Z',
    });
    const paged = await call(t.app, owner, { method: 'GET', url: billing('/invoices?limit=1&page=2') });
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().data[0].amount_cents).toBe(2900);

    // Both changes are in the audit trail, with who made them.
    const audit = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/audit-log?action=project.plan_changed`,
    });
    const entries = (audit.json().data as { action: string; details: { to: string; by: string } }[]).filter(
      (entry) => entry.action === 'project.plan_changed',
    );
    expect(entries.map((entry) => [entry.details.to, entry.details.by]).sort()).toEqual([
      ['pro', 'owner'],
      ['starter', 'owner'],
    ]);
  });

  it('bills a change once, however many requests ask for it at the same time', async () => {
    // What a request holds once it read the project, before another one changed the plan.
    const readBefore = await t.services.projects.findLive(projectId);
    if (!readBefore) throw new Error('project not found');

    const answers = await Promise.all([setPlan(owner, 'pro'), setPlan(owner, 'pro'), setPlan(owner, 'pro')]);
    expect(answers.map((answer) => [answer.statusCode, answer.json().data.plan])).toEqual([
      [200, 'pro'],
      [200, 'pro'],
      [200, 'pro'],
    ]);
    const list = await call(t.app, owner, { method: 'GET', url: billing('/invoices') });
    const body = list.json() as { data: InvoiceBody[]; meta: { total: number } };
    expect(body.meta.total).toBe(1);
    expect(body.data.map((invoice) => [invoice.amount_cents, invoice.status])).toEqual([[2900, 'open']]);
    // However late it arrives, such a request finds the plan in force and bills nothing.
    await t.services.billing.provider.changePlan({
      project: readBefore,
      plan: 'pro',
      actor: { principal: null, ip: null },
      email: null,
    });
    const again = await call(t.app, owner, { method: 'GET', url: billing('/invoices') });
    expect(again.json().meta.total).toBe(1);
    const audit = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/audit-log?action=project.plan_changed`,
    });
    expect(audit.json().meta.total).toBe(1);
  });

  it('refuses bad plans, and leaves Enterprise projects to sales', async () => {
    expectError(await setPlan(owner, 'gold'), 400, 'VALIDATION_FAILED');
    expectError(
      await call(t.app, owner, { method: 'POST', url: billing('/plan'), payload: { plan: 'pro', price_cents: 0 } }),
      400,
      'VALIDATION_FAILED',
    );
    // The instance admin (the first user) moves the project to Enterprise through the shared plan change.
    const admin = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/admin/projects/${projectId}`,
      payload: { plan: 'enterprise' },
    });
    expect(admin.json().data.plan).toBe('enterprise');
    const read = await call(t.app, owner, { method: 'GET', url: billing() });
    expect(read.json().data).toMatchObject({ plan: 'enterprise', price_cents: null });
    const down = expectError(await setPlan(owner, 'pro'), 400, 'VALIDATION_FAILED');
    expect(down.message).toBe('Contact sales to change an Enterprise plan');
    const invoices = await call(t.app, owner, { method: 'GET', url: billing('/invoices') });
    expect(invoices.json().meta.total).toBe(0);
  });
});

describe('asking for Enterprise', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.close());
  afterEach(async () => t?.close());

  it('records a sales request, emails the inbox over SMTP and answers 400 "Contact sales"', async () => {
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PLINTH_INBOX_EMAIL: 'sales@plinth.test' } });
    const owner = await signUp(t.app, { name: 'Olga Owner' });
    const projectId = await createProject(t.app, owner, { name: 'Big Corp site' });
    const answer = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/billing/plan`,
      payload: { plan: 'enterprise' },
    });
    const error = expectError(answer, 400, 'VALIDATION_FAILED');
    expect(error.message).toBe('Contact sales to move to Enterprise');
    expect(error.details).toEqual([{ path: 'plan', message: 'Contact sales to move to Enterprise' }]);

    const mail = await smtp.waitFor('sales@plinth.test', /Enterprise request for Big Corp site/);
    expect(mail.text).toContain(projectId);
    expect(mail.text).toContain(owner.email);
    expect(mail.replyTo?.value[0]?.address).toBe(owner.email);

    const billing = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/billing` });
    expect(billing.json().data.plan).toBe('starter');
    expect(billing.json().data.sales_requested_at).toEqual(expect.any(String));
    const invoices = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/billing/invoices` });
    expect(invoices.json().meta.total).toBe(0);
  });

  it('passes a project on to sales once a day, however often the owner asks', async () => {
    const clock = createTestClock(new Date('2026-11-22T10:00:00.000Z'));
    t = await createTestApp({
      clock: clock.clock,
      env: { SMTP_URL: smtp.url, PLINTH_INBOX_EMAIL: 'sales@plinth.test' },
    });
    let owner = await signUp(t.app);
    const projectId = await createProject(t.app, owner, { name: 'Eager Corp site' });
    const ask = () =>
      call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/billing/plan`,
        payload: { plan: 'enterprise' },
      });
    const requests = () =>
      smtp.received.filter((mail) => /Enterprise request for Eager Corp site/.test(mail.subject ?? ''));
    const requestedAt = async () =>
      (await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/billing` })).json().data
        .sales_requested_at;

    const first = await Promise.all([ask(), ask(), ask()]);
    for (const answer of first) expectError(answer, 400, 'VALIDATION_FAILED');
    expect(new Set(first.map((answer) => answer.body)).size).toBe(1);
    await smtp.waitFor('sales@plinth.test', /Enterprise request for Eager Corp site/);
    // Access tokens live 15 minutes: sign in again after each jump of the clock.
    clock.advance(23 * 3600_000);
    owner = await signIn(t.app, owner.email, owner.password);
    const again = await ask();
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(first[0]?.body);
    expect(await requestedAt()).toBe('2026-11-22T10:00:00.000Z');

    // A day after the request, asking again reaches sales again.
    clock.advance(3600_000);
    owner = await signIn(t.app, owner.email, owner.password);
    expectError(await ask(), 400, 'VALIDATION_FAILED');
    expect(await requestedAt()).toBe('2026-11-23T10:00:00.000Z');
    await vi.waitFor(() => expect(requests()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests()).toHaveLength(2);
    const audit = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/audit-log?action=billing.sales_requested`,
    });
    expect(audit.json().meta.total).toBe(2);
  });

  it('still records the request when no inbox is configured', async () => {
    t = await createTestApp();
    const owner = await signUp(t.app);
    const projectId = await createProject(t.app, owner);
    const answer = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/billing/plan`,
      payload: { plan: 'enterprise' },
    });
    expect(expectError(answer, 400, 'VALIDATION_FAILED').message).toBe('Contact sales to move to Enterprise');
    const billing = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/billing` });
    expect(billing.json().data.sales_requested_at).toEqual(expect.any(String));
  });
});

describe('billing configuration', () => {
  const base = { PLINTH_DATA_DIR: '/tmp/plinth-config-test' };
  const stripe = {
    PLINTH_BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
    STRIPE_PRICE_PRO: 'price_123',
  };

  it('defaults to manual and reads the Stripe settings only for stripe', () => {
    expect(loadConfig(base).billing).toEqual({ provider: 'manual' });
    expect(loadConfig({ ...base, ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111/' }).billing).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_123',
      priceIdPro: 'price_123',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('names the bad variable without echoing secrets', () => {
    expect(() => loadConfig({ ...base, PLINTH_BILLING_PROVIDER: 'paypal' })).toThrow(/PLINTH_BILLING_PROVIDER/);
    expect(() => loadConfig({ ...base, ...stripe, STRIPE_SECRET_KEY: '' })).toThrow(/STRIPE_SECRET_KEY must be set/);
    expect(() => loadConfig({ ...base, ...stripe, STRIPE_WEBHOOK_SECRET: 'oops-secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...stripe, STRIPE_WEBHOOK_SECRET: 'oops-secret' })).not.toThrow(/oops/);
    expect(() => loadConfig({ ...base, ...stripe, STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
  });
});
