import type { AdminUser, ListMeta, UserStatus } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { searchOf } from './search';

export interface AdminUserFilter {
  status?: UserStatus | undefined;
  page: number;
  limit: number;
}

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (filter: AdminUserFilter) => [...adminUserKeys.all, 'list', filter] as const,
};

export interface AdminUserList {
  data: AdminUser[];
  meta: ListMeta;
}

export function getAdminUsers(filter: AdminUserFilter, signal?: AbortSignal): Promise<AdminUserList> {
  return api.request<AdminUserList>(`/api/v1/admin/users${searchOf(filter)}`, signal ? { signal } : {});
}

export const adminUsersQueryOptions = (filter: AdminUserFilter) =>
  queryOptions({
    queryKey: adminUserKeys.list(filter),
    queryFn: ({ signal }) => getAdminUsers(filter, signal),
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(filter: AdminUserFilter) {
  return useQuery(adminUsersQueryOptions(filter));
}
