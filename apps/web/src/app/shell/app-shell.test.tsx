import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rememberProject } from '../../lib/current-project';
import { fakeAppApi, json, renderApp, signIn, testProject, testUser } from '../../test/render';

const PROJECTS = [
  testProject({ id: 'p1', name: 'Marketing site' }),
  testProject({ id: 'p2', name: 'Newsroom', plan: 'pro' }),
  testProject({ id: 'p3', name: 'Docs', role: 'viewer' }),
];

const pathOf = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('the app shell', () => {
  it('opens /app on the project used last', async () => {
    signIn();
    fakeAppApi(undefined, { projects: PROJECTS });
    rememberProject('p2');
    const { router } = renderApp('/app');
    await waitFor(() => expect(pathOf(router)).toBe('/app/projects/p2'));
  });

  it('opens the first project when none was used yet, or the one used last is gone', async () => {
    signIn();
    fakeAppApi(undefined, { projects: PROJECTS });
    rememberProject('deleted-project');
    const { router } = renderApp('/app');
    await waitFor(() => expect(pathOf(router)).toBe('/app/projects/p1'));
  });

  it('sends someone without a project to the setup wizard', async () => {
    signIn();
    fakeAppApi(undefined, { projects: [] });
    const { router } = renderApp('/app');
    await waitFor(() => expect(pathOf(router)).toBe('/app/project'));
  });

  it("keeps the product's /app/<section> paths: they open the section in the last project", async () => {
    signIn();
    fakeAppApi(undefined, { projects: PROJECTS });
    rememberProject('p2');
    const { router } = renderApp('/app/settings/billing');
    await waitFor(() => expect(pathOf(router)).toBe('/app/projects/p2/settings/billing'));
    router.navigate('/app/graphql?project=p1');
    await waitFor(() => expect(pathOf(router)).toBe('/app/projects/p1/graphql'));
  });

  it('shows where you are in breadcrumbs and remembers the project for next time', async () => {
    signIn();
    fakeAppApi(undefined, { projects: PROJECTS });
    renderApp('/app/projects/p2/webhooks');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    await waitFor(() =>
      expect(within(crumbs).getByRole('link', { name: 'Newsroom' }).getAttribute('href')).toBe('/app/projects/p2'),
    );
    expect(within(crumbs).getByText('Webhooks').getAttribute('aria-current')).toBe('page');
    expect(localStorage.getItem('plinth.last_project')).toBe('p2');
  });

  it("offers only the screens the member's role may use", async () => {
    signIn();
    fakeAppApi(undefined, { projects: PROJECTS });
    renderApp('/app/projects/p3/analytics');
    const nav = await screen.findByRole('navigation', { name: 'Project' });
    await within(nav).findByRole('link', { name: 'Analytics' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Content',
      'Media',
      'Content model',
      'Audiences',
      'Analytics',
      'GraphQL explorer',
      'Billing',
      'Settings',
    ]);
    // Instance admin is for instance admins.
    expect(screen.queryByRole('link', { name: 'Instance admin' })).toBeNull();
  });

  it('switches project and keeps the screen', async () => {
    signIn();
    fakeAppApi(undefined, { projects: PROJECTS });
    const { router, user } = renderApp('/app/projects/p1/webhooks');
    await user.click(await screen.findByRole('button', { name: /Switch project/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Newsroom' }));
    await waitFor(() => expect(pathOf(router)).toBe('/app/projects/p2/webhooks'));
  });

  it('goes anywhere from the command palette, opened with Ctrl+K', async () => {
    signIn({ ...testUser, is_admin: true });
    fakeAppApi(undefined, { projects: PROJECTS });
    const { router, user } = renderApp('/app/projects/p1');
    await screen.findByRole('navigation', { name: 'Project' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Go to' });
    await user.type(within(palette).getByRole('combobox'), 'tokens');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pathOf(router)).toBe('/app/projects/p1/api-tokens'));
    expect(screen.queryByRole('dialog', { name: 'Go to' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Go to…' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Go to' })).getByRole('combobox'), 'newsroom');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pathOf(router)).toBe('/app/projects/p2'));
  });

  it('says so when a project does not exist or is not yours', async () => {
    signIn();
    fakeAppApi(undefined, { projects: PROJECTS });
    renderApp('/app/projects/nope/webhooks');
    expect(await screen.findByRole('heading', { name: 'This project is not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your projects' }).getAttribute('href')).toBe('/app/projects');
  });

  it('offers to try again when the project could not be loaded', async () => {
    signIn();
    let failing = true;
    fakeAppApi(
      (call) =>
        failing && call.path === '/api/v1/projects/p1'
          ? json(500, {
              statusCode: 500,
              error: 'Internal Server Error',
              code: 'INTERNAL',
              message: 'Internal Server Error',
            })
          : undefined,
      { projects: PROJECTS },
    );
    const { user } = renderApp('/app/projects/p1/webhooks');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load this project.')).toBeTruthy();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('We could not load this project.')).toBeNull());
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
  });

  it('opens the navigation as a drawer on small screens', async () => {
    signIn();
    fakeAppApi(undefined, { projects: PROJECTS });
    const { user } = renderApp('/app/projects/p1');
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Webhooks' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull());
  });
});
