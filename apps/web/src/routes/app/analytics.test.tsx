import type { Analytics, AnalyticsPoint, Project } from '@plinth/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, fakeAppApi, json, renderApp, signIn, testProject } from '../../test/render';

const PATH = '/app/projects/p1/analytics';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const point = (t: number, requests: number, errors: number, p95: number | null = 40): AnalyticsPoint => ({
  t: new Date(t).toISOString(),
  requests,
  errors,
  bytes: requests * 1000,
  p50_ms: requests > 0 ? 8 : null,
  p95_ms: requests > 0 ? p95 : null,
});

/** Three hours of traffic: 120 requests, 6 errors, the slowest p95 in the middle hour. */
function traffic(): Analytics {
  const start = Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR;
  return {
    from: new Date(start).toISOString(),
    to: new Date().toISOString(),
    granularity: 'hour',
    series: [point(start, 40, 1, 35), point(start + HOUR, 0, 0), point(start + 2 * HOUR, 80, 5, 1250)],
    by_collection: [
      { collection: 'articles', requests: 90, errors: 2, bytes: 90_000, p50_ms: 7, p95_ms: 30 },
      { collection: '(other)', requests: 30, errors: 4, bytes: 30_000, p50_ms: 9, p95_ms: 1250 },
    ],
    status_codes: { '200': 114, '404': 4, '500': 2 },
    totals: { requests: 120, errors: 6, bytes: 120_000 },
  };
}

const EMPTY: Analytics = {
  from: new Date(Date.now() - 7 * DAY).toISOString(),
  to: new Date().toISOString(),
  granularity: 'hour',
  series: [],
  by_collection: [],
  status_codes: {},
  totals: { requests: 0, errors: 0, bytes: 0 },
};

/**
 * The analytics API: `answer` decides each GET of /analytics. Returns the query of
 * every analytics request made, in order (the fake's call log keeps paths only).
 */
function serveAnalytics(answer: () => Response | Promise<Response>, project?: Project) {
  fakeAppApi((call: FetchCall) => (call.path === '/api/v1/projects/p1/analytics' ? answer() : undefined), {
    projects: [project ?? testProject()],
  });
  return () =>
    vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/projects/p1/analytics')
      .map((url) => url.searchParams);
}

/** How far an ISO time is from `expected` (ms): requests are built from "now" when they are made. */
const offset = (iso: string | null, expected: number) => Math.abs(new Date(iso ?? 0).getTime() - expected);

