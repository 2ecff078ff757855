import type { ProjectOverview } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../projects/api/get-projects';

export function getOverview(projectId: string, signal?: AbortSignal): Promise<{ data: ProjectOverview }> {
  return api.request<{ data: ProjectOverview }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/overview`,
    signal ? { signal } : {},
  );
}

export const overviewQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.overview(projectId),
    queryFn: ({ signal }) => getOverview(projectId, signal),
  });

export function useOverview(projectId: string) {
  return useQuery(overviewQueryOptions(projectId));
}
