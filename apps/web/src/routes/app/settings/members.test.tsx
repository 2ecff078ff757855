import type { Member, Project, Role } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastProjectId, rememberProject } from '../../../lib/current-project';
import {
  type FetchCall,
  fakeAppApi,
  json,
  renderApp,
  signIn,
  testMember,
  testProject,
  testUser,
} from '../../../test/render';

const PATH = '/app/projects/p1/settings/members';
const DAY = 24 * 3600_000;

/** Ada (the signed-in user, u1) owns the project; Grace is an admin, Linus a viewer, and one email is invited. */
const TEAM: Member[] = [
  testMember({ user_id: 'u1', email: testUser.email, name: testUser.name, role: 'owner' }),
  testMember({ user_id: 'u2', email: 'grace@example.com', name: 'Grace Hopper', role: 'admin' }),
  testMember({ user_id: 'u3', email: 'linus@example.com', name: 'Linus Torvalds', role: 'viewer' }),
  testMember({
    user_id: 'u4',
    email: 'new.person@example.com',
    name: 'new.person',
    status: 'invited',
    created_at: new Date(Date.now() - 2 * DAY).toISOString(),
  }),
];

const ACCOUNTS = new Map([['margaret@example.com', { user_id: 'u5', name: 'Margaret Hamilton' }]]);

/** A members API over an in-memory list: adding an email with an account makes an active member, others are invited. */
function serveMembers(
  options: { role?: Role; members?: Member[]; answer?: (call: FetchCall) => Response | undefined } = {},
) {
  let members = [...(options.members ?? TEAM)];
  const project: Project = testProject({ role: options.role ?? 'owner' });
  const calls = fakeAppApi(
    (call) => {
      const custom = options.answer?.(call);
      if (custom) return custom;
      const one = /^\/api\/v1\/projects\/p1\/members\/([^/]+)$/.exec(call.path)?.[1];
      if (call.path === '/api/v1/projects/p1/members' && call.method === 'GET') {
        return json(200, { data: members, meta: { total: members.length, page: 1, limit: 100 } });
      }
      if (call.path === '/api/v1/projects/p1/members' && call.method === 'POST') {
        const { email, role } = call.body as { email: string; role: Role };
        const account = ACCOUNTS.get(email);
        const added = testMember({
          user_id: account?.user_id ?? `new-${members.length}`,
          email,
          name: account?.name ?? email.split('@')[0] ?? email,
          role,
          status: account ? 'active' : 'invited',
          created_at: new Date().toISOString(),
        });
        members = [...members, added];
        return json(201, { data: added });
      }
      if (one && call.method === 'PATCH') {
        members = members.map((item) =>
          item.user_id === one ? { ...item, role: (call.body as { role: Role }).role } : item,
        );
        return json(200, { data: members.find((item) => item.user_id === one) });
      }
      if (one && call.method === 'DELETE') {
        members = members.filter((item) => item.user_id !== one);
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
    { projects: [project] },
  );
  return calls;
}

const rowOf = (name: string) => {
  const list = screen.getByRole('list', { name: 'Members' });
  const row = within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`No member row for ${name}`);
  return within(row);
};

const sent = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method);

