import type { BlogPost } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PostList {
  data: BlogPost[];
  meta: { total: number; page: number; limit: number };
}

export interface PostFilter {
  category?: string | undefined;
  page: number;
}

export const blogKeys = {
  all: ['blog'] as const,
  posts: (filter: PostFilter) => [...blogKeys.all, 'posts', filter] as const,
  post: (id: string) => [...blogKeys.all, 'post', id] as const,
  categories: () => [...blogKeys.all, 'categories'] as const,
};

export function getPosts(filter: PostFilter, signal?: AbortSignal): Promise<PostList> {
  const query = new URLSearchParams();
  if (filter.category) query.set('category', filter.category);
  if (filter.page > 1) query.set('page', String(filter.page));
  const search = query.size > 0 ? `?${query}` : '';
  return api.request<PostList>(`/api/v1/blog/posts${search}`, { auth: false, ...(signal ? { signal } : {}) });
}

export const postsQueryOptions = (filter: PostFilter) =>
  queryOptions({
    queryKey: blogKeys.posts(filter),
    queryFn: ({ signal }) => getPosts(filter, signal),
    placeholderData: keepPreviousData,
  });

export function usePosts(filter: PostFilter) {
  return useQuery(postsQueryOptions(filter));
}
