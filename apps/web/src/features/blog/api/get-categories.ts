import type { BlogCategory } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { blogKeys } from './get-posts';

export function getCategories(signal?: AbortSignal): Promise<{ data: BlogCategory[] }> {
  return api.request<{ data: BlogCategory[] }>('/api/v1/blog/categories', {
    auth: false,
    ...(signal ? { signal } : {}),
  });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: blogKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
