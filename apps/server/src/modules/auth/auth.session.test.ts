import type { LoginResponse, TokenPair, User } from '@plinth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.js';

const PASSWORD = 'correct horse battery';
const FIFTEEN_MINUTES = 15 * 60_000;

describe('sessions: login, refresh, logout, me', () => {
  let t: TestApp;
  const time = createTestClock();
  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    await signUp(t.app); // the instance admin, so that the users below are ordinary ones
  });
  afterAll(async () => t.close());

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
  const me = (credential: Session | string | null) =>
    call(t.app, credential, { method: 'GET', url: '/api/v1/auth/me' });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: refreshToken } });
  const logout = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refresh_token: refreshToken } });
  const expectSignedOut = (response: LightMyRequestResponse) => expectError(response, 401, 'UNAUTHENTICATED');

  describe('POST /auth/login', () => {
    it('answers tokens, their lifetime and the user', async () => {
      const email = uniqueEmail('login');
      await signUp(t.app, { email, name: 'Lou' });
      const response = await login(email, PASSWORD);
      expect(response.statusCode).toBe(200);
      const body = response.json<LoginResponse>();
      expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type', 'user']);
      expect(body.token_type).toBe('Bearer');
      expect(body.expires_in).toBe(900);
      expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.refresh_token.length).toBeGreaterThanOrEqual(32);
      expect(body.refresh_token).not.toBe(body.access_token);
      expect(body.user).toEqual({
        id: expect.any(String),
        email,
        name: 'Lou',
        avatar_url: null,
        is_admin: false,
        created_at: time.clock().toISOString(),
      });
      const current = await me(body.access_token);
      expect(current.statusCode).toBe(200);
      // The same User, and whether the account has a password (it signed up with one).
      expect(current.json<User>()).toEqual({ ...body.user, has_password: true });
    });

    it('answers the same 401 to an unknown email and to a wrong password', async () => {
      const email = uniqueEmail('known');
      await signUp(t.app, { email });
      const unknown = expectError(await login(uniqueEmail('nobody'), PASSWORD), 401, 'UNAUTHENTICATED');
      const wrong = expectError(await login(email, 'not the password'), 401, 'UNAUTHENTICATED');
      expect(unknown.message).toBe('Invalid email or password');
      expect(wrong).toEqual(unknown);
    });

    it('gives every login its own session', async () => {
      const email = uniqueEmail('twice');
      const first = await signUp(t.app, { email });
      const second = await signIn(t.app, email, PASSWORD);
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect((await logout(first.refreshToken)).statusCode).toBe(204);
      expectSignedOut(await me(first));
      expect((await me(second)).statusCode).toBe(200);
    });
  });

  describe('GET /auth/me and credentials', () => {
    it('answers 401 UNAUTHENTICATED without a credential, with garbage, or with a forged token', async () => {
      const session = await signUp(t.app);
      expectSignedOut(await me(null));
      expectSignedOut(await me('garbage'));
      expectSignedOut(await me(`${session.accessToken}x`));
      expectSignedOut(
        await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Basic ${session.accessToken}` } }),
      );
      // A well-formed token signed with another key, for the same user and session.
      const [, payload] = session.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { sub: string; sid: string };
      expect(claims.sub).toBe(session.userId);
      const forged = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('an attacker key that is long enough to sign'));
      expectSignedOut(await me(forged));
      // The refresh token is not an access token.
      expectSignedOut(await me(session.refreshToken));
      // The real one still works.
      expect((await me(session)).statusCode).toBe(200);
    });

    it('answers 401 TOKEN_EXPIRED once the access token is 15 minutes old, and refresh still works', async () => {
      const session = await signUp(t.app);
      time.advance(FIFTEEN_MINUTES - 1000);
      expect((await me(session)).statusCode).toBe(200);
      time.advance(2000);
      expectError(await me(session), 401, 'TOKEN_EXPIRED');
      const renewed = await refresh(session.refreshToken);
      expect(renewed.statusCode).toBe(200);
      expect((await me(renewed.json<TokenPair>().access_token)).statusCode).toBe(200);
    });
  });

  describe('PATCH /auth/me', () => {
    it('changes the name and the avatar, and clears the avatar with null', async () => {
      const session = await signUp(t.app, { name: 'Before' });
      const patch = (payload: Record<string, unknown>) =>
        call(t.app, session, { method: 'PATCH', url: '/api/v1/auth/me', payload });

      const named = await patch({ name: '  After  ' });
      expect(named.statusCode).toBe(200);
      expect(named.json<User>()).toMatchObject({ id: session.userId, name: 'After', avatar_url: null });

      const avatar = 'https://cdn.example.com/a.png';
      const withAvatar = await patch({ avatar_url: avatar });
      expect(withAvatar.statusCode).toBe(200);
      expect(withAvatar.json<User>()).toMatchObject({ name: 'After', avatar_url: avatar });
      expect((await me(session)).json<User>()).toMatchObject({ name: 'After', avatar_url: avatar });

      const cleared = await patch({ avatar_url: null });
      expect(cleared.json<User>().avatar_url).toBeNull();
      expect((await me(session)).json<User>().avatar_url).toBeNull();
    });

    it('refuses fields that are not name or avatar_url, and changes nothing', async () => {
      const session = await signUp(t.app, { name: 'Plain' });
      for (const field of ['is_admin', 'email', 'password', 'id']) {
        const response = await call(t.app, session, {
          method: 'PATCH',
          url: '/api/v1/auth/me',
          payload: { name: 'Hacker', [field]: field === 'is_admin' ? true : 'x@example.com' },
        });
        const body = expectError(response, 400, 'VALIDATION_FAILED');
        expect(body.details).toContainEqual({ path: field, message: 'is not allowed' });
      }
      expect((await me(session)).json<User>()).toMatchObject({ name: 'Plain', is_admin: false, email: session.email });
    });

    it('needs a signed-in user', async () => {
      expectSignedOut(await call(t.app, null, { method: 'PATCH', url: '/api/v1/auth/me', payload: { name: 'X' } }));
    });
  });

  describe('POST /auth/refresh', () => {
    it('rotates: a new pair every time, each access token working', async () => {
      const session = await signUp(t.app);
      const first = await refresh(session.refreshToken);
      expect(first.statusCode).toBe(200);
      const pair = first.json<TokenPair>();
      expect(Object.keys(pair).sort()).toEqual(['access_token', 'expires_in', 'refresh_token']);
      expect(pair.expires_in).toBe(900);
      expect(pair.refresh_token).not.toBe(session.refreshToken);
      // Minted in the same second for the same session, and still a token of its own (a client
      // that compares tokens, as the web app's retry after a refresh does, must see the change).
      expect(pair.access_token).not.toBe(session.accessToken);
      expect((await me(pair.access_token)).json<User>().id).toBe(session.userId);

      const second = await refresh(pair.refresh_token);
      expect(second.statusCode).toBe(200);
      expect(second.json<TokenPair>().refresh_token).not.toBe(pair.refresh_token);
    });

    it('takes the refresh token from the Authorization header, or from both places', async () => {
      const session = await signUp(t.app);
      const fromHeader = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { authorization: `Bearer ${session.refreshToken}` },
      });
      expect(fromHeader.statusCode).toBe(200);
      const next = fromHeader.json<TokenPair>().refresh_token;

      const fromBoth = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { authorization: `Bearer ${next}` },
        payload: { refresh_token: next },
      });
      expect(fromBoth.statusCode).toBe(200);
      expect((await me(fromBoth.json<TokenPair>().access_token)).statusCode).toBe(200);
    });

    it('refuses two different refresh tokens in the body and the header, and uses neither', async () => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { authorization: `Bearer ${a.refreshToken}` },
        payload: { refresh_token: b.refreshToken },
      });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.details?.map((d) => d.path)).toContain('refresh_token');
      expect((await refresh(a.refreshToken)).statusCode).toBe(200);
      expect((await refresh(b.refreshToken)).statusCode).toBe(200);
    });

    it('on reuse of a used refresh token revokes the whole session', async () => {
      const session = await signUp(t.app);
      const other = await signIn(t.app, session.email, PASSWORD);
      const rotated = (await refresh(session.refreshToken)).json<TokenPair>();
      const newest = (await refresh(rotated.refresh_token)).json<TokenPair>();
      expect((await me(newest.access_token)).statusCode).toBe(200);

      // Someone replays the first, already used, token.
      expectSignedOut(await refresh(session.refreshToken));

      expectSignedOut(await refresh(newest.refresh_token));
      expectSignedOut(await me(newest.access_token));
      expectSignedOut(await me(rotated.access_token));
      expectSignedOut(await me(session));
      // Another session of the same user is not touched.
      expect((await me(other)).statusCode).toBe(200);
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous refreshes with the same token through, and treats the other as reuse', async () => {
      const session = await signUp(t.app);
      const responses = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      const winner = responses.find((r) => r.statusCode === 200)?.json<TokenPair>();
      expect(winner).toBeDefined();
      if (winner) expectSignedOut(await refresh(winner.refresh_token));
    });

    it('answers 401 UNAUTHENTICATED to garbage, an access token, and a 30-day-old refresh token', async () => {
      const session = await signUp(t.app);
      expectSignedOut(await refresh('prt_garbage'));
      expectSignedOut(await refresh(session.accessToken));
      time.advance(30 * 24 * 3600_000 + 1000);
      expectSignedOut(await refresh(session.refreshToken));
    });

    it('needs a refresh token', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} });
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect(body.details).toContainEqual({ path: 'refresh_token', message: 'is required' });
    });
  });

  describe('POST /auth/logout', () => {
    it('ends the session at once: its refresh chain and its access tokens', async () => {
      const session = await signUp(t.app);
      const other = await signIn(t.app, session.email, PASSWORD);
      const rotated = (await refresh(session.refreshToken)).json<TokenPair>();

      const response = await logout(rotated.refresh_token);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expectSignedOut(await me(session));
      expectSignedOut(await me(rotated.access_token));
      expectSignedOut(await refresh(rotated.refresh_token));
      // The other session goes on.
      expect((await me(other)).statusCode).toBe(200);
    });

    it('ends the session of a refresh token sent in the Authorization header', async () => {
      const session = await signUp(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { authorization: `Bearer ${session.refreshToken}` },
      });
      expect(response.statusCode).toBe(204);
      expectSignedOut(await me(session));
      expectSignedOut(await refresh(session.refreshToken));
    });

    it('ends the session of an access token sent without a body', async () => {
      const session = await signUp(t.app);
      const response = await call(t.app, session, { method: 'POST', url: '/api/v1/auth/logout' });
      expect(response.statusCode).toBe(204);
      expectSignedOut(await me(session));
      expectSignedOut(await refresh(session.refreshToken));
    });

    it('ends the session even when given an already rotated refresh token of it', async () => {
      const session = await signUp(t.app);
      const rotated = (await refresh(session.refreshToken)).json<TokenPair>();
      expect((await logout(session.refreshToken)).statusCode).toBe(204);
      expectSignedOut(await me(rotated.access_token));
      expectSignedOut(await refresh(rotated.refresh_token));
    });
  });
});
