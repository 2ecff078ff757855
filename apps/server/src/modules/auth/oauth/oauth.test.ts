import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminUser, LoginResponse, OAuthProviderList, User } from '@plinth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness.js';
import { FAKE_CLIENT_SECRET, type FakePerson, type FakeProvider, startFakeProvider } from '../../../test/oauth.js';

type ProviderId = 'github' | 'google' | 'oidc';
const PROVIDERS: ProviderId[] = ['github', 'google', 'oidc'];
const callbackUrl = (provider: string) => `http://plinth.test/auth/${provider}/callback`;

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => fake.close());

let subjects = 1000;
/** A person with a fresh account at the provider (verified email unless told otherwise). */
const person = (overrides: Partial<FakePerson> = {}): FakePerson => ({
  subject: String(subjects++),
  email: uniqueEmail('social'),
  emailVerified: true,
  name: 'Grace Hopper',
  picture: 'https://avatars.example.com/grace.png',
  ...overrides,
});

describe('sign-in with GitHub, Google and OpenID Connect', () => {
  const apps: TestApp[] = [];
  let clock = createTestClock();
  /** An app whose providers are the fake (the env can turn some off or change them), on a fresh clock. */
  const start = async (env: Record<string, string> = {}) => {
    clock = createTestClock();
    const t = await createTestApp({ env: { ...fake.env, ...env }, clock: clock.clock });
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  const startSignIn = (t: TestApp, provider: string, redirectUri: string | null = callbackUrl(provider)) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oauth/${provider}/start`,
      query: redirectUri === null ? {} : { redirect_uri: redirectUri },
    });

  /** Follows the start redirect; returns the authorization URL and the state in it. */
  async function begin(t: TestApp, provider: ProviderId) {
    const answer = await startSignIn(t, provider);
    expect(answer.statusCode, answer.body).toBe(302);
    const location = String(answer.headers.location);
    return { location, state: new URL(location).searchParams.get('state') ?? '' };
  }

  const finish = (t: TestApp, provider: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/auth/oauth/${provider}/callback`, payload });

  /** The whole journey: start, sign in at the provider as `who`, come back with the code. */
  async function signInWith(t: TestApp, provider: ProviderId, who: FakePerson): Promise<LightMyRequestResponse> {
    const { location, state } = await begin(t, provider);
    return finish(t, provider, { code: fake.authorize(location, who), state });
  }

  const userCount = async (t: TestApp) =>
    Number(
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists only the configured providers, with the name their button shows', async () => {
    const none = await createTestApp();
    apps.push(none);
    const empty = await none.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/providers' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: [] });

    const t = await start();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/providers' })).json<OAuthProviderList>(),
    ).toEqual({
      data: [
        { id: 'github', name: 'GitHub' },
        { id: 'google', name: 'Google' },
        { id: 'oidc', name: 'Acme SSO' },
      ],
    });
  });

  it('answers 404 for a provider that is not configured, or unknown', async () => {
    const t = await start({ GITHUB_CLIENT_ID: '', GITHUB_CLIENT_SECRET: '' });
    const started = expectError(await startSignIn(t, 'github'), 404, 'NOT_FOUND');
    expect(started.message).toBe('Sign-in with GitHub is not configured on this instance');
    const finished = expectError(await finish(t, 'github', { code: 'c', state: 's' }), 404, 'NOT_FOUND');
    expect(finished.message).toBe('Sign-in with GitHub is not configured on this instance');
    const unknown = expectError(await startSignIn(t, 'myspace'), 404, 'NOT_FOUND');
    expect(unknown.message).toBe('Unknown sign-in provider; use github, google or oidc');
    // Names of object properties are not providers either.
    expectError(await finish(t, 'constructor', { code: 'c', state: 's' }), 404, 'NOT_FOUND');
  });

  it.each([
    ['github', `/login/oauth/authorize`, 'read:user user:email'],
    ['google', '/google/authorize', 'openid email profile'],
    ['oidc', '/oidc/authorize', 'openid email profile'],
  ] as const)('redirects to %s with a fresh state and an S256 PKCE challenge', async (provider, path, scope) => {
    const t = await start();
    const first = await begin(t, provider);
    const url = new URL(first.location);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}${path}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'plinth-client',
      redirect_uri: callbackUrl(provider),
      scope,
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/^[\w-]{43}$/),
      ...(provider === 'github' ? {} : { response_type: 'code', prompt: 'select_account' }),
    });
    expect(url.searchParams.has('client_secret')).toBe(false);
    const second = new URL((await begin(t, provider)).location).searchParams;
    expect(second.get('state')).not.toBe(first.state);
    expect(second.get('code_challenge')).not.toBe(url.searchParams.get('code_challenge'));
  });

  it('refuses a redirect_uri that is not the web app callback of this provider', async () => {
    const t = await start();
    for (const uri of [
      'https://evil.example/auth/github/callback',
      'http://plinth.test.evil.example/auth/github/callback',
      'http://plinth.test/auth/google/callback',
      'http://plinth.test/auth/github/callback/../../app',
      'http://plinth.test/auth/github/callback?next=https://evil.example',
      'not a url',
    ]) {
      const body = expectError(await startSignIn(t, 'github', uri), 400, 'VALIDATION_FAILED');
      expect(body.details).toEqual([{ path: 'redirect_uri', message: `must be ${callbackUrl('github')}` }]);
    }
    const missing = expectError(await startSignIn(t, 'github', null), 400, 'VALIDATION_FAILED');
    expect(missing.details?.[0]?.path).toBe('redirect_uri');
  });

  it.each(PROVIDERS)(
    'signs a new person in with %s: the login body works on /auth/me and refresh',
    async (provider) => {
      const t = await start();
      const grace = person();
      const answer = await signInWith(t, provider, grace);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json<LoginResponse>();
      expect(body).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.stringMatching(/^prt_/),
        token_type: 'Bearer',
        expires_in: 900,
        user: {
          id: expect.any(String),
          email: grace.email,
          name: 'Grace Hopper',
          avatar_url: 'https://avatars.example.com/grace.png',
          // The first user of a fresh instance becomes its admin, as with registration.
          is_admin: true,
          created_at: '2026-11-22T10:00:00.000Z',
        },
      });
      const me = await call(t.app, body.access_token, { method: 'GET', url: '/api/v1/auth/me' });
      expect(me.statusCode).toBe(200);
      // Signed up through the provider: no password to sign in with.
      expect(me.json<User>()).toEqual({ ...body.user, has_password: false });
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: body.refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
      // The account has no password: password sign-in is refused like any wrong password.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: grace.email, password: 'whatever1' },
      });
      expectError(login, 401, 'UNAUTHENTICATED');
    },
  );

  it('signs the same user in again, even after the email changed at the provider', async () => {
    const t = await start();
    await signUp(t.app); // the admin, so the social user is an ordinary one
    const linus = person({ name: '', login: 'torvalds', picture: undefined });
    const first = await signInWith(t, 'github', linus);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<LoginResponse>().user).toMatchObject({ name: 'torvalds', avatar_url: null, is_admin: false });
    const again = await signInWith(t, 'github', { ...linus, email: uniqueEmail('renamed') });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<LoginResponse>().user).toEqual(first.json<LoginResponse>().user);
    expect(await userCount(t)).toBe(2);
    // Another provider's account with the same subject is someone else.
    const stranger = await signInWith(t, 'oidc', person({ subject: linus.subject }));
    expect(stranger.json<LoginResponse>().user.id).not.toBe(first.json<LoginResponse>().user.id);
  });

  it('links an existing account with the same verified email, which keeps its password', async () => {
    const t = await start();
    const ada = await signUp(t.app, { name: 'Ada', email: uniqueEmail('ada') });
    const answer = await signInWith(t, 'google', person({ email: ada.email.toUpperCase(), name: 'Ada L.' }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<LoginResponse>().user).toMatchObject({ id: ada.userId, email: ada.email, name: 'Ada' });
    expect(await userCount(t)).toBe(1);
    await signIn(t.app, ada.email, ada.password);
  });

  it('lists the linked providers and unlinks one while another way to sign in is left', async () => {
    const t = await start();
    await signUp(t.app); // the admin, so the social user is an ordinary one
    const grace = person();
    const signedIn = await signInWith(t, 'github', grace);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json<LoginResponse>().access_token;
    // Google with the same verified email links the same account.
    expect((await signInWith(t, 'google', person({ email: grace.email }))).statusCode).toBe(200);
    const identities = () => call(t.app, session, { method: 'GET', url: '/api/v1/auth/me/identities' });
    const unlink = (provider: string) =>
      call(t.app, session, { method: 'DELETE', url: `/api/v1/auth/me/identities/${provider}` });
    const listed = await identities();
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      data: [
        { provider: 'github', email: grace.email, linked_at: '2026-11-22T10:00:00.000Z' },
        { provider: 'google', email: grace.email, linked_at: '2026-11-22T10:00:00.000Z' },
      ],
    });

    // Not linked, or no such provider: 404.
    expectError(await unlink('oidc'), 404, 'NOT_FOUND');
    expectError(await unlink('myspace'), 404, 'NOT_FOUND');
    expect((await unlink('github')).statusCode).toBe(204);
    expect((await identities()).json().data.map((identity: { provider: string }) => identity.provider)).toEqual([
      'google',
    ]);
    // Google is now the only way in: refused, with a sentence saying what to do.
    const refused = expectError(await unlink('google'), 409, 'CONFLICT');
    expect(refused.message).toBe(
      'Signing in with Google is the only way into this account; set a password or link another provider before unlinking it',
    );

    // A password set without a current one (there is none) makes it another way in.
    const me = () => call(t.app, session, { method: 'GET', url: '/api/v1/auth/me' });
    expect((await me()).json()).toMatchObject({ has_password: false });
    const password = 'a password of her own';
    const set = await call(t.app, session, {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { new_password: password },
    });
    expect(set.statusCode, set.body).toBe(204);
    expect((await me()).json()).toMatchObject({ has_password: true });
    expect((await unlink('google')).statusCode).toBe(204);
    expect((await identities()).json()).toEqual({ data: [] });
    await signIn(t.app, grace.email, password);
    // Signing in with GitHub again links it again, through the verified email.
    expect((await signInWith(t, 'github', grace)).json<LoginResponse>().user.email).toBe(grace.email);
    expect((await identities()).json().data).toHaveLength(1);
  });

  it('keeps identities to signed-in people: API tokens get a 403, no credential a 401', async () => {
    const t = await start();
    const owner = await signUp(t.app);
    const project = await call(t.app, owner, { method: 'POST', url: '/api/v1/projects', payload: { name: 'P' } });
    const token = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${project.json().data.id}/api-tokens`,
      payload: { name: 'T', scopes: ['content:read'] },
    });
    const apiToken = token.json().data.token as string;
    for (const [method, url] of [
      ['GET', '/api/v1/auth/me/identities'],
      ['DELETE', '/api/v1/auth/me/identities/github'],
    ] as const) {
      expectError(await call(t.app, apiToken, { method, url }), 403, 'FORBIDDEN');
      expectError(await call(t.app, null, { method, url }), 401, 'UNAUTHENTICATED');
    }
    // A name longer than any provider's is refused as input.
    expectError(
      await call(t.app, owner, { method: 'DELETE', url: `/api/v1/auth/me/identities/${'x'.repeat(41)}` }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('registers someone invited to a project when they first sign in with a provider', async () => {
    const t = await start({ PLINTH_REGISTRATION: 'closed' });
    const owner = await signUp(t.app);
    const project = await call(t.app, owner, { method: 'POST', url: '/api/v1/projects', payload: { name: 'Docs' } });
    const projectId = project.json().data.id as string;
    const email = uniqueEmail('invitee');
    const invited = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email, role: 'editor' },
    });
    expect(invited.statusCode).toBe(201);
    const answer = await signInWith(t, 'oidc', person({ email, name: 'Invited Ian' }));
    expect(answer.statusCode, answer.body).toBe(200);
    const session = answer.json<LoginResponse>();
    expect(session.user).toMatchObject({ email, name: 'Invited Ian', is_admin: false });
    const projects = await call(t.app, session.access_token, { method: 'GET', url: '/api/v1/projects' });
    expect(projects.json().data.map((p: { id: string }) => p.id)).toEqual([projectId]);
  });

  it.each(['github', 'google', 'oidc'] as const)('refuses an email that %s has not verified', async (provider) => {
    const t = await start();
    const answer = await signInWith(t, provider, person({ emailVerified: false }));
    const body = expectError(answer, 403, 'FORBIDDEN');
    expect(body.message).toMatch(/account has no verified email address; verify one there and try again$/);
    expect(await userCount(t)).toBe(0);
  });

  it('accepts a state once, for its own provider, within 10 minutes', async () => {
    const t = await start();
    const grace = person();
    const expectInvalidState = (answer: LightMyRequestResponse) => {
      const body = expectError(answer, 400, 'VALIDATION_FAILED');
      expect(body.message).toBe('This sign-in link is invalid, was already used or has expired; please start again');
      expect(body.details).toEqual([{ path: 'state', message: 'is invalid or has expired' }]);
    };

    const used = await begin(t, 'github');
    const code = fake.authorize(used.location, grace);
    expect((await finish(t, 'github', { code, state: used.state })).statusCode).toBe(200);
    expectInvalidState(await finish(t, 'github', { code, state: used.state }));
    expectInvalidState(await finish(t, 'github', { code: 'c', state: 'never-issued' }));

    // A state issued for GitHub is no good on Google's callback, and is spent by the attempt.
    const crossed = await begin(t, 'github');
    expectInvalidState(await finish(t, 'google', { code: 'c', state: crossed.state }));
    expectInvalidState(
      await finish(t, 'github', { code: fake.authorize(crossed.location, grace), state: crossed.state }),
    );

    const late = await begin(t, 'google');
    const lateCode = fake.authorize(late.location, grace);
    clock.advance(10 * 60_000);
    expectInvalidState(await finish(t, 'google', { code: lateCode, state: late.state }));

    const inTime = await begin(t, 'google');
    clock.advance(10 * 60_000 - 1000);
    expect(
      (await finish(t, 'google', { code: fake.authorize(inTime.location, grace), state: inTime.state })).statusCode,
    ).toBe(200);
  });

  it('sends the PKCE verifier of the attempt: a code from another attempt is refused by the provider', async () => {
    const t = await start();
    const a = await begin(t, 'oidc');
    const b = await begin(t, 'oidc');
    const stolen = fake.authorize(a.location, person());
    const body = expectError(await finish(t, 'oidc', { code: stolen, state: b.state }), 400, 'VALIDATION_FAILED');
    expect(body.message).toBe('Acme SSO did not accept this sign-in; please start again');
    expect(await userCount(t)).toBe(0);
  });

  it('follows the registration mode for new people, and always lets existing accounts in', async () => {
    const closed = await start({ PLINTH_REGISTRATION: 'closed' });
    // A fresh instance still gets its first user (the admin).
    expect((await signInWith(closed, 'github', person())).json<LoginResponse>().user.is_admin).toBe(true);
    const refused = expectError(await signInWith(closed, 'github', person()), 403, 'FORBIDDEN');
    expect(refused.message).toBe('Registration is closed on this instance');
    expect(await userCount(closed)).toBe(1);

    const approval = await start({ PLINTH_REGISTRATION: 'approval' });
    const admin = await signUp(approval.app);
    const waiting = person();
    for (let attempt = 0; attempt < 2; attempt++) {
      const pending = expectError(await signInWith(approval, 'google', waiting), 403, 'FORBIDDEN');
      expect(pending.message).toBe('Your account is awaiting approval');
    }
    const users = await call(approval.app, admin, { method: 'GET', url: '/api/v1/admin/users?status=pending' });
    const [pendingUser] = users.json<{ data: AdminUser[] }>().data;
    expect(pendingUser).toMatchObject({ email: waiting.email, status: 'pending' });
    const url = `/api/v1/admin/users/${pendingUser?.id}/approve`;
    expect((await call(approval.app, admin, { method: 'POST', url })).statusCode).toBe(200);
    const approved = await signInWith(approval, 'google', waiting);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<LoginResponse>().user.id).toBe(pendingUser?.id);
  });

  it('links an existing account in closed mode', async () => {
    const t = await start({ PLINTH_REGISTRATION: 'closed' });
    const admin = await signUp(t.app);
    const answer = await signInWith(t, 'github', person({ email: admin.email }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<LoginResponse>().user.id).toBe(admin.userId);
  });

  it('answers 502 with a readable message when the provider fails, and 400 for a refused code', async () => {
    const t = await start();
    const expectUpstream = (answer: LightMyRequestResponse, message: string) => {
      const body = expectError(answer, 502, 'UPSTREAM_ERROR');
      expect(body).toEqual({ statusCode: 502, error: 'Bad Gateway', code: 'UPSTREAM_ERROR', message });
    };

    const refused = await begin(t, 'github');
    fake.authorize(refused.location, person());
    const badCode = expectError(
      await finish(t, 'github', { code: 'not-issued', state: refused.state }),
      400,
      'VALIDATION_FAILED',
    );
    expect(badCode.message).toBe('GitHub did not accept this sign-in; please start again');

    const broken = await begin(t, 'github');
    fake.answerOnce('/api/user/emails', 500, { message: 'Server Error' });
    expectUpstream(
      await finish(t, 'github', { code: fake.authorize(broken.location, person()), state: broken.state }),
      'GitHub did not share your profile; please try again later',
    );

    const garbled = await begin(t, 'google');
    fake.answerOnce('/google/token', 200, { token_type: 'Bearer' });
    expectUpstream(
      await finish(t, 'google', { code: fake.authorize(garbled.location, person()), state: garbled.state }),
      'Google did not complete the sign-in (status 200); please try again later',
    );

    // OIDC discovery happens on the first start (then it is kept for an hour).
    const fresh = await start();
    fake.answerOnce('/oidc/.well-known/openid-configuration', 200, { issuer: 'https://elsewhere.example' });
    expectUpstream(
      await startSignIn(fresh, 'oidc'),
      'Acme SSO sign-in is not available right now; please try again later',
    );
    expect((await startSignIn(fresh, 'oidc')).statusCode).toBe(302);
  });

  it('answers 502 when the client secret is wrong', async () => {
    for (const prefix of ['GITHUB', 'OIDC'] as const) {
      const t = await start({ [`${prefix}_CLIENT_SECRET`]: `not-${FAKE_CLIENT_SECRET}` });
      const provider = prefix === 'GITHUB' ? 'github' : 'oidc';
      const { location, state } = await begin(t, provider);
      const body = expectError(
        await finish(t, provider, { code: fake.authorize(location, person()), state }),
        502,
        'UPSTREAM_ERROR',
      );
      expect(body.message).toBe(
        `${provider === 'github' ? 'GitHub' : 'Acme SSO'} refused to complete the sign-in (${provider === 'github' ? 'incorrect_client_credentials' : 'invalid_client'}); ask the administrator to check its settings`,
      );
    }
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = await start({ GITHUB_BASE_URL: `http://127.0.0.1:${port}` });
    const { location, state } = await begin(t, 'github');
    const body = expectError(
      await finish(t, 'github', { code: fake.authorize(location, person()), state }),
      502,
      'UPSTREAM_ERROR',
    );
    expect(body.message).toBe('GitHub could not be reached; please try again later');
  });

  it('calls providers through the outbound address checks: loopback needs PLINTH_OAUTH_ALLOWED_HOSTS', async () => {
    const t = await start({ PLINTH_OAUTH_ALLOWED_HOSTS: '' });
    const before = fake.requests.length;
    const { location, state } = await begin(t, 'github');
    const body = expectError(
      await finish(t, 'github', { code: fake.authorize(location, person()), state }),
      502,
      'UPSTREAM_ERROR',
    );
    expect(body.message).toBe('GitHub could not be reached; please try again later');
    expectError(await startSignIn(t, 'oidc'), 502, 'UPSTREAM_ERROR');
    expect(fake.requests.length).toBe(before);
  });

  it('validates the callback body', async () => {
    const t = await start();
    expectError(await finish(t, 'github', { code: 'c' }), 400, 'VALIDATION_FAILED');
    expectError(await finish(t, 'github', { code: 'c', state: 's', user_id: 'x' }), 400, 'VALIDATION_FAILED');
    expectError(await finish(t, 'github', { code: 7, state: 's' }), 400, 'VALIDATION_FAILED');
  });
});

