import type { CurrentUser } from '@plinth/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateUser } from '../../../lib/session';

export const meKeys = {
  all: ['me'] as const,
  detail: () => [...meKeys.all, 'detail'] as const,
  identities: () => [...meKeys.all, 'identities'] as const,
};

export function getMe(signal?: AbortSignal): Promise<CurrentUser> {
  return api.request<CurrentUser>('/api/v1/auth/me', signal ? { signal } : {});
}

export const meQueryOptions = () => queryOptions({ queryKey: meKeys.detail(), queryFn: ({ signal }) => getMe(signal) });

/** The signed-in user as the profile needs it, with `has_password`. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * Keeps everything that shows the user in step with an answer of the API: the profile's query,
 * and the stored user that the account menu and avatars read (merged, as the product spec says).
 */
export function storeMe(queryClient: QueryClient, me: CurrentUser): void {
  queryClient.setQueryData(meKeys.detail(), me);
  updateUser(me);
}
