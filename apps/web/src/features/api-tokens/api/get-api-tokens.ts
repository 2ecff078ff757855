import type { ApiToken } from '@plinth/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPage } from '../../../lib/paging';

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  lists: () => [...apiTokenKeys.all, 'list'] as const,
  list: (projectId: string) => [...apiTokenKeys.lists(), projectId] as const,
};

export interface ApiTokenPage {
  data: ApiToken[];
  meta: { total: number; page: number; limit: number };
}

/** Tokens are few; a page of 100 usually holds them all, and "Show more" fetches the rest. */
export const API_TOKENS_PAGE_SIZE = 100;

export function getApiTokens(projectId: string, page: number, signal?: AbortSignal): Promise<ApiTokenPage> {
  return api.request<ApiTokenPage>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/api-tokens?page=${page}&limit=${API_TOKENS_PAGE_SIZE}`,
    signal ? { signal } : {},
  );
}

export const apiTokensQueryOptions = (projectId: string) =>
  infiniteQueryOptions({
    queryKey: apiTokenKeys.list(projectId),
    queryFn: ({ pageParam, signal }) => getApiTokens(projectId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.meta),
  });

export function useApiTokens(projectId: string) {
  return useInfiniteQuery(apiTokensQueryOptions(projectId));
}
