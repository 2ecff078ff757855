import type { Usage } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

export function getProjectUsage(projectId: string, signal?: AbortSignal): Promise<{ data: Usage }> {
  return api.request<{ data: Usage }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/usage`,
    signal ? { signal } : {},
  );
}

export const projectUsageQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.usage(projectId),
    queryFn: ({ signal }) => getProjectUsage(projectId, signal),
  });

export function useProjectUsage(projectId: string) {
  return useQuery(projectUsageQueryOptions(projectId));
}
