/** A query-string value; `undefined` and `null` leave the parameter out. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * One API call as plain data: what to send, and what the answer's JSON becomes. The request
 * functions (`listDocuments`, `uploadMedia`, …) build these without doing any I/O, and a client
 * runs them with `client.request(...)`, so calls are easy to test, compose and tree-shake.
 * @example const request = getDocument<Article>({ projectId, collection: 'articles', id });
 * const article = await client.request(request);
 */
export interface PlinthRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `/api/v1`, such as `/projects/p1/collections`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (uploads); the runtime sets the boundary. */
  form?: FormData;
  headers?: Record<string, string>;
  /** The answer carries an ETag the client may revalidate with `If-None-Match`. */
  revalidate?: boolean;
  /** Turns the parsed JSON body (undefined for 204) into the call's result. */
  read: (body: unknown) => T;
}

/** Per-call options every client method takes. */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Options of calls that create something (API.md: creates accept an `Idempotency-Key`). */
export interface CreateOptions extends CallOptions {
  /** A retry with the same key and body within 24 hours returns the first answer and creates nothing. */
  idempotencyKey?: string;
}

/** `{ data: T }` → T. */
export const readData =
  <T>() =>
  (body: unknown): T =>
    (body as { data: T }).data;

/** The body as is. */
export const readBody =
  <T>() =>
  (body: unknown): T =>
    body as T;

/** Answers without a body (204). */
export const readNothing = (): undefined => undefined;

/** A path segment from a caller's value (ids, slugs), escaped so it cannot change the path. */
export const segment = (value: string) => encodeURIComponent(value);

/** `/projects/:projectId` plus the rest. */
export const projectPath = (projectId: string, rest = '') => `/projects/${segment(projectId)}${rest}`;

/** The header that makes a create idempotent, when a key is given. */
export const idempotencyHeaders = (options: CreateOptions | undefined): Record<string, string> | undefined =>
  options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined;

/**
 * The query string of a request, parameters in the given order; `undefined` and `null` are
 * left out and booleans are written `true`/`false`.
 * @example toSearchParams({ limit: 10, q: undefined }).toString() // 'limit=10'
 */
export function toSearchParams(query: Record<string, QueryValue> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  return params;
}
