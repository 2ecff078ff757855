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

const PASSWORD = 'correct horse battery';
const WINDOW_MS = 15 * 60_000;

describe('rate limits on login and forgot-password', () => {
  let t: TestApp;
  const time = createTestClock();
  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    await signUp(t.app); // the instance admin
  });
  afterAll(async () => t.close());

  // Every test uses addresses of its own, so that the per-address counts do not add up across tests.
  let network = 0;
  const newAddress = () => `10.2.${++network}.1`;

  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password }, remoteAddress });
  const forgot = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email }, remoteAddress });

  function expectRateLimited(response: LightMyRequestResponse, maxSeconds = WINDOW_MS / 1000): number {
    expectError(response, 429, 'RATE_LIMITED');
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    return retryAfter;
  }

  it('allows 10 failed logins per account in 15 minutes, then answers 429 even to the right password', async () => {
    const { email } = await signUp(t.app);
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      expectError(await login(email, `wrong password ${i}`, address), 401, 'UNAUTHENTICATED');
    }
    expectRateLimited(await login(email, PASSWORD, address));
    // The account is limited wherever the attempts come from, and whatever letter case the email has.
    const retryAfter = expectRateLimited(await login(email.toUpperCase(), PASSWORD, newAddress()));
    expect(retryAfter).toBe(WINDOW_MS / 1000);

    // Another account from the same address is not affected (10 failures < 30 per address).
    const other = await signUp(t.app);
    expect((await login(other.email, PASSWORD, address)).statusCode).toBe(200);

    time.advance(5 * 60_000);
    expect(expectRateLimited(await login(email, PASSWORD, address))).toBe(10 * 60);
    time.advance(10 * 60_000);
    expect((await login(email, PASSWORD, address)).statusCode).toBe(200);
  });

  it('gives a burst of simultaneous wrong passwords no more than 10 guesses, and successes cost nothing', async () => {
    const { email } = await signUp(t.app);
    const address = newAddress();
    // All of them are in flight (hashing) before any has failed: a check made before counting lets them all through.
    const burst = await Promise.all(Array.from({ length: 25 }, (_, i) => login(email, `wrong ${i}`, address)));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expectRateLimited(await login(email, PASSWORD, address));
    time.advance(WINDOW_MS);

    // Successful logins are not failures once checked: the address keeps its whole budget (while
    // in flight they hold a place, so at most 10 of one account can be checked at once).
    const signIns = await Promise.all(Array.from({ length: 8 }, () => login(email, PASSWORD, address)));
    expect(signIns.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    for (let i = 0; i < 3; i++) {
      // Three other accounts, ten failures each: exactly the 30 the address may have.
      const other = uniqueEmail(`other-${i}`);
      for (let j = 0; j < 10; j++) expectError(await login(other, 'wrong', address), 401, 'UNAUTHENTICATED');
    }
    expectRateLimited(await login(email, PASSWORD, address));
    time.advance(WINDOW_MS);
  });

  it('counts failures for an unknown email exactly like a known one', async () => {
    const email = uniqueEmail('ghost');
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      expectError(await login(email, PASSWORD, address), 401, 'UNAUTHENTICATED');
    }
    expectRateLimited(await login(email, PASSWORD, address));
    time.advance(WINDOW_MS);
  });

  it('allows 30 failed logins per address in 15 minutes, then answers 429 for any account from it', async () => {
    const address = newAddress();
    const victim = await signUp(t.app);
    for (let i = 0; i < 30; i++) {
      // Three failures per account: far below the per-account limit.
      expectError(await login(`spray-${Math.floor(i / 3)}-${victim.email}`, 'wrong', address), 401, 'UNAUTHENTICATED');
    }
    expectRateLimited(await login(victim.email, PASSWORD, address));
    // The same account from another address is fine: only the address is limited.
    expect((await login(victim.email, PASSWORD, newAddress())).statusCode).toBe(200);
    time.advance(WINDOW_MS);
    expect((await login(victim.email, PASSWORD, address)).statusCode).toBe(200);
  });

  it('limits forgot-password to 10 per account and 30 per address in 15 minutes, for any email', async () => {
    const { email } = await signUp(t.app);
    const unknown = uniqueEmail('unknown');
    for (const target of [email, unknown]) {
      for (let i = 0; i < 10; i++) {
        expect((await forgot(target, newAddress())).statusCode).toBe(202);
      }
      expectRateLimited(await forgot(target, newAddress()));
    }

    const address = newAddress();
    for (let i = 0; i < 30; i++) {
      expect((await forgot(uniqueEmail(`many-${i}`), address)).statusCode).toBe(202);
    }
    expectRateLimited(await forgot(uniqueEmail('one-more'), address));

    time.advance(WINDOW_MS);
    expect((await forgot(email, address)).statusCode).toBe(202);
    expect((await forgot(unknown, newAddress())).statusCode).toBe(202);
  });

  it('counts failures in a sliding window: a burst at the end of one window is not followed by another', async () => {
    const { email } = await signUp(t.app);
    const address = newAddress();
    expectError(await login(email, 'wrong early', address), 401, 'UNAUTHENTICATED');
    time.advance(14 * 60_000);
    for (let i = 0; i < 9; i++) expectError(await login(email, `wrong ${i}`, address), 401, 'UNAUTHENTICATED');
    expectRateLimited(await login(email, PASSWORD, address));
    // The early failure leaves the window: one more attempt, and the nine recent ones still count.
    time.advance(60_000);
    expectError(await login(email, 'wrong late', address), 401, 'UNAUTHENTICATED');
    expect(expectRateLimited(await login(email, PASSWORD, address))).toBe(14 * 60);
    time.advance(WINDOW_MS);
    expect((await login(email, PASSWORD, address)).statusCode).toBe(200);
  });

  it('counts wrong current passwords of change-password as failed logins of the account', async () => {
    const session = await signUp(t.app);
    const address = newAddress();
    const change = (current: string, as: Session = session) =>
      call(t.app, as, {
        method: 'POST',
        url: '/api/v1/auth/change-password',
        payload: { current_password: current, new_password: 'a brand new password' },
        remoteAddress: address,
      });
    for (let i = 0; i < 10; i++) expectError(await change(`guess ${i}`), 400, 'VALIDATION_FAILED');
    // Even the right password is refused now, and so is a login of the account from anywhere.
    expectRateLimited(await change(PASSWORD));
    expectRateLimited(await login(session.email, PASSWORD, newAddress()));
    time.advance(WINDOW_MS);
    // The access token expired meanwhile; a new session changes the password.
    expect((await change(PASSWORD, await signIn(t.app, session.email, PASSWORD))).statusCode).toBe(204);
  });

  it('keeps the login and forgot-password counts apart', async () => {
    const { email } = await signUp(t.app);
    const address = newAddress();
    for (let i = 0; i < 10; i++) await login(email, 'wrong', address);
    expectRateLimited(await login(email, PASSWORD, address));
    expect((await forgot(email, address)).statusCode).toBe(202);
    time.advance(WINDOW_MS);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

// Two instances behind one load balancer: failures on one count on the other.
describe.skipIf(!REDIS_URL)('rate limits shared between instances (Redis)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('refuses on one instance the account that failed too often on the other', async () => {
    const env = { REDIS_URL: REDIS_URL ?? '' };
    const [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    apps.push(first as TestApp, second as TestApp);
    // Known to neither instance's database, and unique to this run: the counts are all Redis's.
    const email = uniqueEmail('shared');
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const login = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: email, password: PASSWORD },
        remoteAddress: address,
      });
    for (let i = 0; i < 10; i++) {
      expectError(await login(i % 2 === 0 ? (first as TestApp) : (second as TestApp)), 401, 'UNAUTHENTICATED');
    }
    for (const t of [first, second] as TestApp[]) {
      const refused = expectError(await login(t), 429, 'RATE_LIMITED');
      expect(refused.message).toMatch(/Too many attempts/);
    }
  });

  it('lets a burst spread over both instances no more than 10 guesses', async () => {
    const env = { REDIS_URL: REDIS_URL ?? '' };
    const [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    apps.push(first as TestApp, second as TestApp);
    const email = uniqueEmail('burst');
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 === 0 ? (first as TestApp) : (second as TestApp)).app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: email, password: `wrong ${i}` },
          remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${i}`,
        }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
  });

  it('lets a burst of reset requests for one email spread over both instances send no more than 10 emails', async () => {
    const env = { REDIS_URL: REDIS_URL ?? '' };
    const [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    apps.push(first as TestApp, second as TestApp);
    const email = uniqueEmail('reset-burst');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? (first as TestApp) : (second as TestApp)).app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          payload: { email },
          remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${i}`,
        }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});
