import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client';
import { notify } from './notifications';

/**
 * What a mutation wants said when it settles. Toasts are raised here, in one place, from this
 * meta; forms and the HTTP client never raise them themselves.
 */
export interface MutationToasts {
  /** A fixed text, or one taken from the answer (undefined: no toast). */
  success?: string | ((data: unknown) => string | undefined);
  /** The text on failure. */
  error?: string;
  /** Show the server's `message` when it sent one, and `error` only as the fallback. */
  preferServerMessage?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { toasts?: MutationToasts };
  }
}

/** The app's query client; tests pass `retryQueries: false` so failures show at once. */
export function createQueryClient(options: { retryQueries?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data older than this is fetched again when the tab comes back into view.
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) =>
          options.retryQueries !== false &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
    },
    mutationCache: new MutationCache({
      onSuccess: (data, _variables, _context, mutation) => {
        const success = mutation.meta?.toasts?.success;
        const text = typeof success === 'function' ? success(data) : success;
        if (text) notify('success', text);
      },
      onError: (error, _variables, _context, mutation) => {
        const toasts = mutation.meta?.toasts;
        if (!toasts?.error) return;
        notify('error', toasts.preferServerMessage ? errorMessage(error, toasts.error) : toasts.error);
      },
    }),
  });
}
