import type { ApiToken, Collection, CreateApiTokenBody, CreatedApiToken, Role } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  type FetchCall,
  fakeAppApi,
  json,
  renderApp,
  signIn,
  testCollection,
  testMember,
  testProject,
  testUser,
} from '../../test/render';

const PATH = '/app/projects/p1/api-tokens';
const TOKENS = '/api/v1/projects/p1/api-tokens';
const DAY = 86_400_000;

const token = (overrides: Partial<ApiToken> & Pick<ApiToken, 'id' | 'name'>): ApiToken => ({
  scopes: ['content:read'],
  token_prefix: `plt_${overrides.id.padEnd(8, 'x')}`,
  expires_at: null,
  last_used_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
  created_by: 'u1',
  ...overrides,
});

const MEMBERS = [
  testMember({ user_id: 'u1', email: testUser.email, name: testUser.name, role: 'owner' }),
  testMember({ user_id: 'u2', email: 'grace@example.com', name: 'Grace Hopper', role: 'admin' }),
];

const TWO_TOKENS: ApiToken[] = [
  token({
    id: 'tk1',
    name: 'Website build',
    scopes: ['media:read', 'content:read'],
    last_used_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    created_by: 'u2',
  }),
  token({
    id: 'tk2',
    name: 'Preview server',
    scopes: ['content:preview'],
    created_at: '2026-03-05T10:00:00.000Z',
    expires_at: new Date(Date.now() + 3 * DAY).toISOString(),
  }),
];

/**
 * The tokens API over an in-memory list (create adds one and returns its secret once; revoke
 * removes it), with the members and collections the screen also reads.
 */
function serveTokens(
  options: {
    role?: Role;
    tokens?: ApiToken[];
    collections?: Collection[];
    answer?: (call: FetchCall) => Response | undefined;
  } = {},
) {
  let tokens = [...(options.tokens ?? TWO_TOKENS)];
  return fakeAppApi(
    (call) => {
      const custom = options.answer?.(call);
      if (custom) return custom;
      if (call.path === TOKENS && call.method === 'GET') {
        return json(200, { data: tokens, meta: { total: tokens.length, page: 1, limit: 100 } });
      }
      if (call.path === TOKENS && call.method === 'POST') {
        const body = call.body as CreateApiTokenBody;
        const created: CreatedApiToken = {
          id: 'tk-new',
          name: body.name,
          scopes: body.scopes,
          token: 'plt_SECRETsecretSECRETsecret0123456789abcdefgh',
          token_prefix: 'plt_SECRETse',
          expires_at: body.expires_at ?? null,
          created_at: new Date().toISOString(),
        };
        tokens = [{ ...created, last_used_at: null, created_by: 'u1' }, ...tokens];
        return json(201, { data: created });
      }
      const one = new RegExp(`^${TOKENS}/([^/]+)$`).exec(call.path)?.[1];
      if (one && call.method === 'DELETE') {
        tokens = tokens.filter((item) => item.id !== one);
        return new Response(null, { status: 204 });
      }
      if (call.path === '/api/v1/projects/p1/members') {
        return json(200, { data: MEMBERS, meta: { total: MEMBERS.length, page: 1, limit: 100 } });
      }
      if (call.path === '/api/v1/projects/p1/collections') {
        return json(200, { data: options.collections ?? [] });
      }
      return undefined;
    },
    { projects: [testProject({ role: options.role ?? 'owner' })] },
  );
}

const tokenRow = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'API tokens' });
  const row = within(list)
    .getAllByRole('listitem')
    .find((item) => item.querySelector('h3')?.textContent?.includes(name));
  if (!row) throw new Error(`No token row for ${name}`);
  return within(row);
};

const sent = (calls: FetchCall[], method: string, path = TOKENS) =>
  calls.filter((call) => call.method === method && call.path.startsWith(path));

