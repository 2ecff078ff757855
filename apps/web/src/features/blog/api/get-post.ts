import type { BlogPost } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { blogKeys } from './get-posts';

export function getPost(id: string, signal?: AbortSignal): Promise<{ data: BlogPost }> {
  return api.request<{ data: BlogPost }>(`/api/v1/blog/posts/${encodeURIComponent(id)}`, {
    auth: false,
    ...(signal ? { signal } : {}),
  });
}

export const postQueryOptions = (id: string) =>
  queryOptions({ queryKey: blogKeys.post(id), queryFn: ({ signal }) => getPost(id, signal) });

export function usePost(id: string) {
  return useQuery(postQueryOptions(id));
}
