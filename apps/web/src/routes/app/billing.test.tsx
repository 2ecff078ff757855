import type { Billing, Invoice, Plan, PlanId, Role, Usage } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  apiError,
  type FetchCall,
  fakeAppApi,
  json,
  renderApp,
  signIn,
  testMember,
  testProject,
  testUser,
} from '../../test/render';

const PATH = '/app/projects/p1/billing';
const PERIOD = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' };

const PLANS: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For side projects and trying Plinth out.',
    price_cents: 0,
    interval: 'month',
    contact_sales: false,
    limits: { api_requests: 1000, media_bytes: 104_857_600, requests_per_second: 50 },
    features: [],
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For production sites and apps.',
    price_cents: 2900,
    interval: 'month',
    contact_sales: false,
    limits: { api_requests: 1_000_000, media_bytes: 107_374_182_400, requests_per_second: 200 },
    features: [],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For organizations with custom needs.',
    price_cents: null,
    interval: 'month',
    contact_sales: true,
    limits: null,
    features: ['Custom request and storage limits', 'SSO and audit exports'],
  },
];

const invoice = (index: number, overrides: Partial<Invoice> = {}): Invoice => ({
  id: `in_${index}`,
  period: { start: `2026-${String(index).padStart(2, '0')}-01T00:00:00.000Z`, end: '2026-12-01T00:00:00.000Z' },
  amount_cents: 2900,
  currency: 'usd',
  status: 'paid',
  description: `Plinth Pro plan, 2026-${String(index).padStart(2, '0')}`,
  created_at: `2026-${String(index).padStart(2, '0')}-01T00:00:00.000Z`,
  ...overrides,
});

const OWNERS = [
  testMember({ user_id: 'u1', email: testUser.email, name: testUser.name, role: 'owner' }),
  testMember({ user_id: 'u9', email: 'grace@example.com', name: 'Grace Hopper', role: 'owner' }),
];

/**
 * A billing API over one project's state, as the server behaves: the manual provider changes the
 * plan at once and records an invoice; Stripe answers a Checkout URL; Enterprise is a 400 asking
 * to contact sales (and records the request). `answer` can take any call first.
 */
