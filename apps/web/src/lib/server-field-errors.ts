import { ApiError } from './api-client';

export interface ServerFieldError {
  /** The field's path as the server names it (`name`, `scopes.1`, `collections.0`). */
  path: string;
  /** What is wrong with it, to follow the field's label ("must be in the future"). */
  message: string;
}

/**
 * The per-field problems of a refused write (`details` of a VALIDATION_FAILED answer), so a form
 * can show each beside its field; empty for any other error.
 * @example serverFieldErrors(error) // [{ path: 'expires_at', message: 'must be in the future' }]
 */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return [];
  const details = (error.body as { details?: unknown }).details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: unknown) => {
    if (!detail || typeof detail !== 'object') return [];
    const { path, message } = detail as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}
