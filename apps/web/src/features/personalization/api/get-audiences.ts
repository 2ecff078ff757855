import type { Audience } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const audienceKeys = {
  all: ['audiences'] as const,
  lists: () => [...audienceKeys.all, 'list'] as const,
  list: (projectId: string) => [...audienceKeys.lists(), projectId] as const,
};

export interface AudienceList {
  data: Audience[];
  meta: { total: number; page: number; limit: number };
}

/** The project's audiences, in the order delivery tries them (ascending priority, then key). */
export function getAudiences(projectId: string, signal?: AbortSignal): Promise<AudienceList> {
  return api.request<AudienceList>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/audiences`,
    signal ? { signal } : {},
  );
}

export const audiencesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: audienceKeys.list(projectId),
    queryFn: ({ signal }) => getAudiences(projectId, signal),
  });

export function useAudiences(projectId: string, { enabled = true } = {}) {
  return useQuery({ ...audiencesQueryOptions(projectId), enabled });
}
