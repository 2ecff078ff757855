import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  expectError,
  type Session,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.js';

const PASSWORD = 'correct horse battery';
const long = (length: number) => 'x'.repeat(length);
const longEmail = `${long(250)}@example.com`;

interface Endpoint {
  method: 'POST' | 'PATCH';
  url: string;
  /** A body the endpoint accepts, to derive the bad ones from. */
  valid: Record<string, unknown>;
  signedIn?: boolean;
  /** field → a value of the wrong type, and one that is too long. */
  fields: Record<string, { wrongType: unknown; oversized?: unknown; required?: boolean }>;
}

const endpoints: Endpoint[] = [
  {
    method: 'POST',
    url: '/auth/register',
    valid: { name: 'N', email: 'n@example.com', password: PASSWORD, company: 'C' },
    fields: {
      name: { wrongType: 42, oversized: long(121), required: true },
      email: { wrongType: 42, oversized: longEmail, required: true },
      password: { wrongType: 12345678, oversized: long(257), required: true },
      company: { wrongType: ['ACME'], oversized: long(201) },
    },
  },
  {
    method: 'POST',
    url: '/auth/login',
    valid: { username: 'n@example.com', password: PASSWORD },
    fields: {
      username: { wrongType: 42, oversized: longEmail, required: true },
      password: { wrongType: { value: PASSWORD }, oversized: long(257), required: true },
    },
  },
  {
    method: 'POST',
    url: '/auth/refresh',
    valid: { refresh_token: 'prt_x' },
    fields: { refresh_token: { wrongType: 42, oversized: long(513) } },
  },
  {
    method: 'PATCH',
    url: '/auth/me',
    signedIn: true,
    valid: { name: 'N', avatar_url: 'https://example.com/a.png' },
    fields: {
      name: { wrongType: 42, oversized: long(121) },
      avatar_url: { wrongType: 42, oversized: `https://example.com/${long(2040)}` },
    },
  },
  {
    method: 'POST',
    url: '/auth/change-password',
    signedIn: true,
    valid: { current_password: PASSWORD, new_password: 'another long password' },
    fields: {
      current_password: { wrongType: 42, oversized: long(257), required: true },
      new_password: { wrongType: true, oversized: long(257), required: true },
    },
  },
  {
    method: 'POST',
    url: '/auth/logout',
    valid: { refresh_token: 'prt_x' },
    fields: { refresh_token: { wrongType: 42, oversized: long(513) } },
  },
  {
    method: 'POST',
    url: '/auth/forgot-password',
    valid: { email: 'n@example.com' },
    fields: { email: { wrongType: 42, oversized: longEmail, required: true } },
  },
  {
    method: 'POST',
    url: '/auth/reset-password',
    valid: { token: 'some-token', password: PASSWORD },
    fields: {
      token: { wrongType: 42, oversized: long(513), required: true },
      password: { wrongType: null, oversized: long(257), required: true },
    },
  },
];

describe('input validation of the auth endpoints', () => {
  let t: TestApp;
  let session: Session;
  beforeAll(async () => {
    t = await createTestApp();
    session = await signUp(t.app);
  });
  afterAll(async () => t.close());

  let address = 0;
  const send = (endpoint: Endpoint, options: Omit<InjectOptions, 'method' | 'url'>) =>
    call(t.app, endpoint.signedIn ? session : null, {
      method: endpoint.method,
      url: `/api/v1${endpoint.url}`,
      // Login and forgot-password count attempts per address; keep these tests out of that.
      remoteAddress: `10.3.0.${(++address % 250) + 1}`,
      ...options,
    });

  function expectFieldError(response: LightMyRequestResponse, field: string) {
    const body = expectError(response, 400, 'VALIDATION_FAILED');
    expect(body.details?.map((detail) => detail.path)).toContain(field);
    expect(body.message).toMatch(new RegExp(`^${field} `));
    return body;
  }

  for (const endpoint of endpoints) {
    describe(`${endpoint.method} ${endpoint.url}`, () => {
      for (const [field, bad] of Object.entries(endpoint.fields)) {
        if (bad.required) {
          it(`needs ${field}`, async () => {
            const { [field]: _omitted, ...rest } = endpoint.valid;
            const body = expectFieldError(await send(endpoint, { payload: rest }), field);
            expect(body.details).toContainEqual({ path: field, message: 'is required' });
          });
        }
        it(`refuses ${field} of the wrong type`, async () => {
          const body = expectFieldError(
            await send(endpoint, { payload: { ...endpoint.valid, [field]: bad.wrongType } }),
            field,
          );
          expect(body.details?.find((detail) => detail.path === field)?.message).toMatch(/^must be a/);
        });
        it(`refuses an oversized ${field}`, async () => {
          const body = expectFieldError(
            await send(endpoint, { payload: { ...endpoint.valid, [field]: bad.oversized } }),
            field,
          );
          expect(body.details?.find((detail) => detail.path === field)?.message).toMatch(/at most/);
        });
      }

      it('refuses unknown fields', async () => {
        const body = expectFieldError(
          await send(endpoint, { payload: { ...endpoint.valid, is_admin: true } }),
          'is_admin',
        );
        expect(body.details).toContainEqual({ path: 'is_admin', message: 'is not allowed' });
      });

      it('answers malformed JSON with a 400, not a 500', async () => {
        const response = await send(endpoint, {
          headers: { 'content-type': 'application/json' },
          payload: '{"name": "x", ',
        });
        expect(expectError(response, 400, 'VALIDATION_FAILED').message).toBe('The request body is not valid JSON');
      });

      it('refuses a body that is not an object', async () => {
        const body = expectError(await send(endpoint, { payload: ['a', 'b'] }), 400, 'VALIDATION_FAILED');
        expect(body.details?.length).toBeGreaterThan(0);
      });
    });
  }

  it('refuses an email that is not an address, a password under 8 characters and a blank name', async () => {
    const register = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
    const email = uniqueEmail('valid');
    expectFieldError(await register({ name: 'N', email: 'not an email', password: PASSWORD }), 'email');
    expectFieldError(await register({ name: 'N', email, password: 'seven77' }), 'password');
    expectFieldError(await register({ name: '   ', email, password: PASSWORD }), 'name');
    expectFieldError(await register({ name: '', email, password: PASSWORD }), 'name');
    // None of these created the account.
    expect((await register({ name: 'N', email, password: PASSWORD })).statusCode).toBe(201);

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: 'nobody-at-example.com' },
    });
    expectFieldError(forgot, 'email');
  });

  it('refuses a blank name and an avatar_url that is not a URL in PATCH /auth/me', async () => {
    const patch = (payload: Record<string, unknown>) =>
      call(t.app, session, { method: 'PATCH', url: '/api/v1/auth/me', payload });
    expectFieldError(await patch({ name: '  ' }), 'name');
    expectFieldError(await patch({ avatar_url: 'not a url' }), 'avatar_url');
    // Shown as a picture in pages: a script or inline-data URL would be an attack, not an avatar.
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://x.test/a.png',
    ]) {
      expectFieldError(await patch({ avatar_url: url }), 'avatar_url');
    }
    expect((await patch({ avatar_url: 'HTTP://cdn.example.com/a.png' })).statusCode).toBe(200);
    await patch({ avatar_url: null });
    const current = await call(t.app, session, { method: 'GET', url: '/api/v1/auth/me' });
    expect(current.json<{ name: string; avatar_url: string | null }>()).toMatchObject({
      name: 'Test User',
      avatar_url: null,
    });
  });
});