describe('analytics', () => {
  // jsdom lays nothing out: without a ResizeObserver, Recharts keeps the charts' initial size
  // instead of measuring 0 × 0 (and warning about it).
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', undefined);
  });

  it('shows a skeleton, then the totals, the charts with text summaries, and the tables behind them', async () => {
    signIn();
    let release: (response: Response) => void = () => undefined;
    serveAnalytics(() => new Promise((resolve) => (release = resolve)));
    const { user } = renderApp(PATH);

    expect(await screen.findByRole('status', { name: 'Loading analytics' })).toBeTruthy();
    release(json(200, { data: traffic() }));

    const totals = await screen.findByText('Requests', { selector: 'dt' });
    expect(totals.parentElement?.textContent).toContain('120');
    expect(screen.getByText('Error rate', { selector: 'dt' }).parentElement?.textContent).toContain('5.0%');
    expect(screen.getByText('p95 latency', { selector: 'dt' }).parentElement?.textContent).toContain('1.25 s');
    expect(screen.queryByRole('status', { name: 'Loading analytics' })).toBeNull();

    // Each chart is a figure whose caption says its gist in words.
    const traffic_ = screen.getByRole('figure', {
      name: /Requests and errors\. 120 requests and 6 errors; the busiest hour/,
    });
    expect(traffic_).toBeTruthy();
    expect(screen.getByRole('figure', { name: /Latency\. The slowest hour had a p95 of 1\.25 s/ })).toBeTruthy();
    expect(
      screen.getByRole('figure', { name: /Status codes\. 2xx: 114 \(95%\), 4xx: 4 \(3\.3%\), 5xx: 2 \(1\.7%\)/ }),
    ).toBeTruthy();

    // …and every number is a table away; hours without requests are left out.
    await user.click(screen.getByRole('button', { name: 'View as table for requests and errors' }));
    const table = screen.getByRole('table', { name: 'Requests and errors per hour' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]?.textContent).toContain('80');
    expect(rows[2]?.textContent).toContain('6.3%');
    expect(screen.getByText(/Hours without any request are left out/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'View as chart for requests and errors' }));
    expect(screen.queryByRole('table', { name: 'Requests and errors per hour' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'View as table for status codes' }));
    const codes = within(screen.getByRole('table', { name: 'Answers by status code' })).getAllByRole('row');
    expect(codes.map((row) => row.textContent)).toEqual([
      'StatusClassRequestsShare',
      '200 OK2xx success11495%',
      '404 Not Found4xx client error43.3%',
      '500 Internal Server Error5xx server error21.7%',
    ]);

    const collections = within(screen.getByRole('table', { name: 'Collections, busiest first' })).getAllByRole('row');
    expect(collections[1]?.textContent).toContain('articles');
    expect(collections[2]?.textContent).toContain('(other)');
  });

  it('explains how to make a first call when there is no traffic, and looks further back on request', async () => {
    signIn();
    const queries = serveAnalytics(() => json(200, { data: EMPTY }));
    const { user } = renderApp(PATH);

    expect(await screen.findByRole('heading', { name: 'No API-token traffic in this period yet' })).toBeTruthy();
    expect(screen.getByLabelText("A first call: list the project's collections").textContent).toContain(
      '/api/v1/projects/p1/collections',
    );
    expect(screen.getByRole('link', { name: 'Create an API token' }).getAttribute('href')).toBe(
      '/app/projects/p1/api-tokens',
    );

    await user.click(screen.getByRole('button', { name: 'Look at the last 30 days' }));
    await waitFor(() => expect(queries()).toHaveLength(2));
    const query = queries()[1];
    expect(query?.get('granularity')).toBe('day');
    expect(offset(query?.get('from') ?? null, Date.now() - 30 * DAY)).toBeLessThan(60_000);
    expect((screen.getByRole('radio', { name: '30 days' }) as HTMLInputElement).checked).toBe(true);
  });

  it('tells a member who cannot create tokens whom to ask', async () => {
    signIn();
    serveAnalytics(() => json(200, { data: EMPTY }), testProject({ role: 'editor' }));
    renderApp(PATH);

    expect(await screen.findByText(/Ask an owner or admin of the project for a token/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create an API token' })).toBeNull();
  });

  it('shows an error with a retry that loads the analytics', async () => {
    signIn();
    let isDown = true;
    serveAnalytics(() =>
      isDown
        ? json(500, {
            statusCode: 500,
            code: 'INTERNAL',
            error: 'Internal Server Error',
            message: 'Internal Server Error',
          })
        : json(200, { data: traffic() }),
    );
    const { user } = renderApp(PATH);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the analytics.');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('figure', { name: /120 requests and 6 errors/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks again with the chosen period and granularity, and keeps them in the address', async () => {
    signIn();
    const queries = serveAnalytics(() => json(200, { data: traffic() }));
    const { user, router } = renderApp(PATH);
    await screen.findByRole('figure', { name: /120 requests/ });

    // The default: the last 7 days by hour, up to now (no `to`).
    const first = queries()[0];
    expect(first?.get('granularity')).toBe('hour');
    expect(first?.has('to')).toBe(false);
    expect(offset(first?.get('from') ?? null, Date.now() - 7 * DAY)).toBeLessThan(60_000);

    await user.click(screen.getByRole('radio', { name: '24 hours' }));
    await waitFor(() => expect(queries()).toHaveLength(2));
    expect(offset(queries()[1]?.get('from') ?? null, Date.now() - DAY)).toBeLessThan(60_000);
    expect(queries()[1]?.get('granularity')).toBe('hour');
    expect(router.state.location.search).toBe('?period=24h&granularity=hour');

    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    await waitFor(() => expect(queries()).toHaveLength(3));
    expect(queries()[2]?.get('granularity')).toBe('day');
    expect(router.state.location.search).toBe('?period=24h&granularity=day');
  });

  it('asks for a custom range of whole local days, after checking it', async () => {
    signIn();
    const queries = serveAnalytics(() => json(200, { data: traffic() }));
    const { user, router } = renderApp(PATH);
    await screen.findByRole('figure', { name: /120 requests/ });

    const today = new Date();
    const day = (back: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - back);
    const input = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom period' });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: input(day(3)) } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: input(day(10)) } });
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByText('The end date must be on or after the start date.')).toBeTruthy();
    expect(queries()).toHaveLength(1);

    fireEvent.change(within(form).getByLabelText('From'), { target: { value: input(day(10)) } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: input(day(3)) } });
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(queries()).toHaveLength(2));
    const query = queries()[1];
    // From the first day's local midnight to the midnight after the last day; 8 days by day.
    expect(query?.get('from')).toBe(day(10).toISOString());
    expect(query?.get('to')).toBe(day(2).toISOString());
    expect(query?.get('granularity')).toBe('day');
    expect(router.state.location.search).toBe(
      `?period=custom&granularity=day&from=${input(day(10))}&to=${input(day(3))}`,
    );
    expect(screen.queryByRole('form', { name: 'Custom period' })).toBeNull();
  });
});
