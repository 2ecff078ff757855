import type { StarterList } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const starterKeys = {
  all: ['starters'] as const,
};

export function getStarters(signal?: AbortSignal): Promise<StarterList> {
  return api.request<StarterList>('/api/v1/starters', signal ? { signal } : {});
}

/** What a new project can start from; the list changes only with a new release. */
export const startersQueryOptions = () =>
  queryOptions({ queryKey: starterKeys.all, queryFn: ({ signal }) => getStarters(signal), staleTime: Infinity });

export function useStarters() {
  return useQuery(startersQueryOptions());
}