describe('sign-in provider configuration', () => {
  const base = { PLINTH_DATA_DIR: '/tmp/plinth-config-test' };

  it('turns a provider on with its client id and secret, with the public endpoints by default', () => {
    expect(loadConfig(base).oauth).toEqual({ github: null, google: null, oidc: null, allowedHosts: [] });
    const { oauth } = loadConfig({
      ...base,
      GITHUB_CLIENT_ID: 'gh',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GOOGLE_CLIENT_ID: 'go',
      GOOGLE_CLIENT_SECRET: 'go-secret',
      OIDC_ISSUER: 'https://login.example.com/realms/acme/',
      OIDC_CLIENT_ID: 'oi',
      OIDC_CLIENT_SECRET: 'oi-secret',
      PLINTH_OAUTH_ALLOWED_HOSTS: 'sso.internal, 10.0.0.5',
    });
    expect(oauth).toEqual({
      github: {
        clientId: 'gh',
        clientSecret: 'gh-secret',
        baseUrl: 'https://github.com',
        apiUrl: 'https://api.github.com',
      },
      google: { clientId: 'go', clientSecret: 'go-secret', issuer: 'https://accounts.google.com' },
      oidc: {
        clientId: 'oi',
        clientSecret: 'oi-secret',
        issuer: 'https://login.example.com/realms/acme',
        name: 'Single sign-on',
      },
      allowedHosts: ['sso.internal', '10.0.0.5'],
    });
  });

  it('names the missing or bad variable in one line, without echoing secrets', () => {
    const error = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (caught) {
        expect(caught).toBeInstanceOf(ConfigError);
        return (caught as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(error({ GITHUB_CLIENT_ID: 'gh' })).toMatch(
      /^Invalid configuration: GITHUB_CLIENT_SECRET must be set when GITHUB_CLIENT_ID is set/,
    );
    expect(error({ GOOGLE_CLIENT_SECRET: 'top-secret' })).toMatch(
      /GOOGLE_CLIENT_ID must be set when GOOGLE_CLIENT_SECRET/,
    );
    expect(error({ GOOGLE_CLIENT_SECRET: 'top-secret' })).not.toMatch(/top-secret/);
    expect(error({ OIDC_CLIENT_ID: 'oi', OIDC_CLIENT_SECRET: 'top-secret' })).toMatch(/OIDC_ISSUER must be set/);
    expect(error({ OIDC_ISSUER: 'https://sso.example.com' })).toMatch(/OIDC_CLIENT_ID must be set when OIDC_ISSUER/);
    expect(error({ OIDC_ISSUER: 'ftp://sso', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toMatch(
      /OIDC_ISSUER must be a URL/,
    );
    expect(error({ GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b', GITHUB_API_URL: 'api.github' })).toMatch(
      /GITHUB_API_URL/,
    );
    expect(error({ PLINTH_OAUTH_ALLOWED_HOSTS: 'http://x/' })).toMatch(/PLINTH_OAUTH_ALLOWED_HOSTS/);
  });
});