describe('API tokens', () => {
  it('shows a skeleton, then each token with its prefix, scopes, creator, last use and expiry', async () => {
    signIn();
    serveTokens();
    renderApp(PATH);
    expect(await screen.findByRole('status', { name: 'Loading API tokens' })).toBeTruthy();

    const website = await tokenRow('Website build');
    expect(website.getByText('plt_tk1xxxxx…')).toBeTruthy();
    const scopes = website.getByRole('list', { name: 'Scopes of Website build' });
    // In the contract's order, whatever order the token lists them in.
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Read content', 'Read media']);
    expect(website.getByText(/by Grace Hopper/)).toBeTruthy();
    expect(website.getByText('Last used')).toBeTruthy();
    expect(website.getByText('2 hours ago')).toBeTruthy();
    expect(website.getByText(/Never expires/)).toBeTruthy();

    const preview = await tokenRow('Preview server');
    expect(preview.getByText('Never used')).toBeTruthy();
    expect(preview.getByText(/by you/)).toBeTruthy();
    expect(preview.getByText('Expires in 3 days')).toBeTruthy();
    expect(screen.getByText(/2 tokens, newest first/)).toBeTruthy();
    // Newest first.
    const names = within(screen.getByRole('list', { name: 'API tokens' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names[0]).toContain('Preview server');
  });

  it('shows the project ID and its API addresses to copy, for any role', async () => {
    signIn();
    serveTokens({ role: 'viewer' });
    renderApp(PATH);
    const connect = await screen.findByRole('region', { name: 'Connect to this project' });
    expect(within(connect).getByText('p1')).toBeTruthy();
    expect(within(connect).getByText(`${window.location.origin}/api/v1/projects/p1`)).toBeTruthy();
    expect(within(connect).getByText(`${window.location.origin}/api/v1/projects/p1/graphql`)).toBeTruthy();
    expect(within(connect).getByRole('button', { name: 'Copy project ID' })).toBeTruthy();
  });

  it('offers to create the first token when there is none', async () => {
    signIn();
    serveTokens({ tokens: [] });
    const { user } = renderApp(PATH);
    expect(await screen.findByText('No API tokens yet')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Create token' });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Create an API token' })).toBeTruthy();
  });

  it('says when the list cannot be loaded, and loads it again on request', async () => {
    signIn();
    let failures = 1;
    serveTokens({
      answer: (call) =>
        call.path === TOKENS && call.method === 'GET' && failures-- > 0
          ? apiError(500, 'The database is not answering.')
          : undefined,
    });
    const { user } = renderApp(PATH);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the API tokens.')).toBeTruthy();
    expect(within(alert).getByText('The database is not answering.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await tokenRow('Website build')).toBeTruthy();
  });

  it('creates a token with scopes and expiry, shows it once with examples holding the project ID, then lists it', async () => {
    signIn();
    const calls = serveTokens({
      collections: [
        testCollection({ slug: 'blog_posts', singular: 'blog_post' }),
        testCollection({ slug: 'authors', singular: 'author' }),
      ],
    });
    const { user } = renderApp(PATH);
    await tokenRow('Website build');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Mobile app');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read media/ }));
    await user.click(within(dialog).getByRole('radio', { name: '30 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByRole('dialog', { name: 'Token “Mobile app” created' });
    const [post] = sent(calls, 'POST');
    const body = post?.body as CreateApiTokenBody;
    expect(body.name).toBe('Mobile app');
    expect(body.scopes).toEqual(['content:read', 'media:read']);
    const days = (Date.parse(body.expires_at ?? '') - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const value = within(secret).getByLabelText('API token') as HTMLInputElement;
    expect(value.value).toBe('plt_SECRETsecretSECRETsecret0123456789abcdefgh');
    expect(within(secret).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    expect(within(secret).getByText(/will not be shown again/)).toBeTruthy();

    // The examples hold the real project ID, the API's origin, the token and a real collection:
    // the first collection in the model (its GraphQL list field named as the server names it).
    const origin = window.location.origin;
    const tabs = within(secret).getByRole('tablist', { name: 'Example language' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['curl', 'JavaScript', 'SDK', 'GraphQL']);
    const code = () => within(secret).getByRole('tabpanel').textContent ?? '';
    expect(code()).toContain(`curl "${origin}/api/v1/projects/p1/collections/blog_posts/documents?limit=5"`);
    expect(code()).toContain('Authorization: Bearer plt_SECRETsecretSECRETsecret0123456789abcdefgh');
    await user.click(within(tabs).getByRole('tab', { name: 'JavaScript' }));
    expect(code()).toContain(`'${origin}/api/v1/projects/p1/collections/blog_posts/documents?limit=5'`);
    await user.click(within(tabs).getByRole('tab', { name: 'SDK' }));
    expect(code()).toContain("import { createClient } from '@plinth/sdk';");
    expect(code()).toContain("projectId: 'p1'");
    expect(code()).toContain(`url: '${origin}'`);
    expect(code()).toContain("plinth.collection('blog_posts').list({ limit: 5 })");
    await user.click(within(tabs).getByRole('tab', { name: 'GraphQL' }));
    expect(code()).toContain(`curl -X POST "${origin}/api/v1/projects/p1/graphql"`);
    expect(code()).toContain('blogPosts(limit: 5)');

    // Escape does not lose the secret: it says why, and only the explicit button closes.
    await user.keyboard('{Escape}');
    expect(await within(secret).findByText(/This token will not be shown again. Copy it first/)).toBeTruthy();
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue('plt_SECRETsecretSECRETsecret0123456789abcdefgh')).toBeNull();

    const created = await tokenRow('Mobile app');
    expect(created.getByText('plt_SECRETse…')).toBeTruthy();
    expect(screen.getByText('Token “Mobile app” created.')).toBeTruthy();
  });

  it('checks the form, and shows the server’s refusal beside its field without losing the input', async () => {
    signIn();
    const calls = serveTokens({
      answer: (call) =>
        call.path === TOKENS && call.method === 'POST'
          ? apiError(400, 'expires_at must be in the future', [
              { path: 'expires_at', message: 'must be in the future' },
            ])
          : undefined,
    });
    const { user } = renderApp(PATH);
    await tokenRow('Website build');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Read content/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Give the token a name')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope')).toBeTruthy();
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Nightly export');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read content/ }));
    await user.click(within(dialog).getByRole('radio', { name: '1 year' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Expiry must be in the future')).toBeTruthy();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Nightly export');
    expect(screen.queryByRole('dialog', { name: /created/ })).toBeNull();
  });

  it('revokes a token only after confirming', async () => {
    signIn();
    const calls = serveTokens();
    const { user } = renderApp(PATH);
    await user.click((await tokenRow('Website build')).getByRole('button', { name: 'Revoke Website build' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke “Website build”?' });
    expect(within(dialog).getByText(/refused from the moment you revoke it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'DELETE')).toHaveLength(0);

    await user.click((await tokenRow('Website build')).getByRole('button', { name: 'Revoke Website build' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke “Website build”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('Token revoked. Requests that use it are refused from now on.')).toBeTruthy();
    expect(sent(calls, 'DELETE').map((call) => call.path)).toEqual([`${TOKENS}/tk1`]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Website build/ })).toBeNull());
    expect(await tokenRow('Preview server')).toBeTruthy();
  });

  it('explains to a viewer that only owners and admins manage tokens, and never asks for them', async () => {
    signIn();
    const calls = serveTokens({ role: 'viewer' });
    renderApp(PATH);
    expect(await screen.findByText('Your role cannot manage API tokens')).toBeTruthy();
    expect(screen.getByText(/Only owners or admins of the project can/)).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create token' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(create.title).toBe('Only owners and admins can create tokens');
    expect(screen.queryByRole('list', { name: 'API tokens' })).toBeNull();
    expect(sent(calls, 'GET')).toHaveLength(0);
  });
});
