import type { AppliedStarter, Project, Starter } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastProjectId } from '../../lib/current-project';
import { type FetchCall, fakeAppApi, json, renderApp, signIn, testProject } from '../../test/render';

const STARTERS: Starter[] = [
  {
    id: 'blog',
    name: 'Blog',
    description: 'Posts with authors and categories.',
    collections: ['posts', 'authors', 'categories'],
    components: ['quote'],
  },
  {
    id: 'docs',
    name: 'Docs site',
    description: 'Pages in sections, with a sidebar order.',
    collections: ['pages', 'sections'],
    components: ['callout'],
  },
  {
    id: 'landing',
    name: 'Landing pages',
    description: 'Pages built from blocks.',
    collections: ['landing-pages'],
    components: ['hero', 'features', 'cta'],
  },
  { id: 'empty', name: 'Empty', description: 'Nothing yet.', collections: [], components: [] },
];

const applied = (starter: AppliedStarter['starter']): AppliedStarter => ({
  starter,
  collections: ['pages', 'sections'],
  components: ['callout'],
  documents: 8,
  media: 3,
});

const failure = (status: number, message: string) => json(status, { statusCode: status, code: 'INTERNAL', message });

/**
 * A signed-in user with no project yet: creating one makes it exist for every later read;
 * `answer` can take over any call first (a starter that fails, a list that fails).
 */
function serveSetup(answer?: (call: FetchCall) => Response | Promise<Response> | undefined) {
  const projects: Project[] = [];
  const calls = fakeAppApi((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === '/api/v1/starters') return json(200, { data: STARTERS });
    if (call.path === '/api/v1/projects' && call.method === 'POST') {
      const body = call.body as { name: string; locales: string[]; default_locale: string };
      const created = testProject({ id: 'p9', slug: 'new', ...body, created_at: '2026-04-01T00:00:00.000Z' });
      projects.push(created);
      return json(201, { data: created });
    }
    if (call.path === '/api/v1/projects' && call.method === 'GET') {
      return json(200, { data: projects, meta: { total: projects.length, page: 1, limit: 25 } });
    }
    if (call.path === '/api/v1/projects/p9' && call.method === 'GET' && projects[0]) {
      return json(200, { data: projects[0] });
    }
    const starter = /^\/api\/v1\/projects\/p9\/starter$/.exec(call.path);
    if (starter && call.method === 'POST') {
      return json(201, { data: applied((call.body as { starter: AppliedStarter['starter'] }).starter) });
    }
    return undefined;
  });
  return calls;
}

/** The starter's failure panel (the "project created" toast is an alert too). */
async function starterFailure(): Promise<HTMLElement> {
  const title = await screen.findByText(/^The project was created, but the .* starter could not be added\.$/);
  return title.closest('[role="alert"]') as HTMLElement;
}

const starterCalls = (calls: FetchCall[]) => calls.filter((call) => call.path.endsWith('/starter'));

async function fillNameAndLocales(user: ReturnType<typeof renderApp>['user'], name = 'Acme docs') {
  await user.type(await screen.findByLabelText('Project name'), name);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Choose its languages' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Pick a starter' });
}