function serveBilling(
  options: {
    role?: Role;
    plan?: PlanId;
    provider?: Billing['provider'];
    invoices?: Invoice[];
    answer?: (call: FetchCall) => Response | undefined;
  } = {},
) {
  const state = {
    plan: options.plan ?? 'starter',
    invoices: [...(options.invoices ?? [])],
    salesRequestedAt: null as string | null,
  };
  const provider = options.provider ?? 'manual';
  const limitsOf = (plan: PlanId) => PLANS.find((item) => item.id === plan)?.limits ?? null;
  const billing = (): Billing => ({
    plan: state.plan,
    provider,
    price_cents: PLANS.find((item) => item.id === state.plan)?.price_cents ?? null,
    current_period_start: PERIOD.start,
    current_period_end: PERIOD.end,
    sales_requested_at: state.salesRequestedAt,
  });
  const usage = (): Usage => ({
    period_start: PERIOD.start,
    period_end: PERIOD.end,
    plan: state.plan,
    api_requests: { used: 940, limit: limitsOf(state.plan)?.api_requests ?? null },
    media_bytes: { used: 26_214_400, limit: limitsOf(state.plan)?.media_bytes ?? null },
    ai_tokens: { used: 12_345 },
  });
  const project = () => testProject({ role: options.role ?? 'owner', plan: state.plan });

  const calls = fakeAppApi(
    (call) => {
      const custom = options.answer?.(call);
      if (custom) return custom;
      const base = '/api/v1/projects/p1';
      if (call.path === '/api/v1/plans') return json(200, { data: PLANS, meta: { total: 3, page: 1, limit: 3 } });
      if (call.method === 'GET' && call.path === base) return json(200, { data: project() });
      if (call.method === 'GET' && call.path === '/api/v1/projects') {
        return json(200, { data: [project()], meta: { total: 1, page: 1, limit: 25 } });
      }
      if (call.path === `${base}/usage`) return json(200, { data: usage() });
      if (call.path === `${base}/members`) {
        return json(200, { data: OWNERS, meta: { total: OWNERS.length, page: 1, limit: 100 } });
      }
      if (call.path.startsWith(`${base}/billing`) && options.role && options.role !== 'owner') {
        return apiError(403, 'Forbidden');
      }
      if (call.method === 'GET' && call.path === `${base}/billing`) return json(200, { data: billing() });
      if (call.method === 'GET' && call.path === `${base}/billing/invoices`) {
        const page = Number(call.query.get('page') ?? 1);
        const items = state.invoices.slice((page - 1) * 10, page * 10);
        return json(200, { data: items, meta: { total: state.invoices.length, page, limit: 10 } });
      }
      if (call.method === 'POST' && call.path === `${base}/billing/plan`) {
        const { plan } = call.body as { plan: PlanId };
        if (plan === 'enterprise') {
          state.salesRequestedAt = new Date().toISOString();
          const message = 'Contact sales to move to Enterprise';
          return apiError(400, message, [{ path: 'plan', message }]);
        }
        if (provider === 'stripe' && plan === 'pro') {
          return json(200, { data: { ...billing(), checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_1' } });
        }
        state.plan = plan;
        if (plan === 'pro') {
          state.invoices.unshift(
            invoice(11, { id: 'in_new', status: 'open', description: 'Plinth Pro plan, 2026-11' }),
          );
        }
        return json(200, { data: billing() });
      }
      return undefined;
    },
    { projects: [project()] },
  );
  return { calls, state };
}

const tile = (name: string) => screen.getByRole('article', { name });

describe('billing', () => {
  it("shows the plan, this period's usage, the plans and the invoices", async () => {
    signIn();
    serveBilling({ plan: 'pro', invoices: Array.from({ length: 12 }, (_, index) => invoice(12 - index)) });
    const { user } = renderApp(PATH);

    expect(await screen.findByRole('status', { name: 'Loading usage' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();

    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(await within(current).findByText('$29 / month')).toBeTruthy();
    expect(within(current).getByText('Invoiced by the operator of this Plinth instance')).toBeTruthy();
    expect(within(current).getByText('Nov 1 – 30, 2026')).toBeTruthy();

    const requests = await screen.findByRole('meter', { name: 'API requests' });
    expect(requests.getAttribute('value')).toBe('940');
    expect(requests.getAttribute('max')).toBe('1000000');
    expect(screen.getByText('940 of 1,000,000')).toBeTruthy();
    expect(screen.getByText(/AI tokens used this period/).textContent).toContain('12,345');

    expect(within(tile('Pro')).getByText('Current plan')).toBeTruthy();
    expect(within(tile('Starter')).getByRole('button', { name: 'Switch to Starter' })).toBeTruthy();
    expect(within(tile('Enterprise')).getByRole('button', { name: 'Contact sales' })).toBeTruthy();

    const invoices = await screen.findByRole('table', { name: 'Invoices, newest first' });
    const rows = within(invoices).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(rows[1]?.textContent).toContain('Plinth Pro plan, 2026-12');
    expect(rows[1]?.textContent).toContain('$29.00');
    expect(within(rows[1] as HTMLElement).getByText('Paid')).toBeTruthy();
    expect(screen.getByText('12 invoices, newest first.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    await waitFor(() => expect(within(invoices).getAllByRole('row')).toHaveLength(3));
    expect(within(invoices).getAllByRole('row')[1]?.textContent).toContain('Plinth Pro plan, 2026-02');
  });

  it('says when there are no invoices yet, and sits under the settings heading in settings', async () => {
    signIn();
    serveBilling();
    renderApp('/app/projects/p1/settings/billing');

    expect(await screen.findByRole('heading', { name: 'No invoices yet' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Billing' })).toBeNull();
  });

  it('shows an error with a retry when the billing details cannot be read', async () => {
    signIn();
    let isDown = true;
    serveBilling({
      answer: (call) =>
        isDown && call.method === 'GET' && call.path === '/api/v1/projects/p1/billing'
          ? apiError(500, 'Internal Server Error')
          : undefined,
    });
    const { user } = renderApp(PATH);

    const current = await screen.findByRole('region', { name: 'Current plan' });
    const alert = await within(current).findByRole('alert');
    expect(alert.textContent).toContain('We could not load the billing details.');
    // Without the billing state, the dialog could not say how the change is paid.
    expect((within(tile('Pro')).getByRole('button', { name: 'Upgrade to Pro' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(current).findByText('Invoiced by the operator of this Plinth instance')).toBeTruthy();
    expect((within(tile('Pro')).getByRole('button', { name: 'Upgrade to Pro' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('changes the plan at once with the manual provider, and shows the new limits and invoice', async () => {
    signIn();
    const { calls } = serveBilling();
    const { user } = renderApp(PATH);
    expect(await screen.findByText('940 of 1,000')).toBeTruthy();

    await user.click(await within(tile('Pro')).findByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Pro?' });
    expect(dialog.textContent).toContain('The change applies at once, with an invoice of $29.00');
    expect(within(dialog).getByRole('row', { name: /API requests a month/ }).textContent).toContain('1,0001,000,000');
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Pro' }));

    expect(await screen.findByText('The project is now on the Pro plan.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/v1/projects/p1/billing/plan',
      body: { plan: 'pro' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(within(tile('Pro')).getByText('Current plan')).toBeTruthy());
    expect(await screen.findByText('940 of 1,000,000')).toBeTruthy();
    const invoices = await screen.findByRole('table', { name: 'Invoices, newest first' });
    expect(within(invoices).getByText('Open')).toBeTruthy();
  });

  it('sends the owner to Stripe Checkout when Stripe takes the payment', async () => {
    signIn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = serveBilling({ provider: 'stripe' });
    const { user } = renderApp(PATH);
    expect(await screen.findByText('Card payments through Stripe')).toBeTruthy();

    await user.click(within(tile('Pro')).getByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Pro?' });
    expect(dialog.textContent).toContain('You will go to Stripe Checkout to pay $29.00 a month.');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(within(dialog).getByRole('button', { name: 'Opening Stripe…' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // Nothing changed yet: no toast, and the page behind the dialog still says Starter.
    expect(screen.queryByText(/The project is now on/)).toBeNull();
    const starter = screen.getByRole('article', { name: 'Starter', hidden: true });
    expect(within(starter).getByText('Current plan')).toBeTruthy();
  });

  it('says the payment went through once Stripe has changed the plan, and cleans the address', async () => {
    signIn();
    serveBilling({ plan: 'pro', provider: 'stripe' });
    const { router } = renderApp(`${PATH}?checkout=success&session_id=cs_test_1`);

    expect(await screen.findByText('Payment received: the project is now on Pro')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('waits for Stripe to confirm a payment, then says the plan changed', async () => {
    signIn();
    const { state } = serveBilling({ provider: 'stripe' });
    renderApp(`${PATH}?checkout=success&session_id=cs_test_1`);

    expect(await screen.findByText('Payment received: waiting for Stripe to confirm it')).toBeTruthy();
    state.plan = 'pro'; // Stripe's webhook arrives.
    expect(
      await screen.findByText('Payment received: the project is now on Pro', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(tile('Pro')).getByText('Current plan')).toBeTruthy();
  });

  it('says nothing changed after a cancelled checkout', async () => {
    signIn();
    serveBilling({ provider: 'stripe' });
    const { user } = renderApp(`${PATH}?checkout=cancelled`);

    expect(await screen.findByText('Checkout cancelled')).toBeTruthy();
    expect(screen.getByText(/Nothing was charged and the plan has not changed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Checkout cancelled')).toBeNull();
  });

  it('passes an Enterprise request on to sales', async () => {
    signIn();
    const { calls } = serveBilling();
    const { user } = renderApp(PATH);

    await screen.findByText('Invoiced by the operator of this Plinth instance');
    await user.click(within(tile('Enterprise')).getByRole('button', { name: 'Contact sales' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact sales about Enterprise?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Your request is with our sales team.')).toBeTruthy();
    expect(within(tile('Enterprise')).getByText(/^Request sent/)).toBeTruthy();
    expect(within(tile('Enterprise')).queryByRole('button', { name: 'Contact sales' })).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ plan: 'enterprise' });
  });

  it('keeps the Enterprise dialog open when the request fails', async () => {
    signIn();
    serveBilling({
      answer: (call) => (call.method === 'POST' ? apiError(500, 'Internal Server Error') : undefined),
    });
    const { user } = renderApp(PATH);
    await screen.findByText('Invoiced by the operator of this Plinth instance');

    await user.click(within(tile('Enterprise')).getByRole('button', { name: 'Contact sales' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Internal Server Error')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Contact sales about Enterprise?' })).toBeTruthy();
    expect(screen.queryByText(/^Request sent/)).toBeNull();
  });

  it('shows other members the plan and usage, whom to ask, and no way to change the plan', async () => {
    signIn();
    const { calls } = serveBilling({ role: 'admin' });
    renderApp(PATH);

    expect(await screen.findByText("Only the project's owners can change the plan or see invoices")).toBeTruthy();
    const grace = await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(grace.getAttribute('href')).toBe('mailto:grace@example.com');
    expect(screen.getByText(/You are an admin here/)).toBeTruthy();
    expect(
      screen.getByText("Prices are per project and month. Only the project's owners can change the plan."),
    ).toBeTruthy();

    const current = screen.getByRole('region', { name: 'Current plan' });
    expect(await within(current).findByText('Free')).toBeTruthy();
    expect(await screen.findByText('940 of 1,000')).toBeTruthy();
    for (const name of ['Upgrade to Pro', 'Contact sales']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.queryByRole('region', { name: 'Invoices' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/v1/projects/p1/billing'))).toBe(false);
  });
});