describe('project settings: members', () => {
  it('lists the members with their roles and the signed-in user marked, and the pending invitations apart', async () => {
    signIn();
    serveMembers();
    renderApp(PATH);
    expect(await screen.findByRole('status', { name: 'Loading the members' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(rowOf('Ada Lovelace').getByText('You')).toBeTruthy();
    expect(rowOf('Ada Lovelace').getByText('ada@example.com')).toBeTruthy();
    expect(rowOf('Grace Hopper').getByText('Active')).toBeTruthy();
    expect(rowOf('Grace Hopper').getByText(/Joined/).textContent).toBe('Joined Feb 1, 2026');
    expect((rowOf('Grace Hopper').getByLabelText('Role of Grace Hopper') as HTMLSelectElement).value).toBe('admin');
    expect(screen.getByText('3 people have access to Marketing site.')).toBeTruthy();

    const invitations = screen.getByRole('list', { name: 'Pending invitations' });
    expect(within(invitations).getByText('new.person@example.com')).toBeTruthy();
    expect(within(invitations).getByText('Invited', { selector: 'span' })).toBeTruthy();
    expect(within(invitations).getByText('Editor')).toBeTruthy();
    expect(within(invitations).getByText('in 5 days')).toBeTruthy();
  });

  it('adds someone who has an account at once, and says so', async () => {
    signIn();
    const calls = serveMembers();
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText('Email address'), 'margaret@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'author');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));

    expect(
      await within(form).findByText('Margaret Hamilton already has an account and joined the project as author.'),
    ).toBeTruthy();
    expect(await screen.findByText('Margaret Hamilton was added to the project.')).toBeTruthy();
    expect(sent(calls, 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/v1/projects/p1/members',
        body: { email: 'margaret@example.com', role: 'author' },
      }),
    ]);
    expect(await screen.findByLabelText('Role of Margaret Hamilton')).toBeTruthy();
    expect((within(form).getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('invites an email without an account, which then waits among the pending invitations', async () => {
    signIn();
    serveMembers();
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText('Email address'), 'someone@newco.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(
      await within(form).findByText(
        'someone@newco.com has no Plinth account yet: we emailed them an invitation to join as editor. The link works once, for 7 days.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Invitation sent to someone@newco.com.')).toBeTruthy();
    const invitations = screen.getByRole('list', { name: 'Pending invitations' });
    expect(await within(invitations).findByText('someone@newco.com')).toBeTruthy();
  });

  it('checks the email before sending, and shows the server’s refusal', async () => {
    signIn();
    const calls = serveMembers({
      answer: (call) =>
        call.method === 'POST'
          ? json(409, {
              statusCode: 409,
              code: 'CONFLICT',
              message: 'grace@example.com is already a member of this project',
            })
          : undefined,
    });
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Enter an email address')).toBeTruthy();
    await user.type(within(form).getByLabelText('Email address'), 'not an email');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Enter a valid email address')).toBeTruthy();
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Email address'));
    await user.type(within(form).getByLabelText('Email address'), 'grace@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('grace@example.com is already a member of this project')).toBeTruthy();
  });

  it("changes a member's role, and asks before making someone an owner", async () => {
    signIn();
    const calls = serveMembers();
    const { user } = renderApp(PATH);
    await user.selectOptions(await screen.findByLabelText('Role of Linus Torvalds'), 'editor');
    expect(await screen.findByText('Linus Torvalds is now an editor.')).toBeTruthy();
    expect(sent(calls, 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/v1/projects/p1/members/u3', body: { role: 'editor' } }),
    ]);

    await user.selectOptions(screen.getByLabelText('Role of Grace Hopper'), 'owner');
    const dialog = await screen.findByRole('dialog', { name: 'Make this member an owner?' });
    expect(sent(calls, 'PATCH')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }));
    expect(await screen.findByText('Grace Hopper is now an owner.')).toBeTruthy();
    expect(sent(calls, 'PATCH')[1]).toMatchObject({ path: '/api/v1/projects/p1/members/u2', body: { role: 'owner' } });
  });

  it('keeps the last owner: their role and leaving are disabled, with the rule said', async () => {
    signIn();
    serveMembers();
    renderApp(PATH);
    const own = (await screen.findByLabelText('Role of Ada Lovelace')) as HTMLSelectElement;
    expect(own.disabled).toBe(true);
    const reason = document.getElementById(own.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain('A project always keeps at least one owner');
    expect(rowOf('Ada Lovelace').queryByRole('button', { name: /Remove/ })).toBeNull();

    const leave = screen.getByRole('region', { name: 'Leave project' });
    expect((within(leave).getByRole('button', { name: 'Leave project' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(leave).getByText(/You are its only owner/)).toBeTruthy();
    // The rule is explained with the roles too.
    expect(screen.getByRole('region', { name: 'Roles' }).textContent).toContain('At least one owner.');
  });

  it('shows an admin that owners are out of reach, and offers no owner role', async () => {
    signIn();
    serveMembers({
      role: 'admin',
      members: [
        testMember({ user_id: 'u2', email: 'grace@example.com', name: 'Grace Hopper', role: 'owner' }),
        testMember({ user_id: 'u1', email: testUser.email, name: testUser.name, role: 'admin' }),
        testMember({ user_id: 'u3', email: 'linus@example.com', name: 'Linus Torvalds', role: 'viewer' }),
      ],
    });
    renderApp(PATH);
    const owner = (await screen.findByLabelText('Role of Grace Hopper')) as HTMLSelectElement;
    expect(owner.disabled).toBe(true);
    expect(rowOf('Grace Hopper').getByText('Only an owner can change or remove an owner.')).toBeTruthy();
    expect(
      (rowOf('Grace Hopper').getByRole('button', { name: 'Remove Grace Hopper' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      rowOf('Ada Lovelace').getByText('You cannot change your own role; another owner or admin can.'),
    ).toBeTruthy();
    const ownerOption = within(screen.getByLabelText('Role of Linus Torvalds')).getByRole('option', {
      name: 'Owner (owners only)',
    }) as HTMLOptionElement;
    expect(ownerOption.disabled).toBe(true);
    const invite = screen.getByRole('form', { name: 'Invite a member' });
    expect((within(invite).getByRole('option', { name: 'Owner (owners only)' }) as HTMLOptionElement).disabled).toBe(
      true,
    );
  });

  it('removes a member after asking', async () => {
    signIn();
    const calls = serveMembers();
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Remove Linus Torvalds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this member?' });
    expect(within(dialog).getByText(/loses access to Marketing site at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Linus Torvalds was removed from the project.')).toBeTruthy();
    expect(sent(calls, 'DELETE')).toEqual([expect.objectContaining({ path: '/api/v1/projects/p1/members/u3' })]);
    await waitFor(() => expect(screen.queryByLabelText('Role of Linus Torvalds')).toBeNull());
  });

  it('revokes a pending invitation', async () => {
    signIn();
    const calls = serveMembers();
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation to new.person@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText('The invitation to new.person@example.com was revoked.')).toBeTruthy();
    expect(sent(calls, 'DELETE')).toEqual([expect.objectContaining({ path: '/api/v1/projects/p1/members/u4' })]);
    expect(await screen.findByText(/No pending invitations/)).toBeTruthy();
  });

  it('marks an invitation whose link has expired', async () => {
    signIn();
    serveMembers({
      members: [
        TEAM[0] as Member,
        testMember({
          user_id: 'u9',
          email: 'late@example.com',
          name: 'late',
          status: 'invited',
          created_at: new Date(Date.now() - 9 * DAY).toISOString(),
        }),
      ],
    });
    renderApp(PATH);
    const invitations = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(invitations).getByText('Link expired')).toBeTruthy();
  });

  it('lets an owner leave when another owner remains, then goes to the projects', async () => {
    signIn();
    rememberProject('p1');
    const calls = serveMembers({
      members: [
        testMember({ user_id: 'u1', email: testUser.email, name: testUser.name, role: 'owner' }),
        testMember({ user_id: 'u2', email: 'grace@example.com', name: 'Grace Hopper', role: 'owner' }),
      ],
    });
    const { user, router } = renderApp(PATH);
    const leave = await screen.findByRole('region', { name: 'Leave project' });
    await waitFor(() =>
      expect((within(leave).getByRole('button', { name: 'Leave project' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(within(leave).getByRole('button', { name: 'Leave project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this project?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave project' }));
    expect(await screen.findByText('You left the project.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects'));
    expect(sent(calls, 'DELETE')).toEqual([expect.objectContaining({ path: '/api/v1/projects/p1/members/u1' })]);
    expect(lastProjectId()).toBeNull();
  });

  it('shows a viewer the members read-only', async () => {
    signIn();
    serveMembers({
      role: 'viewer',
      members: [
        testMember({ user_id: 'u2', email: 'grace@example.com', name: 'Grace Hopper', role: 'owner' }),
        testMember({ user_id: 'u1', email: testUser.email, name: testUser.name, role: 'viewer' }),
        testMember({ user_id: 'u4', email: 'new.person@example.com', name: 'new.person', status: 'invited' }),
      ],
    });
    renderApp(PATH);
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Revoke/ })).toBeNull();
    expect(rowOf('Grace Hopper').getByText('Owner')).toBeTruthy();
    expect(rowOf('Ada Lovelace').getByText('Viewer')).toBeTruthy();
    const leave = screen.getByRole('region', { name: 'Leave project' });
    expect(
      within(leave).getByText('To leave this project, ask one of its owners or admins to remove you.'),
    ).toBeTruthy();
    expect(within(leave).queryByRole('button')).toBeNull();
  });

  it('says when the members could not be loaded, and tries again', async () => {
    signIn();
    let fail = true;
    serveMembers({
      answer: (call) =>
        call.path === '/api/v1/projects/p1/members' && fail
          ? json(500, { statusCode: 500, code: 'INTERNAL', message: 'The database is not answering' })
          : undefined,
    });
    const { user } = renderApp(PATH);
    expect(await screen.findByText('We could not load the members of this project.')).toBeTruthy();
    expect(screen.getByText('The database is not answering')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Members' })).toBeTruthy();
  });

  it('says when nobody has joined and nothing is pending', async () => {
    signIn();
    serveMembers({ members: [] });
    renderApp(PATH);
    expect(await screen.findByText('Nobody has joined yet')).toBeTruthy();
    expect(screen.getByText(/No pending invitations/)).toBeTruthy();
  });

  it('loads more members when the project has more than a page', async () => {
    signIn();
    const many = Array.from({ length: 100 }, (_, index) =>
      testMember({ user_id: `m${index}`, email: `m${index}@example.com`, name: `Member ${index}` }),
    );
    const calls = serveMembers({
      answer: (call) => {
        if (call.path !== '/api/v1/projects/p1/members' || call.method !== 'GET') return undefined;
        const pages = calls.filter((item) => item.path === call.path && item.method === 'GET').length;
        return pages === 1
          ? json(200, { data: many, meta: { total: 101, page: 1, limit: 100 } })
          : json(200, { data: [TEAM[0]], meta: { total: 101, page: 2, limit: 100 } });
      },
    });
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Load more (100 of 101 shown)' }));
    expect(await screen.findByText('You')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
  });
});
