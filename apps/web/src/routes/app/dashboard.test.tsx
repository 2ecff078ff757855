import type { AuditEntry, ProjectOverview, Usage } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAppApi, json, renderApp, signIn, testProject } from '../../test/render';

const usage: Usage = {
  period_start: '2026-11-01T00:00:00.000Z',
  period_end: '2026-12-01T00:00:00.000Z',
  plan: 'starter',
  api_requests: { used: 0, limit: 1000 },
  media_bytes: { used: 26_214_400, limit: 104_857_600 },
  ai_tokens: { used: 0 },
};

function overviewOf(overrides: Partial<ProjectOverview> = {}): ProjectOverview {
  return {
    collections: 0,
    components: 0,
    documents: { total: 0, draft: 0, published: 0, changed: 0, in_review: 0, scheduled: 0 },
    media: { count: 0, bytes: 0 },
    members: { active: 1, invited: 0 },
    api_tokens: 0,
    webhooks: 0,
    ...overrides,
  };
}

const activity: AuditEntry[] = [
  {
    id: 'a1',
    actor: { type: 'user', id: 'u1', name: 'Ada Lovelace' },
    action: 'webhook.created',
    target: { type: 'webhook', id: 'w1' },
    details: {},
    ip: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  },
  {
    id: 'a2',
    actor: { type: 'token', id: 't1', name: 'Website build' },
    action: 'document.published',
    target: { type: 'document', id: 'd1' },
    details: { collection: 'posts' },
    ip: null,
    created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
  },
];

function dashboardApi(options: { overview?: ProjectOverview; failOverview?: () => boolean } = {}) {
  return (call: { path: string }) => {
    if (call.path === '/api/v1/projects/p1/overview') {
      if (options.failOverview?.())
        return json(503, { statusCode: 503, error: 'Unavailable', code: 'UNAVAILABLE', message: 'Try later' });
      return json(200, { data: options.overview ?? overviewOf() });
    }
    if (call.path === '/api/v1/projects/p1/usage') return json(200, { data: usage });
    if (call.path === '/api/v1/projects/p1/audit-log')
      return json(200, { data: activity, meta: { total: 2, page: 1, limit: 8 } });
    return undefined;
  };
}

describe('the project dashboard', () => {
  it('shows the counts, the project ID, recent activity with links, and usage', async () => {
    signIn();
    fakeAppApi(
      dashboardApi({
        overview: overviewOf({
          collections: 3,
          components: 1,
          documents: { total: 12, draft: 4, published: 6, changed: 2, in_review: 1, scheduled: 2 },
          media: { count: 5, bytes: 2_097_152 },
          members: { active: 2, invited: 1 },
          api_tokens: 1,
          webhooks: 1,
        }),
      }),
    );
    renderApp('/app/projects/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing site' })).toBeTruthy();
    expect(screen.getByText('p1')).toBeTruthy();

    const counts = await screen.findByText('Collections');
    const tile = counts.closest('div') as HTMLElement;
    expect(within(tile).getByText('3')).toBeTruthy();
    expect(screen.getByText('6 published')).toBeTruthy();
    expect(screen.getByText('1 in review · 2 scheduled')).toBeTruthy();
    expect(screen.getByText('2 MB stored')).toBeTruthy();
    expect(screen.getByText('1 invitation pending')).toBeTruthy();

    const recent = await screen.findByRole('region', { name: 'Recent activity' });
    const webhookLine = await within(recent).findByRole('link', { name: /Ada Lovelace created a webhook/ });
    expect(webhookLine.getAttribute('href')).toBe('/app/projects/p1/webhooks/w1');
    expect(within(recent).getByText(/published a document/).textContent).toContain('Token “Website build”');
    expect(within(recent).getByText('5 minutes ago')).toBeTruthy();

    const usageCard = screen.getByRole('region', { name: 'Usage this month' });
    expect(await within(usageCard).findByText('API requests this month')).toBeTruthy();
    expect(within(usageCard).getByRole('link', { name: 'Plans' }).getAttribute('href')).toBe(
      '/app/projects/p1/billing',
    );
  });

  it('guides an empty project through its first steps, with its real ID in the example call', async () => {
    signIn();
    fakeAppApi(dashboardApi({ overview: overviewOf({ collections: 1 }) }));
    const { user } = renderApp('/app/projects/p1');
    const steps = await screen.findByRole('region', { name: 'Get started' });
    expect(within(steps).getByText('1 of 5 steps done')).toBeTruthy();
    expect(within(steps).getByRole('progressbar', { name: 'Getting started' }).getAttribute('aria-valuenow')).toBe('1');
    expect(within(steps).getByText('(done)', { exact: false }).closest('p')?.textContent).toContain(
      'Model your content',
    );
    expect(within(steps).getByRole('link', { name: 'Create a token' }).getAttribute('href')).toBe(
      '/app/projects/p1/api-tokens',
    );
    expect(within(steps).getByLabelText('First API call').textContent).toContain('/api/v1/projects/p1/collections');

    await user.click(within(steps).getByRole('button', { name: 'Hide these steps' }));
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('leaves out what the role may not see', async () => {
    signIn();
    fakeAppApi(dashboardApi(), { projects: [testProject({ role: 'viewer' })] });
    renderApp('/app/projects/p1');
    const steps = await screen.findByRole('region', { name: 'Get started' });
    expect(within(steps).queryByRole('link', { name: 'Create a token' })).toBeNull();
    expect(within(steps).getByText(/an owner or admin of the project creates it/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
  });

  it('says when the overview could not be loaded, and tries again', async () => {
    signIn();
    let failing = true;
    fakeAppApi(dashboardApi({ failOverview: () => failing }));
    const { user } = renderApp('/app/projects/p1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We could not load this project's overview.")).toBeTruthy();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await screen.findByText('Collections')).toBeTruthy();
  });
});
