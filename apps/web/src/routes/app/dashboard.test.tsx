import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, renderApp, signIn, testUser } from '../../test/render';

const project = {
  id: 'p1',
  name: 'Marketing site',
  slug: 'marketing-site',
  plan: 'starter',
  locales: ['en'],
  default_locale: 'en',
  role: 'owner',
  created_at: '2026-02-01T00:00:00.000Z',
};

const usage = {
  period_start: '2026-11-01T00:00:00.000Z',
  period_end: '2026-12-01T00:00:00.000Z',
  plan: 'starter',
  api_requests: { used: 940, limit: 1000 },
  media_bytes: { used: 26_214_400, limit: 104_857_600 },
};

describe('dashboard', () => {
  it('shows the empty state, then the new project after creating one', async () => {
    signIn();
    let projects: unknown[] = [];
    const calls = fakeFetch((call) => {
      if (call.path === '/api/v1/auth/me') return json(200, testUser);
      if (call.path === '/api/v1/projects/p1/usage') return json(200, { data: usage });
      if (call.method === 'POST') {
        projects = [project];
        return json(201, { data: project });
      }
      return json(200, { data: projects, meta: { total: projects.length, page: 1, limit: 25 } });
    });
    const { user } = renderApp('/app');
    expect(await screen.findByText('No projects yet')).toBeTruthy();

    await user.type(screen.getByLabelText('Project name'), 'Marketing site');
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    expect(await screen.findByText('Project “Marketing site” created.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Marketing site' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/v1/projects',
      body: { name: 'Marketing site' },
      headers: { Authorization: 'Bearer access-1' },
    });
  });

  it('shows a loading state, then an error with a retry', async () => {
    signIn();
    fakeFetch((call) =>
      call.path === '/api/v1/auth/me' ? json(200, testUser) : json(500, { message: 'Internal Server Error' }),
    );
    renderApp('/app');
    expect(await screen.findByText('Loading your projects…')).toBeTruthy();
    expect(await screen.findByText('We could not load your projects.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("shows each project's use of its plan this month", async () => {
    signIn();
    const enterprise = { ...project, id: 'p2', name: 'Newsroom', slug: 'newsroom', plan: 'enterprise' };
    fakeFetch((call) => {
      if (call.path === '/api/v1/auth/me') return json(200, testUser);
      if (call.path === '/api/v1/projects/p1/usage') return json(200, { data: usage });
      if (call.path === '/api/v1/projects/p2/usage') {
        const unlimited = { used: 5_000_000, limit: null };
        return json(200, { data: { ...usage, plan: 'enterprise', api_requests: unlimited, media_bytes: unlimited } });
      }
      return json(200, { data: [project, enterprise], meta: { total: 2, page: 1, limit: 25 } });
    });
    renderApp('/app');
    const cards = within(await screen.findByRole('list', { name: 'Your projects' })).getAllByRole('listitem');
    const starter = within(cards[0] as HTMLElement);
    const requests = await starter.findByRole('meter', { name: 'API requests this month' });
    expect(requests.getAttribute('value')).toBe('940');
    expect(requests.getAttribute('max')).toBe('1000');
    expect(starter.getByText('940 of 1,000')).toBeTruthy();
    expect(starter.getByText('25 MB of 100 MB')).toBeTruthy();
    const newsroom = within(cards[1] as HTMLElement);
    expect(await newsroom.findByText('5,000,000, no limit')).toBeTruthy();
    expect(newsroom.queryByRole('meter')).toBeNull();
  });
});
