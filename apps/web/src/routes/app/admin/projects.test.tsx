import type { AdminProject } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, page } from '../../../test/fake-admin-api';
import { json, renderApp } from '../../../test/render';

const project = (id: string, name: string, overrides: Partial<AdminProject> = {}): AdminProject => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  plan: 'starter',
  owner: { id: `owner-${id}`, name: `Owner of ${name}`, email: `owner-${id}@example.com` },
  members: 3,
  created_at: '2026-02-01T00:00:00.000Z',
  ...overrides,
});

function serveProjects(initial: AdminProject[]) {
  let projects = [...initial];
  return fakeAdminApi((call) => {
    if (call.path === '/api/v1/admin/projects' && call.method === 'GET') {
      const q = call.query.get('q')?.toLowerCase();
      const found = projects.filter((item) => !q || item.name.toLowerCase().includes(q) || item.slug.includes(q));
      return json(200, page(found));
    }
    const match = /^\/api\/v1\/admin\/projects\/([^/]+)$/.exec(call.path);
    if (match && call.method === 'PATCH') {
      const { plan } = call.body as { plan: AdminProject['plan'] };
      projects = projects.map((item) => (item.id === match[1] ? { ...item, plan } : item));
      const changed = projects.find((item) => item.id === match[1]);
      return json(200, {
        data: { ...changed, locales: ['en'], default_locale: 'en', role: null },
      });
    }
    return undefined;
  });
}

describe('instance admin: projects', () => {
  it('lists projects with owner, members and plan, and searches by name', async () => {
    const calls = serveProjects([
      project('p1', 'Marketing site', { plan: 'pro' }),
      project('p2', 'Newsroom', { owner: null, members: 0 }),
    ]);
    const { user, router } = renderApp('/app/admin/projects');
    const table = await screen.findByRole('table');
    const row = within(table).getByText('Marketing site').closest('tr') as HTMLElement;
    expect(within(row).getByText('marketing-site')).toBeTruthy();
    expect(within(row).getByText('Owner of Marketing site')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect((within(row).getByLabelText('Plan of Marketing site') as HTMLSelectElement).value).toBe('pro');
    expect(within(table).getByText('No owner has joined')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'news');
    await waitFor(() => expect(screen.queryByText('Marketing site')).toBeNull());
    expect(screen.getByText('Newsroom')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=news');
    expect(
      calls
        .filter((call) => call.path === '/api/v1/admin/projects')
        .at(-1)
        ?.query.get('q'),
    ).toBe('news');

    await user.clear(screen.getByRole('searchbox', { name: 'Search projects' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'zzz{Enter}');
    expect(await screen.findByRole('heading', { name: 'No projects match “zzz”' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Marketing site')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search projects' }) as HTMLInputElement).value).toBe('');
  });

  it('changes a plan only after confirming it', async () => {
    const calls = serveProjects([project('p1', 'Marketing site')]);
    const { user } = renderApp('/app/admin/projects');
    const select = (await screen.findByLabelText('Plan of Marketing site')) as HTMLSelectElement;

    // Cancelling leaves the plan as it was.
    await user.selectOptions(select, 'pro');
    const first = await screen.findByRole('dialog', { name: 'Move to the Pro plan?' });
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select.value).toBe('starter');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.selectOptions(select, 'enterprise');
    const dialog = await screen.findByRole('dialog', { name: 'Move to the Enterprise plan?' });
    expect(within(dialog).getByText(/moves from Starter to Enterprise/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Move to Enterprise' }));
    expect(await screen.findByText('“Marketing site” is on the Enterprise plan now.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: '/api/v1/admin/projects/p1',
      body: { plan: 'enterprise' },
    });
    await waitFor(() => expect(select.value).toBe('enterprise'));
  });

  it('shows the server message when a plan change is refused', async () => {
    fakeAdminApi((call) => {
      if (call.method === 'PATCH')
        return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Project not found' });
      if (call.path === '/api/v1/admin/projects') return json(200, page([project('p1', 'Marketing site')]));
      return undefined;
    });
    const { user } = renderApp('/app/admin/projects');
    await user.selectOptions(await screen.findByLabelText('Plan of Marketing site'), 'pro');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Move to Pro' }));
    expect(await screen.findByText('Project not found')).toBeTruthy();
  });

  it('has an empty state', async () => {
    serveProjects([]);
    renderApp('/app/admin/projects');
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeTruthy();
  });

  it('says when the server has no project list yet, with a retry', async () => {
    fakeAdminApi(() => undefined);
    renderApp('/app/admin/projects');
    expect(await screen.findByText('This server cannot list projects yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
