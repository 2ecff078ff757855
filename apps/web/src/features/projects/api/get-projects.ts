import type { Project } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  usage: (projectId: string) => [...projectKeys.all, projectId, 'usage'] as const,
};

export interface ProjectList {
  data: Project[];
  meta?: { total: number; page: number; limit: number };
}

export function getProjects(signal?: AbortSignal): Promise<ProjectList> {
  return api.request<ProjectList>('/api/v1/projects', signal ? { signal } : {});
}

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.lists(), queryFn: ({ signal }) => getProjects(signal) });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
