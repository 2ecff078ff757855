import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, renderApp } from '../test/render';

export const PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For side projects and trying Plinth out.',
    price_cents: 0,
    interval: 'month',
    contact_sales: false,
    limits: { api_requests: 1000, media_bytes: 104857600, requests_per_second: 50 },
    features: ['1,000 API requests a month', '100 MB media storage', 'Unlimited members'],
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For production sites and apps.',
    price_cents: 2900,
    interval: 'month',
    contact_sales: false,
    limits: { api_requests: 1000000, media_bytes: 107374182400, requests_per_second: 200 },
    features: ['Webhooks, workflows and scheduled publishing'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For organizations with custom needs.',
    price_cents: null,
    interval: 'month',
    contact_sales: true,
    limits: null,
    features: ['SSO and audit exports'],
  },
];

describe('pricing page', () => {
  it('shows the plans of GET /plans', async () => {
    const calls = fakeFetch(() => json(200, { data: PLANS }));
    renderApp('/pricing');

    const starter = await screen.findByRole('article', { name: 'Starter' });
    expect(within(starter).getByText('Free')).toBeTruthy();
    expect(within(starter).getAllByText('1,000 API requests a month')).toHaveLength(1);
    expect(within(starter).getByText('100 MB media storage')).toBeTruthy();

    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(within(pro).getByText('$29')).toBeTruthy();
    expect(within(pro).getByText('/month')).toBeTruthy();
    expect(within(pro).getByText('100 GB media storage')).toBeTruthy();

    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    expect(within(enterprise).getByText('Custom')).toBeTruthy();
    expect(within(enterprise).getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toBe('/contact');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/plans' });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('says so when the plans cannot be loaded, and tries again on request', async () => {
    let fail = true;
    fakeFetch(() => (fail ? json(500, { message: 'Internal Server Error' }) : json(200, { data: PLANS })));
    const { user } = renderApp('/pricing');
    expect(await screen.findByText('The plans could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Pro' })).toBeTruthy();
  });
});
