import type { AuditEntry } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../projects/api/get-projects';

export const RECENT_ACTIVITY_LIMIT = 8;

export function getRecentActivity(projectId: string, signal?: AbortSignal): Promise<{ data: AuditEntry[] }> {
  return api.request<{ data: AuditEntry[] }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/audit-log?limit=${RECENT_ACTIVITY_LIMIT}`,
    signal ? { signal } : {},
  );
}

export const recentActivityQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.activity(projectId),
    queryFn: ({ signal }) => getRecentActivity(projectId, signal),
  });

export function useRecentActivity(projectId: string) {
  return useQuery(recentActivityQueryOptions(projectId));
}