describe('project setup wizard', () => {
  it('opens after a first sign-in and goes from name to languages to starter, then to the dashboard', async () => {
    signIn();
    let finishStarter = (_answer: Response) => {};
    const calls = serveSetup((call) =>
      call.path.endsWith('/starter')
        ? new Promise<Response>((resolve) => {
            finishStarter = resolve;
          })
        : undefined,
    );
    const { router, user } = renderApp('/app');
    // No project yet: /app opens the wizard.
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up a new project' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/project');
    const steps = screen.getByRole('list', { name: 'Setup steps' });
    expect(within(steps).getByText('Name').closest('li')?.getAttribute('aria-current')).toBe('step');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Give the project a name')).toBeTruthy();
    await user.type(screen.getByLabelText('Project name'), 'Acme docs');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const languages = await screen.findByRole('heading', { name: 'Choose its languages' });
    expect(document.activeElement).toBe(languages);
    await user.selectOptions(screen.getByLabelText('Common locale'), 'es');
    await user.click(screen.getByRole('button', { name: 'Add the chosen locale' }));
    await user.selectOptions(screen.getByLabelText('Default locale'), 'es');
    // Back and forth keeps what was entered.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((await screen.findByLabelText('Project name')) as HTMLInputElement).toHaveProperty('value', 'Acme docs');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(await screen.findByRole('list', { name: 'Project locales' })).getByText('Spanish')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Pick a starter' });
    const blog = await screen.findByRole('radio', { name: /Blog/ });
    expect((blog as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Collections: posts, authors, categories')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Docs site/ }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    expect(await screen.findByText('Adding the Docs site starter… This takes a few seconds.')).toBeTruthy();
    const create = calls.find((call) => call.method === 'POST' && call.path === '/api/v1/projects');
    expect(create?.body).toEqual({ name: 'Acme docs', locales: ['en', 'es'], default_locale: 'es' });
    expect(create?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(starterCalls(calls)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/v1/projects/p9/starter', body: { starter: 'docs' } }),
    ]);
    expect(lastProjectId()).toBe('p9');

    finishStarter(json(201, { data: applied('docs') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p9'));
    expect(await screen.findByText('Starter added: 2 collections, 8 sample documents and 3 images.')).toBeTruthy();
  });

  it('tells when the starter fails after the project was created, and tries it again', async () => {
    signIn();
    let starterAttempts = 0;
    const calls = serveSetup((call) =>
      call.path.endsWith('/starter') && ++starterAttempts === 1
        ? failure(500, 'The sample images could not be stored')
        : undefined,
    );
    const { router, user } = renderApp('/app/project');
    await fillNameAndLocales(user);
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    const alert = await starterFailure();
    expect(within(alert).getByText('The project was created, but the Blog starter could not be added.')).toBeTruthy();
    expect(within(alert).getByText('The sample images could not be stored')).toBeTruthy();
    expect(screen.getByText(/Create the project “/).textContent).toContain('Acme docs');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p9'));
    expect(starterCalls(calls)).toHaveLength(2);
    // One project, however many attempts at its starter.
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/projects')).toHaveLength(1);
  });

  it('lets the user go on with the empty project when the starter fails', async () => {
    signIn();
    const calls = serveSetup((call) => (call.path.endsWith('/starter') ? failure(500, 'Storage is full') : undefined));
    const { router, user } = renderApp('/app/project');
    await fillNameAndLocales(user);
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    const alert = await starterFailure();
    await user.click(within(alert).getByRole('button', { name: 'Continue with an empty project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p9'));
    expect(starterCalls(calls)).toHaveLength(1);
  });

  it('creates an empty project without applying anything', async () => {
    signIn();
    const calls = serveSetup();
    const { router, user } = renderApp('/app/project');
    await fillNameAndLocales(user);
    await user.click(await screen.findByRole('radio', { name: /Empty/ }));
    await user.click(screen.getByRole('button', { name: 'Create an empty project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p9'));
    expect(starterCalls(calls)).toHaveLength(0);
  });

  it('keeps everything entered when the creation fails, and sends the retry with the same idempotency key', async () => {
    signIn();
    let creations = 0;
    const calls = serveSetup((call) =>
      call.method === 'POST' && call.path === '/api/v1/projects' && ++creations === 1
        ? failure(503, 'The database is busy, try again')
        : undefined,
    );
    const { router, user } = renderApp('/app/project');
    await fillNameAndLocales(user);
    await user.click(screen.getByRole('radio', { name: /Landing pages/ }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('The database is busy, try again')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Landing pages/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p9'));
    const [first, second] = calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/projects');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(starterCalls(calls)[0]?.body).toEqual({ starter: 'landing' });
  });

  it('can still create an empty project when the starters cannot be loaded, and loads them again on request', async () => {
    signIn();
    let listFails = true;
    serveSetup((call) =>
      call.path === '/api/v1/starters' && listFails ? failure(500, 'Starters are unavailable') : undefined,
    );
    const { user } = renderApp('/app/project');
    await fillNameAndLocales(user);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the starters.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create an empty project' })).toBeTruthy();
    listFails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /Blog/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeTruthy();
  });
});
