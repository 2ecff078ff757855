import type { Audience, Role } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FetchCall, fakeAppApi, json, renderApp, signIn, testProject } from '../../test/render';

const PATH = '/app/projects/p1/audiences';
const API = '/api/v1/projects/p1/audiences';

const audience = (overrides: Partial<Audience> & Pick<Audience, 'key' | 'name'>): Audience => ({
  priority: 0,
  match: 'all',
  rules: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const FRENCH_MOBILE = audience({
  key: 'fr_mobile',
  name: 'French mobile',
  priority: 10,
  rules: [
    { attribute: 'country', op: 'eq', value: 'FR' },
    { attribute: 'device', op: 'eq', value: 'mobile' },
  ],
});
const PRO = audience({
  key: 'pro',
  name: 'Pro plan',
  priority: 1,
  match: 'any',
  rules: [
    { attribute: 'custom.plan', op: 'in', value: ['pro', 'team'] },
    { attribute: 'utm_source', op: 'exists', value: true },
  ],
});

function audiencesApi(
  handler: (call: FetchCall) => Response | undefined = () => undefined,
  { role = 'owner', list = [FRENCH_MOBILE, PRO] }: { role?: Role; list?: Audience[] } = {},
) {
  signIn();
  return fakeAppApi(
    (call) =>
      handler(call) ??
      (call.method === 'GET' && call.path === API
        ? json(200, { data: list, meta: { total: list.length, page: 1, limit: 100 } })
        : undefined),
    { projects: [testProject({ role })] },
  );
}

describe('audiences', () => {
  it('lists audiences by priority with their rules in words', async () => {
    audiencesApi();
    renderApp(PATH);
    const list = await screen.findByRole('list', { name: 'Audiences' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Pro plan', 'French mobile']);
    expect(within(rows[1] as HTMLElement).getByText('country is FR and device is mobile')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('plan is one of pro, team or utm source is sent')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/Priority 10/)).toBeTruthy();
  });

  it('says when there are none yet', async () => {
    audiencesApi(undefined, { list: [] });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No audiences yet' })).toBeTruthy();
  });

  it('says when the list could not be loaded', async () => {
    audiencesApi((call) => (call.method === 'GET' && call.path === API ? apiError(500, 'Database down') : undefined));
    renderApp(PATH);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the audiences.')).toBeTruthy();
  });

  it('creates an audience with two rules and sends the exact body', async () => {
    const calls = audiencesApi((call) =>
      call.method === 'POST' && call.path === API
        ? json(201, { data: audience({ key: 'fr_mobile', name: 'French mobile' }) })
        : undefined,
    );
    const { user } = renderApp(PATH);
    await screen.findByRole('list', { name: 'Audiences' });
    await user.click(screen.getByRole('button', { name: 'New audience' }));
    const dialog = await screen.findByRole('dialog', { name: 'New audience' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'French mobile');
    await user.type(within(dialog).getByRole('textbox', { name: /^Key/ }), 'fr_mobile');
    const priority = within(dialog).getByRole('spinbutton', { name: /Priority/ });
    await user.clear(priority);
    await user.type(priority, '5');
    await user.click(within(dialog).getByRole('radio', { name: 'Any rule' }));

    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    const first = within(dialog).getByRole('group', { name: 'Rule 1' });
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Attribute' }), 'country');
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Operator' }), 'in');
    await user.type(within(first).getByRole('textbox', { name: /Value/ }), 'FR, BE ,');

    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    const second = within(dialog).getByRole('group', { name: 'Rule 2' });
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Attribute' }), 'custom');
    await user.type(within(second).getByRole('textbox', { name: 'Custom name' }), 'plan');
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Operator' }), 'eq');
    await user.type(within(second).getByRole('textbox', { name: /Value/ }), 'pro');

    await user.click(within(dialog).getByRole('button', { name: 'Create audience' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      key: 'fr_mobile',
      name: 'French mobile',
      priority: 5,
      match: 'any',
      rules: [
        { attribute: 'country', op: 'in', value: ['FR', 'BE'] },
        { attribute: 'custom.plan', op: 'eq', value: 'pro' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New audience' })).toBeNull());
  });

  it('shows a taken key on the key field', async () => {
    audiencesApi((call) =>
      call.method === 'POST' && call.path === API
        ? json(409, { statusCode: 409, code: 'CONFLICT', message: 'An audience with the key "pro" already exists' })
        : undefined,
    );
    const { user } = renderApp(PATH);
    await screen.findByRole('list', { name: 'Audiences' });
    await user.click(screen.getByRole('button', { name: 'New audience' }));
    const dialog = await screen.findByRole('dialog', { name: 'New audience' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pro again');
    await user.type(within(dialog).getByRole('textbox', { name: /^Key/ }), 'pro');
    await user.click(within(dialog).getByRole('button', { name: 'Create audience' }));
    const key = within(dialog).getByRole('textbox', { name: /^Key/ });
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(key.getAttribute('aria-describedby')).toBeTruthy();
    const described = document.getElementById(key.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('An audience with the key "pro" already exists');
  });

  it('deletes an audience after confirmation', async () => {
    const calls = audiencesApi((call) => (call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
    const { user } = renderApp(PATH);
    await screen.findByRole('list', { name: 'Audiences' });
    await user.click(screen.getByRole('button', { name: 'Delete French mobile' }));
    const confirm = await screen.findByRole('dialog', { name: /Delete the audience “French mobile”/ });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete audience' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`${API}/fr_mobile`]),
    );
  });

  it('is read-only for an editor', async () => {
    audiencesApi(undefined, { role: 'editor' });
    renderApp(PATH);
    await screen.findByRole('list', { name: 'Audiences' });
    expect(screen.getByText('country is FR and device is mobile')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New audience' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.getByText(/Only owners and admins can change audiences/)).toBeTruthy();
  });
});
