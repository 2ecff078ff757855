import type { Project } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

export function getProject(projectId: string, signal?: AbortSignal): Promise<{ data: Project }> {
  return api.request<{ data: Project }>(`/api/v1/projects/${encodeURIComponent(projectId)}`, signal ? { signal } : {});
}

export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
  });

export function useProject(projectId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...projectQueryOptions(projectId), enabled: options.enabled ?? true });
}
