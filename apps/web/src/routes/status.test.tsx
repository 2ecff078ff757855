import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, renderApp } from '../test/render';

const incident = {
  id: 'i1',
  title: 'Slow media uploads',
  message: 'Uploads above 10 MB were slow for some customers.',
  status: 'resolved',
  impact: 'minor',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T11:00:00.000Z',
  resolved_at: '2026-03-01T11:00:00.000Z',
  updates: [],
};

const report = {
  status: 'degraded',
  uptime_seconds: 93_784,
  uptime_percent: 99.95,
  response_time_ms: 3.4,
  last_incident: incident,
  incidents: [incident],
  metrics: { avg_response_ms: 41.6, error_rate: 0.5, requests_per_minute: 1234 },
  system: { cpu_percent: 12.5, memory_percent: 48, disk_percent: null },
  uptime_history: [
    { date: '2026-02-28', uptime_percent: 100 },
    { date: '2026-03-01', uptime_percent: 98.5 },
  ],
};

describe('status page', () => {
  it('shows everything GET /status reports', async () => {
    fakeFetch(() => json(200, report));
    renderApp('/status');
    expect(await screen.findByText('Degraded performance')).toBeTruthy();
    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(within(overview).getByText('99.95%')).toBeTruthy();
    expect(within(overview).getByText('1d 2h 3m')).toBeTruthy();
    expect(within(overview).getByText('3 ms')).toBeTruthy();
    expect(within(overview).getByText(/Slow media uploads/)).toBeTruthy();

    const performance = screen.getByRole('region', { name: 'Performance' });
    expect(within(performance).getByText('42 ms')).toBeTruthy();
    expect(within(performance).getByText('0.50%')).toBeTruthy();
    expect(within(performance).getByText('1,234')).toBeTruthy();

    const system = screen.getByRole('region', { name: 'System health' });
    expect(within(system).getByText('12.50%')).toBeTruthy();
    expect(within(system).getByText('48.00%')).toBeTruthy();
    expect(within(system).getByText('Not measured')).toBeTruthy();

    const chart = screen.getByRole('img', { name: 'Daily uptime over 2 days, 99.25% on average' });
    expect(chart.querySelectorAll('rect')).toHaveLength(2);

    const incidents = screen.getByRole('region', { name: 'Recent incidents' });
    expect(within(incidents).getByRole('heading', { name: 'Slow media uploads' })).toBeTruthy();
    expect(within(incidents).getByText('resolved')).toBeTruthy();
  });

  it('says when there is no history or incident yet', async () => {
    fakeFetch(() =>
      json(200, { ...report, status: 'operational', last_incident: null, incidents: [], uptime_history: [] }),
    );
    renderApp('/status');
    expect(await screen.findByText('All systems operational')).toBeTruthy();
    expect(screen.getByText('No uptime history has been recorded yet.')).toBeTruthy();
    expect(screen.getByText('No incidents in the last 30 days.')).toBeTruthy();
  });

  it('shows an error when the status cannot be loaded', async () => {
    fakeFetch(() => json(500, { message: 'Internal Server Error' }));
    renderApp('/status');
    expect(await screen.findByText('The status could not be loaded.')).toBeTruthy();
  });

  it('subscribes an email address to status updates', async () => {
    const message = 'Check your inbox: we sent a link to confirm the subscription.';
    const calls = fakeFetch((call) => (call.method === 'POST' ? json(202, { message }) : json(200, report)));
    const { user } = renderApp('/status');
    const form = await screen.findByRole('form', { name: 'Subscribe to status updates' });
    await user.type(within(form).getByLabelText('Email'), 'ops@example.com');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/v1/status/subscriptions',
      body: { email: 'ops@example.com' },
    });
  });
});
