import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

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

const SECRET_KEY = 'sk_test_plinth_fake';
const WEBHOOK_SECRET = 'whsec_plinth_test_secret';
const PRICE_PRO = 'price_pro_test';

interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

/**
 * The few Stripe endpoints Plinth calls, answering as Stripe does: form-encoded requests,
 * Bearer secret key, JSON objects (or Stripe's error shape).
 */
async function startFakeStripe() {
  const requests: FakeRequest[] = [];
  let sequence = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.fake');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: request.headers.authorization,
        form,
      });
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++sequence}` });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
        return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++sequence}`;
        return reply(200, {
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'),
          customer: form.get('customer'),
          customer_email: form.get('customer_email'),
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          subscription: null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          livemode: false,
        });
      }
      const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (request.method === 'DELETE' && subscription) {
        return reply(200, { id: subscription[1], object: 'subscription', status: 'canceled' });
      }
      return reply(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('billing with Stripe', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let t: TestApp;
  let clock: ReturnType<typeof createTestClock>;
  let owner: Session;
  let projectId: string;
  let token: string;
  const stripe = new Stripe(SECRET_KEY);
  let eventCount = 0;

  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => fake.close());

  beforeEach(async () => {
    fake.requests.length = 0;
    clock = createTestClock(new Date('2026-11-22T10:00:00.000Z'));
    t = await createTestApp({
      clock: clock.clock,
      env: {
        PLINTH_BILLING_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_PRO: PRICE_PRO,
        STRIPE_API_BASE: fake.url,
      },
    });
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

  const now = () => Math.floor(clock.clock().getTime() / 1000);
  const event = (type: string, object: Record<string, unknown>, id = `evt_test_${++eventCount}`) => ({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  /** Sends an event the way Stripe does: the exact bytes, signed with the endpoint secret. */
  const deliver = (body: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(body);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now() });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
  };
  const checkoutCompleted = (session: Record<string, unknown> = {}) =>
    event('checkout.session.completed', {
      id: 'cs_test_paid',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: projectId,
      customer: 'cus_test_1',
      subscription: 'sub_test_1',
      invoice: 'in_test_1',
      amount_total: 2900,
      currency: 'usd',
      metadata: { project_id: projectId },
      ...session,
    });
  const subscriptionDeleted = () =>
    event('customer.subscription.deleted', {
      id: 'sub_test_1',
      object: 'subscription',
      customer: 'cus_test_1',
      status: 'canceled',
      metadata: { project_id: projectId },
    });
  const plan = async () =>
    (await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/billing` })).json().data.plan;
  const invoices = async () =>
    (await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/billing/invoices` })).json()
      .data as {
      amount_cents: number;
      status: string;
      period: { start: string; end: string };
    }[];
  const quotaLimit = async () => {
    clock.advance(100);
    const read = await call(t.app, token, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/collections/notes/documents`,
    });
    return read.headers['x-quota-limit'];
  };

  it('answers a change to Pro with a Stripe Checkout URL and keeps the plan until paid', async () => {
    const answer = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/billing/plan`,
      payload: { plan: 'pro' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      plan: 'starter',
      provider: 'stripe',
      checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    const sent = fake.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(sent?.method).toBe('POST');
    expect(sent?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(sent?.form ?? [])).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE_PRO,
      'line_items[0][quantity]': '1',
      client_reference_id: projectId,
      customer_email: owner.email,
      'subscription_data[metadata][project_id]': projectId,
      success_url: `http://plinth.test/app/projects/${projectId}/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://plinth.test/app/projects/${projectId}/billing?checkout=cancelled`,
    });
    expect(await plan()).toBe('starter');
    expect(await quotaLimit()).toBe('1000');
    expect(await invoices()).toEqual([]);
  });

  it('refuses webhooks whose signature does not match', async () => {
    const body = checkoutCompleted();
    expectError(await deliver(body, 'whsec_someone_else'), 400, 'VALIDATION_FAILED');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expectError(unsigned, 400, 'VALIDATION_FAILED');
    // The right signature over other bytes (a re-serialized body) does not verify either.
    const payload = JSON.stringify(body);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now() });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify(body, null, 2),
    });
    expectError(tampered, 400, 'VALIDATION_FAILED');
    expect(await plan()).toBe('starter');
    // A genuine signature from long ago is a replay.
    clock.advance(3600_000);
    const old = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now() - 3600 });
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': old },
      payload,
    });
    expectError(stale, 400, 'VALIDATION_FAILED');
  });

  it('applies signed events once: Pro on checkout, invoices on payment, Starter when the subscription ends', async () => {
    expect(await quotaLimit()).toBe('1000');
    const completed = checkoutCompleted();
    const first = await deliver(completed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await plan()).toBe('pro');
    expect(await quotaLimit()).toBe('1000000');
    expect(await invoices()).toMatchObject([
      {
        amount_cents: 2900,
        status: 'paid',
        period: { start: '2026-11-22T10:00:00.000Z', end: '2026-12-22T10:00:00.000Z' },
      },
    ]);

    // Stripe retries an event it thinks was lost: same id, nothing happens twice.
    const replay = await deliver(completed);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await invoices()).toHaveLength(1);

    // invoice.paid for the checkout's own invoice is not a second invoice; a renewal is.
    const invoicePaid = (id: string, start: number) =>
      event('invoice.paid', {
        id,
        object: 'invoice',
        customer: 'cus_test_1',
        amount_paid: 2900,
        currency: 'usd',
        description: null,
        period_start: start,
        period_end: start,
        lines: { object: 'list', data: [{ period: { start, end: start + 31 * 86400 } }] },
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: 'sub_test_1', metadata: { project_id: projectId } },
        },
      });
    expect((await deliver(invoicePaid('in_test_1', now()))).statusCode).toBe(200);
    expect(await invoices()).toHaveLength(1);
    const renewal = Date.UTC(2026, 11, 22, 10) / 1000;
    expect((await deliver(invoicePaid('in_test_2', renewal))).statusCode).toBe(200);
    const listed = await invoices();
    expect(listed).toHaveLength(2);
    expect(listed[0]?.period).toEqual({ start: '2026-12-22T10:00:00.000Z', end: '2027-01-22T10:00:00.000Z' });

    const deleted = subscriptionDeleted();
    expect((await deliver(deleted)).json()).toEqual({ received: true, duplicate: false });
    expect(await plan()).toBe('starter');
    expect(await quotaLimit()).toBe('1000');

    // The old checkout event once more (a late redelivery) does not bring Pro back.
    expect((await deliver(completed)).json()).toEqual({ received: true, duplicate: true });
    expect(await plan()).toBe('starter');
    expect(await invoices()).toHaveLength(2);

    // Events Plinth does not act on are acknowledged and ignored.
    const other = await deliver(event('customer.created', { id: 'cus_test_2', object: 'customer' }));
    expect(other.json()).toEqual({ received: true, duplicate: false });
  });

  it('ends the Stripe subscription when the owner moves back to Starter', async () => {
    await deliver(checkoutCompleted());
    expect(await plan()).toBe('pro');
    const answer = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/billing/plan`,
      payload: { plan: 'starter' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ plan: 'starter', provider: 'stripe' });
    expect(
      fake.requests.some((request) => request.method === 'DELETE' && request.path === '/v1/subscriptions/sub_test_1'),
    ).toBe(true);
    expect(await quotaLimit()).toBe('1000');
    // Stripe's own notification of that cancellation then finds nothing left to do.
    const deleted = event('customer.subscription.deleted', {
      id: 'sub_test_1',
      object: 'subscription',
      metadata: { project_id: projectId },
    });
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect(await plan()).toBe('starter');
  });

  it('never lets a late Stripe event change a project that sales moved to Enterprise', async () => {
    await deliver(checkoutCompleted());
    expect(await plan()).toBe('pro');
    const moved = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/admin/projects/${projectId}`,
      payload: { plan: 'enterprise' },
    });
    expect(moved.json().data.plan).toBe('enterprise');

    // Stripe ends the old subscription afterwards: the project stays on Enterprise.
    const deleted = subscriptionDeleted();
    expect((await deliver(deleted)).json()).toEqual({ received: true, duplicate: false });
    expect(await plan()).toBe('enterprise');

    // A checkout the owner had started before the move completes late: no Pro either.
    const late = checkoutCompleted({ id: 'cs_test_late', subscription: 'sub_test_2', invoice: 'in_test_late' });
    expect((await deliver(late)).json()).toEqual({ received: true, duplicate: false });
    expect(await plan()).toBe('enterprise');
    expect(await quotaLimit()).toBeUndefined();
    expect(await invoices()).toHaveLength(1);
  });

  it('sends Enterprise to sales and keeps billing owner-only', async () => {
    const answer = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/billing/plan`,
      payload: { plan: 'enterprise' },
    });
    expect(expectError(answer, 400, 'VALIDATION_FAILED').message).toBe('Contact sales to move to Enterprise');
    expect(fake.requests).toHaveLength(0);
    expectError(
      await call(t.app, token, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/billing/plan`,
        payload: { plan: 'pro' },
      }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('the Stripe webhook with the manual provider', () => {
  it('is not there', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expectError(response, 404, 'NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
