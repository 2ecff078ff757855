import type { Project } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastProjectId } from '../../lib/current-project';
import { fakeAppApi, json, renderApp, signIn, testProject } from '../../test/render';

const LONG_NAME =
  'The extraordinarily long-named international multilingual marketing and documentation website of the company';

describe('projects', () => {
  it('lists the projects with role, plan, locales and creation date; the long name is kept whole', async () => {
    signIn();
    fakeAppApi(undefined, {
      projects: [
        testProject(),
        testProject({
          id: 'p2',
          name: LONG_NAME,
          slug: 'long',
          role: 'editor',
          plan: 'pro',
          locales: ['es', 'en', 'fr'],
          default_locale: 'en',
          created_at: '2026-03-15T12:00:00.000Z',
        }),
      ],
    });
    renderApp('/app/projects');
    expect(await screen.findByRole('status', { name: 'Loading your projects' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your projects' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const second = cards[1] as HTMLElement;
    expect(within(second).getByRole('link', { name: LONG_NAME })).toBeTruthy();
    expect(within(second).getByText('editor')).toBeTruthy();
    expect(within(second).getByText('pro')).toBeTruthy();
    expect(within(second).getByText('en (default), es, fr')).toBeTruthy();
    expect(within(second).getByText('Mar 15, 2026')).toBeTruthy();
    expect(screen.getByText('2 projects')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New project' }).getAttribute('href')).toBe('/app/project');
  });

  it('opens a project and remembers it for /app and the section links', async () => {
    signIn();
    fakeAppApi(undefined, { projects: [testProject(), testProject({ id: 'p2', name: 'Docs site', slug: 'docs' })] });
    const { router, user } = renderApp('/app/projects');
    await user.click(await screen.findByRole('link', { name: 'Docs site' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p2'));
    expect(lastProjectId()).toBe('p2');
  });

  it('marks the project opened last', async () => {
    signIn();
    localStorage.setItem('plinth.last_project', 'p2');
    fakeAppApi(undefined, { projects: [testProject(), testProject({ id: 'p2', name: 'Docs site', slug: 'docs' })] });
    renderApp('/app/projects');
    const list = await screen.findByRole('list', { name: 'Your projects' });
    const [first, second] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(second as HTMLElement).getByText('Last opened')).toBeTruthy();
    expect(within(first as HTMLElement).queryByText('Last opened')).toBeNull();
  });

  it('shows the first step when there is no project yet', async () => {
    signIn();
    fakeAppApi(undefined, { projects: [] });
    renderApp('/app/projects');
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first project' }).getAttribute('href')).toBe('/app/project');
  });

  it('says when the projects could not be loaded, and tries again', async () => {
    signIn();
    let failing = true;
    fakeAppApi((call) =>
      call.path === '/api/v1/projects' && call.method === 'GET' && failing
        ? json(503, { statusCode: 503, code: 'UNAVAILABLE', message: 'The service is restarting' })
        : undefined,
    );
    const { user } = renderApp('/app/projects');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load your projects.')).toBeTruthy();
    expect(within(alert).getByText('The service is restarting')).toBeTruthy();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Marketing site' })).toBeTruthy();
  });

  it('loads further pages when there are more projects than one page holds', async () => {
    signIn();
    const all: Project[] = Array.from({ length: 101 }, (_, index) =>
      testProject({ id: `p${index + 1}`, name: `Project ${index + 1}`, slug: `project-${index + 1}` }),
    );
    fakeAppApi(
      (call) => {
        if (call.path !== '/api/v1/projects' || call.method !== 'GET') return undefined;
        // The handler runs inside the fetch call, so the last call is this one, with its query.
        const url = new URL(String(vi.mocked(fetch).mock.lastCall?.[0]), 'http://localhost');
        const page = Number(url.searchParams.get('page') ?? 1);
        return json(200, {
          data: page === 1 ? all.slice(0, 100) : all.slice(100),
          meta: { total: 101, page, limit: 100 },
        });
      },
      { projects: all },
    );
    const { user } = renderApp('/app/projects');
    const list = await screen.findByRole('list', { name: 'Your projects' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show more projects' }));
    expect(await within(list).findByRole('link', { name: 'Project 101' })).toBeTruthy();
  });
});
