import type { TokenPair } from '@plinth/contract';
import type { LightMyRequestResponse } from 'fastify';
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
import { startSmtpServer } from '../../test/smtp.js';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
const FORGOT_MESSAGE = 'If an account exists for this email, a link to reset the password is on its way.';
const INVALID_RESET = 'This reset link is invalid or has expired';

describe('passwords: change, forgot, reset', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const time = createTestClock();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, clock: time.clock });
    await signUp(t.app); // the instance admin
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const me = (credential: Session | string) => call(t.app, credential, { method: 'GET', url: '/api/v1/auth/me' });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: refreshToken } });
  const changePassword = (session: Session | null, payload: Record<string, unknown>) =>
    call(t.app, session, { method: 'POST', url: '/api/v1/auth/change-password', payload });
  // Each request from its own address, so that the per-address limit stays out of these tests.
  let address = 0;
  const forgot = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email },
      remoteAddress: `10.1.0.${++address}`,
    });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password } });
  const expectSignedOut = (response: LightMyRequestResponse) => expectError(response, 401, 'UNAUTHENTICATED');

  /** Asks for a reset link and reads the token out of the email that arrives. */
  async function resetTokenFor(email: string): Promise<string> {
    const before = smtp.received.length;
    const response = await forgot(email);
    expect(response.statusCode).toBe(202);
    const deadline = Date.now() + 5000;
    for (;;) {
      const mail = smtp.received
        .slice(before)
        .find((m) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((to) => to.text.includes(email)));
      if (mail) {
        const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(mail.text ?? '');
        if (!link?.[1]) throw new Error(`no reset link in: ${mail.text}`);
        return decodeURIComponent(link[1]);
      }
      if (Date.now() > deadline) throw new Error(`no reset email to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  describe('POST /auth/change-password', () => {
    it('changes the password, ends the other sessions and keeps the current one', async () => {
      const current = await signUp(t.app);
      const other = await signIn(t.app, current.email, PASSWORD);
      const response = await changePassword(current, { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expect((await me(current)).statusCode).toBe(200);
      const rotated = await refresh(current.refreshToken);
      expect(rotated.statusCode).toBe(200);
      expect((await me(rotated.json<TokenPair>().access_token)).statusCode).toBe(200);

      expectSignedOut(await me(other));
      expectSignedOut(await refresh(other.refreshToken));

      expectError(await login(current.email, PASSWORD), 401, 'UNAUTHENTICATED');
      expect((await login(current.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('answers 400 with details on current_password when it is wrong, and changes nothing', async () => {
      const session = await signUp(t.app);
      const other = await signIn(t.app, session.email, PASSWORD);
      const body = expectError(
        await changePassword(session, { current_password: 'not my password', new_password: NEW_PASSWORD }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details).toEqual([{ path: 'current_password', message: expect.any(String) }]);
      expect((await me(other)).statusCode).toBe(200);
      expect((await login(session.email, PASSWORD)).statusCode).toBe(200);
      expectError(await login(session.email, NEW_PASSWORD), 401, 'UNAUTHENTICATED');
    });

    it('needs current_password when the account has a password (400 with details), and changes nothing', async () => {
      const session = await signUp(t.app);
      const body = expectError(await changePassword(session, { new_password: NEW_PASSWORD }), 400, 'VALIDATION_FAILED');
      expect(body.details).toEqual([{ path: 'current_password', message: 'is required' }]);
      expect((await login(session.email, PASSWORD)).statusCode).toBe(200);
      expect((await me(session)).json()).toMatchObject({ has_password: true });
    });

    it('refuses a new password shorter than 8 characters', async () => {
      const session = await signUp(t.app);
      const body = expectError(
        await changePassword(session, { current_password: PASSWORD, new_password: 'short' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((d) => d.path)).toEqual(['new_password']);
      expect((await login(session.email, PASSWORD)).statusCode).toBe(200);
    });

    it('needs a signed-in user', async () => {
      expectSignedOut(await changePassword(null, { current_password: PASSWORD, new_password: NEW_PASSWORD }));
    });
  });

  describe('POST /auth/forgot-password', () => {
    it('answers 202 with the same message for a known and an unknown email; only the known one gets mail', async () => {
      const email = uniqueEmail('forgetful');
      await signUp(t.app, { email });
      const unknown = uniqueEmail('unknown');
      const unknownResponse = await forgot(unknown);
      const knownResponse = await forgot(email.toUpperCase());
      expect(unknownResponse.statusCode).toBe(202);
      expect(knownResponse.statusCode).toBe(202);
      expect(knownResponse.json()).toEqual({ message: FORGOT_MESSAGE });
      expect(unknownResponse.body).toBe(knownResponse.body);

      const mail = await smtp.waitFor(email, /reset/i);
      expect(mail.text).toContain('http://plinth.test/reset-password?token=');
      // Give a stray email to the unknown address time to arrive, then check there is none.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const toUnknown = smtp.received.filter((m) =>
        (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((to) => to.text.includes(unknown)),
      );
      expect(toUnknown).toEqual([]);
    });
  });

  describe('POST /auth/reset-password', () => {
    it('sets the new password once, ends every session, and the new password works', async () => {
      const session = await signUp(t.app);
      const other = await signIn(t.app, session.email, PASSWORD);
      const token = await resetTokenFor(session.email);

      const response = await reset(token, NEW_PASSWORD);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      for (const s of [session, other]) {
        expectSignedOut(await me(s));
        expectSignedOut(await refresh(s.refreshToken));
      }
      expectError(await login(session.email, PASSWORD), 401, 'UNAUTHENTICATED');
      expect((await login(session.email, NEW_PASSWORD)).statusCode).toBe(200);

      const again = expectError(await reset(token, 'yet another passphrase'), 400, 'VALIDATION_FAILED');
      expect(again.message).toBe(INVALID_RESET);
      expect(again.details?.map((d) => d.path)).toEqual(['token']);
      expect((await login(session.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('works within the hour and not after it', async () => {
      const early = await signUp(t.app);
      const earlyToken = await resetTokenFor(early.email);
      const late = await signUp(t.app);
      const lateToken = await resetTokenFor(late.email);

      time.advance(59 * 60_000);
      expect((await reset(earlyToken, NEW_PASSWORD)).statusCode).toBe(204);
      time.advance(60_000);
      const expired = expectError(await reset(lateToken, NEW_PASSWORD), 400, 'VALIDATION_FAILED');
      expect(expired.message).toBe(INVALID_RESET);
      expect((await login(late.email, PASSWORD)).statusCode).toBe(200);
      expectError(await me(late), 401, 'TOKEN_EXPIRED');
    });

    it('spends every open link of the account when one is used', async () => {
      const session = await signUp(t.app);
      const first = await resetTokenFor(session.email);
      const second = await resetTokenFor(session.email);
      expect(second).not.toBe(first);
      expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(204);
      expect(expectError(await reset(first, 'yet another passphrase'), 400, 'VALIDATION_FAILED').message).toBe(
        INVALID_RESET,
      );
      expect((await login(session.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('answers 400 to a token that never existed, and to a short new password', async () => {
      expect(expectError(await reset('made-up-token', NEW_PASSWORD), 400, 'VALIDATION_FAILED').message).toBe(
        INVALID_RESET,
      );
      const session = await signUp(t.app);
      const token = await resetTokenFor(session.email);
      const short = expectError(await reset(token, 'short'), 400, 'VALIDATION_FAILED');
      expect(short.details?.map((d) => d.path)).toEqual(['password']);
      // The refused attempt did not spend the link.
      expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
    });
  });
});
