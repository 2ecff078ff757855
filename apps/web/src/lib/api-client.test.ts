import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, isNotFound, responseError, type TokenStore } from './api-client';

function memoryTokens(initial: { access: string | null; refresh: string | null }) {
  const state = { ...initial, cleared: 0 };
  const store: TokenStore = {
    getAccessToken: () => state.access,
    getRefreshToken: () => state.refresh,
    saveTokens: (tokens) => {
      state.access = tokens.access_token;
      if (tokens.refresh_token) state.refresh = tokens.refresh_token;
    },
    clear: () => {
      state.access = null;
      state.refresh = null;
      state.cleared += 1;
    },
  };
  return { store, state };
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

interface Seen {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/** A fake API: /data accepts only the given token; /auth/refresh answers with `refresh`. */
function fakeApi(options: { validToken: string; refresh: () => Response | Promise<Response> }) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://api.test').pathname;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    seen.push({
      path,
      authorization: headers.Authorization,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    if (path === '/api/v1/auth/refresh') {
      // Slow enough for the other calls to get their 401 while the refresh is under way.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return options.refresh();
    }
    if (headers.Authorization === `Bearer ${options.validToken}`) return json(200, { ok: true, path });
    return json(401, { statusCode: 401, code: 'TOKEN_EXPIRED', message: 'The access token has expired' });
  });
  const refreshes = () => seen.filter((call) => call.path === '/api/v1/auth/refresh');
  return { fetch, seen, refreshes };
}

describe('api client', () => {
  it('sends the stored access token as a bearer header', async () => {
    const { store } = memoryTokens({ access: 'good', refresh: 'r1' });
    const server = fakeApi({ validToken: 'good', refresh: () => json(500) });
    const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, fetch: server.fetch });

    await expect(api.request('/api/v1/data')).resolves.toEqual({ ok: true, path: '/api/v1/data' });
    expect(server.seen[0]?.authorization).toBe('Bearer good');
  });

  it('refreshes once for concurrent 401s, then retries each call with the new token', async () => {
    const { store, state } = memoryTokens({ access: 'expired', refresh: 'r1' });
    const server = fakeApi({
      validToken: 'fresh',
      refresh: () => json(200, { access_token: 'fresh', refresh_token: 'r2', expires_in: 900 }),
    });
    const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, fetch: server.fetch });

    const results = await Promise.all([api.request('/api/v1/a'), api.request('/api/v1/b'), api.request('/api/v1/c')]);

    expect(results).toEqual([
      { ok: true, path: '/api/v1/a' },
      { ok: true, path: '/api/v1/b' },
      { ok: true, path: '/api/v1/c' },
    ]);
    expect(server.refreshes()).toHaveLength(1);
    expect(server.refreshes()[0]).toMatchObject({ authorization: 'Bearer r1', body: { refresh_token: 'r1' } });
    const retries = server.seen.filter(
      (call) => call.path !== '/api/v1/auth/refresh' && call.authorization === 'Bearer fresh',
    );
    expect(retries).toHaveLength(3);
    expect(state).toMatchObject({ access: 'fresh', refresh: 'r2', cleared: 0 });
  });

  it('keeps the old refresh token when the refresh answer has no new one', async () => {
    const { store, state } = memoryTokens({ access: 'expired', refresh: 'r1' });
    const server = fakeApi({ validToken: 'fresh', refresh: () => json(200, { access_token: 'fresh' }) });
    const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, fetch: server.fetch });

    await api.request('/api/v1/a');
    expect(state).toMatchObject({ access: 'fresh', refresh: 'r1' });
  });

  it('logs out without calling the server when there is no refresh token', async () => {
    const { store, state } = memoryTokens({ access: 'expired', refresh: null });
    const server = fakeApi({ validToken: 'fresh', refresh: () => json(200, { access_token: 'fresh' }) });
    const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, fetch: server.fetch });

    await expect(api.request('/api/v1/a')).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(server.refreshes()).toHaveLength(0);
    expect(state.cleared).toBe(1);
  });

  it('logs out when the refresh answer has no access_token', async () => {
    const { store, state } = memoryTokens({ access: 'expired', refresh: 'r1' });
    const server = fakeApi({ validToken: 'fresh', refresh: () => json(200, { refresh_token: 'r2' }) });
    const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, fetch: server.fetch });

    await expect(api.request('/api/v1/a')).rejects.toBeInstanceOf(ApiError);
    expect(state).toMatchObject({ access: null, refresh: null, cleared: 1 });
  });

  it('logs out every waiting call once when the shared refresh is refused', async () => {
    const { store, state } = memoryTokens({ access: 'expired', refresh: 'reused' });
    const server = fakeApi({
      validToken: 'fresh',
      refresh: () => json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Sign in again' }),
    });
    const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, fetch: server.fetch });

    const outcomes = await Promise.allSettled([api.request('/api/v1/a'), api.request('/api/v1/b')]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(server.refreshes()).toHaveLength(1);
    expect(state).toMatchObject({ access: null, refresh: null });
  });

  it('logs out when the retry after a successful refresh is refused again', async () => {
    const { store, state } = memoryTokens({ access: 'expired', refresh: 'r1' });
    // The refresh works, but the server refuses the new token too.
    const server = fakeApi({ validToken: 'never', refresh: () => json(200, { access_token: 'fresh' }) });
    const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, fetch: server.fetch });

    await expect(api.request('/api/v1/a')).rejects.toMatchObject({ status: 401 });
    expect(server.seen.map((call) => call.path)).toEqual(['/api/v1/a', '/api/v1/auth/refresh', '/api/v1/a']);
    expect(state.cleared).toBe(1);
  });

  it('never refreshes for calls made without a session', async () => {
    const { store, state } = memoryTokens({ access: null, refresh: 'r1' });
    const server = fakeApi({ validToken: 'fresh', refresh: () => json(200, { access_token: 'fresh' }) });
    const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, fetch: server.fetch });

    await expect(api.request('/api/v1/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'The access token has expired',
    });
    expect(server.refreshes()).toHaveLength(0);
    expect(state.cleared).toBe(0);
  });

  it('answers the raw Response after the same refresh, and reads an error body into an ApiError', async () => {
    const { store } = memoryTokens({ access: 'expired', refresh: 'r1' });
    const server = fakeApi({ validToken: 'fresh', refresh: () => json(200, { access_token: 'fresh' }) });
    const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, fetch: server.fetch });

    const response = await api.fetch('/api/v1/stream', {
      method: 'POST',
      body: {},
      headers: { Accept: 'text/event-stream' },
    });
    expect(response.ok).toBe(true);
    expect(server.seen.at(-1)?.authorization).toBe('Bearer fresh');
    const error = await responseError(json(503, { code: 'AI_NOT_CONFIGURED', message: 'No model' }));
    expect(error).toMatchObject({ status: 503, code: 'AI_NOT_CONFIGURED', serverMessage: 'No model' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { store } = memoryTokens({ access: 'good', refresh: 'r1' });
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = createApiClient({ baseUrl: '', tokens: store, fetch });
    await expect(api.request('/api/v1/a')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('isNotFound', () => {
  it('is true only for an API answer of 404', () => {
    expect(isNotFound(new ApiError({ status: 404 }))).toBe(true);
    expect(isNotFound(new ApiError({ status: 403 }))).toBe(false);
    expect(isNotFound(new ApiError({ status: 0, code: 'NETWORK' }))).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
  });
});
