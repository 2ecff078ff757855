import type { LinkedIdentityList } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meKeys } from './get-me';

export function getIdentities(signal?: AbortSignal): Promise<LinkedIdentityList> {
  return api.request<LinkedIdentityList>('/api/v1/auth/me/identities', signal ? { signal } : {});
}

export const identitiesQueryOptions = () =>
  queryOptions({ queryKey: meKeys.identities(), queryFn: ({ signal }) => getIdentities(signal) });

/** The sign-in providers (GitHub, Google, single sign-on) linked to the signed-in user. */
export function useIdentities() {
  return useQuery(identitiesQueryOptions());
}
