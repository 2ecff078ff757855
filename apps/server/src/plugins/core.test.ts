import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, signUp, type TestApp } from '../test/harness.js';

describe('server core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a 404 in the error shape', async () => {
    const response = await t.app.inject({ url: '/api/v1/nope' });
    expectError(response, 404, 'NOT_FOUND');
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expectError(response, 400, 'VALIDATION_FAILED');
  });

  it('rejects unknown body properties and names the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'A', email: 'a@example.com', password: 'long enough', is_admin: true },
    });
    const body = expectError(response, 400, 'VALIDATION_FAILED');
    expect(body.details).toContainEqual({ path: 'is_admin', message: 'is not allowed' });
  });

  it('sends security headers and a request id on every answer', async () => {
    const response = await t.app.inject({ url: '/api/v1/nope', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('serves OpenAPI 3.1 generated from the route schemas, and the reference page', async () => {
    const spec = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(
      spec.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('username');
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('registers, signs in and reads the current user', async () => {
    const session = await signUp(t.app, { email: 'first@example.com' });
    const me = await t.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'first@example.com', is_admin: true, avatar_url: null });
  });
});
