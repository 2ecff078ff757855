import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';

const FIRST = 'First-Secret-Passphrase-1';
const SECOND = 'Second-Secret-Passphrase-2';
const THIRD = 'Third-Secret-Passphrase-3';
const WRONG = 'Wrong-Secret-Passphrase-0';

describe('passwords never leave the server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const seen: { label: string; response: LightMyRequestResponse }[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function send(label: string, options: InjectOptions & { url: string }, token?: string) {
    const response = await t.app.inject({
      ...options,
      url: `/api/v1${options.url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
    });
    seen.push({ label, response });
    return response;
  }

  it('in no response body of any auth endpoint, success or failure', async () => {
    const email = uniqueEmail('secret');
    expect(
      (
        await send('register', {
          method: 'POST',
          url: '/auth/register',
          payload: { name: 'S', email, password: FIRST },
        })
      ).statusCode,
    ).toBe(201);
    await send('register again', {
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'S', email, password: FIRST },
    });
    await send('register short', {
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'S', email: uniqueEmail(), password: 'Short-1' },
    });
    await send('register extra', {
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'S', email: uniqueEmail(), password: FIRST, password_hash: FIRST },
    });
    await send('login wrong', { method: 'POST', url: '/auth/login', payload: { username: email, password: WRONG } });
    await send('login bad json', {
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username": "${email}", "password": "${FIRST}`,
    });
    await send('login wrong type', {
      method: 'POST',
      url: '/auth/login',
      payload: { username: email, password: [FIRST] },
    });
    const login = await send('login', {
      method: 'POST',
      url: '/auth/login',
      payload: { username: email, password: FIRST },
    });
    expect(login.statusCode).toBe(200);
    const tokens = login.json<{ access_token: string; refresh_token: string }>();

    await send('me', { method: 'GET', url: '/auth/me' }, tokens.access_token);
    await send('patch me', { method: 'PATCH', url: '/auth/me', payload: { name: 'Renamed' } }, tokens.access_token);
    await send(
      'change wrong',
      { method: 'POST', url: '/auth/change-password', payload: { current_password: WRONG, new_password: SECOND } },
      tokens.access_token,
    );
    const changed = await send(
      'change',
      { method: 'POST', url: '/auth/change-password', payload: { current_password: FIRST, new_password: SECOND } },
      tokens.access_token,
    );
    expect(changed.statusCode).toBe(204);
    await send('refresh', { method: 'POST', url: '/auth/refresh', payload: { refresh_token: tokens.refresh_token } });

    await send('forgot', { method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const mail = await smtp.waitFor(email, /reset/i);
    const token = decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail.text ?? '')?.[1] ?? '');
    await send('reset short', { method: 'POST', url: '/auth/reset-password', payload: { token, password: 'Short-3' } });
    const reset = await send('reset', {
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: THIRD },
    });
    expect(reset.statusCode).toBe(204);
    await send('reset again', { method: 'POST', url: '/auth/reset-password', payload: { token, password: THIRD } });
    const relogin = await send('login new', {
      method: 'POST',
      url: '/auth/login',
      payload: { username: email, password: THIRD },
    });
    expect(relogin.statusCode).toBe(200);

    expect(seen.length).toBeGreaterThan(15);
    for (const { label, response } of seen) {
      for (const secret of [FIRST, SECOND, THIRD, WRONG, 'Short-1', 'Short-3', '$argon2']) {
        expect(response.body, `${label} leaks ${secret}`).not.toContain(secret);
      }
      // `has_password` (GET /auth/me) says whether one is set, as a boolean, and nothing more.
      const withoutFlag = response.body.replace(/"has_password":(?:true|false)/g, '');
      expect(withoutFlag, `${label} has a password property`).not.toMatch(/"\w*password\w*"\s*:/);
    }
    // Nor in the email.
    expect(mail.text).not.toContain(FIRST);
    expect(mail.text).not.toContain(SECOND);
  });
});
