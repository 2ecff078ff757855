import { screen } from '@testing-library/react';
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

describe('dashboard', () => {
  it('shows the empty state, then the new project after creating one', async () => {
    signIn();
    let projects: unknown[] = [];
    const calls = fakeFetch((call) => {
      if (call.path === '/api/v1/auth/me') return json(200, testUser);
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
});
