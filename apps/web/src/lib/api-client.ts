import { config } from '../config';
import { clearSession, getSession, saveTokens } from './session';

/** An answer other than 2xx, or no answer at all (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The server's `message`, when it sent one: a sentence meant to be shown as is. */
  readonly serverMessage: string | null;
  readonly body: unknown;

  constructor(options: { status: number; code?: string | null; serverMessage?: string | null; body?: unknown }) {
    super(options.serverMessage ?? `Request failed with status ${options.status}`);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code ?? null;
    this.serverMessage = options.serverMessage ?? null;
    this.body = options.body;
  }
}

/** The server's message when the error carries one, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** Whether the API answered 404: the record was deleted, never existed, or the caller may not see it. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  saveTokens(tokens: { access_token: string; refresh_token?: string | undefined }): void;
  /** Logout: removes the tokens and the stored user. */
  clear(): void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData (a file upload) is sent as multipart/form-data as it is. */
  body?: unknown;
  /** false for calls made without a session (login, register…): no token, no refresh on 401. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * The same call with the same session handling (token, one refresh on 401), answering the
   * Response as it came, body unread: for streams (server-sent events). Not-2xx is not thrown;
   * pass it to `responseError`.
   */
  fetch(path: string, options?: RequestOptions): Promise<Response>;
}

export interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  fetch?: typeof globalThis.fetch;
  /** How often a call waiting for another call's refresh looks again (the spec says 100 ms). */
  refreshPollMs?: number;
}

export const REFRESH_PATH = '/api/v1/auth/refresh';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function field(body: unknown, name: string): string | null {
  if (!body || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A fetch wrapper for the Plinth API. Every call carries the stored access token; a 401 leads to
 * one refresh, shared by all the calls that got a 401 meanwhile, then one retry. A missing refresh
 * token, a refresh that fails or answers without an access_token, or a retry that is refused
 * again ends the session.
 * @example const api = createApiClient({ baseUrl: '', tokens }); await api.request('/api/v1/projects');
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, tokens } = options;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const pollMs = options.refreshPollMs ?? 100;
  let isRefreshing = false;

  const endSession = () => tokens.clear();

  /** Resolves true when a fresh access token is stored, false when the session ended. */
  async function refresh(): Promise<boolean> {
    if (isRefreshing) {
      // Another call is refreshing already: wait for it instead of spending the refresh token twice.
      while (isRefreshing) await sleep(pollMs);
      return tokens.getAccessToken() !== null;
    }
    isRefreshing = true;
    try {
      const refreshToken = tokens.getRefreshToken();
      if (!refreshToken) {
        endSession();
        return false;
      }
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}${REFRESH_PATH}`, {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${refreshToken}`,
          },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
      } catch {
        endSession();
        return false;
      }
      const body = await readBody(response).catch(() => undefined);
      const accessToken = response.ok ? field(body, 'access_token') : null;
      if (!accessToken) {
        endSession();
        return false;
      }
      tokens.saveTokens({ access_token: accessToken, refresh_token: field(body, 'refresh_token') ?? undefined });
      return true;
    } finally {
      isRefreshing = false;
    }
  }

  async function send(path: string, request: RequestOptions, accessToken: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    // The browser writes a form's Content-Type itself: it carries the multipart boundary.
    const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
    if (request.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    let body: BodyInit | undefined;
    if (isForm) body = request.body as FormData;
    else if (request.body !== undefined) body = JSON.stringify(request.body);
    try {
      return await doFetch(`${baseUrl}${path}`, {
        method: request.method ?? 'GET',
        headers,
        body,
        signal: request.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError({
        status: 0,
        code: 'NETWORK',
        serverMessage: null,
        body: error instanceof Error ? error.message : undefined,
      });
    }
  }

  async function toResult<T>(response: Response): Promise<T> {
    if (response.ok) return (await readBody(response)) as T;
    throw await responseError(response);
  }

  async function fetchWithSession(path: string, request: RequestOptions = {}): Promise<Response> {
    const useSession = request.auth !== false;
    const sentWith = useSession ? tokens.getAccessToken() : null;
    const response = await send(path, request, sentWith);
    if (response.status !== 401 || !useSession) return response;

    // Someone else may have refreshed while this call was in flight; then just retry.
    const current = tokens.getAccessToken();
    const hasFreshToken = current !== null && current !== sentWith;
    if (!hasFreshToken && !(await refresh())) return response;

    const retried = await send(path, request, tokens.getAccessToken());
    if (retried.status === 401) endSession();
    return retried;
  }

  async function request<T>(path: string, request: RequestOptions = {}): Promise<T> {
    return toResult<T>(await fetchWithSession(path, request));
  }

  return { request, fetch: fetchWithSession };
}

/**
 * The ApiError of an answer other than 2xx, from its error body (API.md's shape).
 * @example const response = await api.fetch(path); if (!response.ok) throw await responseError(response);
 */
export async function responseError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  return new ApiError({
    status: response.status,
    code: field(body, 'code'),
    serverMessage: field(body, 'message'),
    body,
  });
}

/** The session kept in localStorage, as the API client sees it. */
export const sessionTokens: TokenStore = {
  getAccessToken: () => getSession().accessToken,
  getRefreshToken: () => getSession().refreshToken,
  saveTokens,
  clear: clearSession,
};

export const api: ApiClient = createApiClient({ baseUrl: config.apiBaseUrl, tokens: sessionTokens });
