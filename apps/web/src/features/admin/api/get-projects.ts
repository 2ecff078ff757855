import type { AdminProject, ListMeta } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { searchOf } from './search';

export interface AdminProjectFilter {
  /** Part of the name or slug; left out when empty. */
  q?: string | undefined;
  page: number;
  limit: number;
}

export const adminProjectKeys = {
  all: ['admin', 'projects'] as const,
  list: (filter: AdminProjectFilter) => [...adminProjectKeys.all, 'list', filter] as const,
};

export interface AdminProjectList {
  data: AdminProject[];
  meta: ListMeta;
}

export function getAdminProjects(filter: AdminProjectFilter, signal?: AbortSignal): Promise<AdminProjectList> {
  return api.request<AdminProjectList>(`/api/v1/admin/projects${searchOf(filter)}`, signal ? { signal } : {});
}

export const adminProjectsQueryOptions = (filter: AdminProjectFilter) =>
  queryOptions({
    queryKey: adminProjectKeys.list(filter),
    queryFn: ({ signal }) => getAdminProjects(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminProjects(filter: AdminProjectFilter) {
  return useQuery(adminProjectsQueryOptions(filter));
}
