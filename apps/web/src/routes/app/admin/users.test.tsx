import type { AdminUser } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fakeAdminApi, page } from '../../../test/fake-admin-api';
import { json, renderApp, testUser } from '../../../test/render';

const person = (id: string, name: string, overrides: Partial<AdminUser> = {}): AdminUser => ({
  id,
  name,
  email: `${id}@example.com`,
  avatar_url: null,
  is_admin: false,
  created_at: '2026-03-04T10:00:00.000Z',
  status: 'active',
  company: null,
  ...overrides,
});

const grace = person('grace', 'Grace Hopper', { status: 'pending', company: 'US Navy' });
const alan = person('alan', 'Alan Turing', { status: 'pending' });
const admin: AdminUser = { ...adminUser, status: 'active', company: null };

describe('instance admin: users', () => {
  it('explains to someone who is not an instance admin that the area is not theirs, and asks the API nothing', async () => {
    const calls = fakeAdminApi(() => undefined, { user: testUser });
    renderApp('/app/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Instance admin' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Instance admins only' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your projects' }).getAttribute('href')).toBe('/app');
    expect(screen.queryByRole('navigation', { name: 'Instance admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Incidents' })).toBeNull();
    // Nor does the sidebar offer the area.
    expect(
      within(screen.getByRole('navigation', { name: 'Account' })).queryByRole('link', { name: /Instance admin/ }),
    ).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/v1/admin/'))).toBe(false);
  });

  it('lists pending registrations first; approving one updates the lists', async () => {
    let pending = [grace, alan];
    const calls = fakeAdminApi((call) => {
      if (call.method === 'POST' && call.path === '/api/v1/admin/users/grace/approve') {
        pending = pending.filter((user) => user.id !== 'grace');
        return json(200, { data: { ...grace, status: 'active' } });
      }
      if (call.path === '/api/v1/admin/users') {
        if (call.query.get('status') === 'pending') return json(200, page(pending, { limit: 20 }));
        const everyone = [
          ...pending,
          ...(pending.includes(grace) ? [] : [{ ...grace, status: 'active' as const }]),
          admin,
        ];
        return json(200, page(everyone));
      }
      return undefined;
    });
    const { user } = renderApp('/app/admin');

    const waiting = await screen.findByRole('list', { name: 'Registrations waiting for approval' });
    const graceItem = within(waiting).getByText('Grace Hopper', { selector: 'p' }).closest('li') as HTMLElement;
    expect(within(graceItem).getByText('grace@example.com')).toBeTruthy();
    expect(within(graceItem).getByText('US Navy')).toBeTruthy();
    expect(within(graceItem).getByText(/Mar 4, 2026/)).toBeTruthy();
    expect(within(waiting).getByText('Not given')).toBeTruthy();
    expect(screen.getByText('2 waiting')).toBeTruthy();

    // The table of everyone marks instance admins and the waiting ones.
    const table = await screen.findByRole('table');
    const adminRow = within(table).getByText('Ines Admin').closest('tr') as HTMLElement;
    expect(within(adminRow).getByText('Instance admin')).toBeTruthy();
    expect(within(adminRow).getByText('(you)')).toBeTruthy();
    expect(within(table).getAllByText('Waiting for approval')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Approve Grace Hopper' }));
    expect(await screen.findByText('Grace Hopper is approved and can sign in now.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/api/v1/admin/users/grace/approve');
    await waitFor(() => expect(within(waiting).queryByText('Grace Hopper', { selector: 'p' })).toBeNull());
    expect(screen.getByText('1 waiting')).toBeTruthy();
    const graceRow = within(screen.getByRole('table')).getByText('Grace Hopper').closest('tr') as HTMLElement;
    expect(within(graceRow).getByText('Active')).toBeTruthy();
  });

  it('says so when no one is waiting', async () => {
    fakeAdminApi((call) => {
      if (call.path === '/api/v1/admin/users' && call.query.get('status') === 'pending')
        return json(200, page([], { limit: 20 }));
      if (call.path === '/api/v1/admin/users') return json(200, page([admin]));
      return undefined;
    });
    renderApp('/app/admin');
    expect(await screen.findByRole('heading', { name: 'No one is waiting' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('shows the API refusal of an approval as it says it', async () => {
    fakeAdminApi((call) => {
      if (call.method === 'POST') {
        return json(409, {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'This person was invited and has not registered yet',
        });
      }
      if (call.path === '/api/v1/admin/users') return json(200, page([grace]));
      return undefined;
    });
    const { user } = renderApp('/app/admin');
    await user.click((await screen.findAllByRole('button', { name: 'Approve Grace Hopper' }))[0] as HTMLElement);
    expect(await screen.findByText('This person was invited and has not registered yet')).toBeTruthy();
  });

  it('filters everyone by status and pages through them, in the address', async () => {
    const calls = fakeAdminApi((call) => {
      if (call.path !== '/api/v1/admin/users') return undefined;
      if (call.query.get('status') === 'pending') return json(200, page([], { limit: 20 }));
      const pageNumber = Number(call.query.get('page') ?? 1);
      const status = call.query.get('status');
      const users = Array.from({ length: 25 }, (_, index) =>
        person(`u${pageNumber}-${index}`, `${status === 'invited' ? 'Invitee' : 'Person'} ${pageNumber}-${index}`, {
          status: status === 'invited' ? 'invited' : 'active',
        }),
      );
      return json(200, page(users, { total: 60, page: pageNumber }));
    });
    const { user, router } = renderApp('/app/admin');
    expect(await screen.findByText('1–25 of 60 users')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('26–50 of 60 users')).toBeTruthy();
    expect(await screen.findByText('Person 2-0')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');

    await user.selectOptions(screen.getByLabelText('Status'), 'invited');
    expect(await screen.findByText('Invitee 1-0')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=invited');
    const last = calls.filter((call) => call.path === '/api/v1/admin/users').at(-1);
    expect(last?.query.get('status')).toBe('invited');
    expect(last?.query.get('page')).toBe('1');
  });

  it('shows skeletons while loading, then an error with a retry', async () => {
    let fail = true;
    fakeAdminApi((call) => {
      if (call.path !== '/api/v1/admin/users') return undefined;
      if (call.query.get('status') === 'pending') return json(200, page([], { limit: 20 }));
      return fail
        ? json(500, { statusCode: 500, code: 'INTERNAL', message: 'Something broke on our side' })
        : json(200, page([admin]));
    });
    const { user } = renderApp('/app/admin');
    expect(await screen.findByRole('status', { name: 'Loading users…' })).toBeTruthy();
    expect(await screen.findByText('Could not load the users')).toBeTruthy();
    expect(screen.getByText('Something broke on our side')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ines Admin')).toBeTruthy();
  });

  it('shows what the API says when it refuses a session that lost its admin rights', async () => {
    fakeAdminApi((call) =>
      call.path.startsWith('/api/v1/admin/')
        ? json(403, { statusCode: 403, code: 'FORBIDDEN', message: 'Instance admins only' })
        : undefined,
    );
    renderApp('/app/admin');
    expect(await screen.findByText('Could not load the users')).toBeTruthy();
    expect(screen.getAllByText('Instance admins only').length).toBeGreaterThan(0);
  });
});
