import type { ListMeta, Project } from '@plinth/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPage } from '../../../lib/paging';
import { projectDataKeys } from '../../../lib/project-queries';

export const projectKeys = {
  all: projectDataKeys.all,
  /** Everything of one project: its detail, usage, overview… and the shared data of lib/project-queries. */
  project: projectDataKeys.project,
  lists: () => [...projectKeys.all, 'list'] as const,
  pages: () => [...projectKeys.lists(), 'pages'] as const,
  detail: (projectId: string) => [...projectKeys.project(projectId), 'detail'] as const,
  usage: (projectId: string) => [...projectKeys.project(projectId), 'usage'] as const,
  overview: (projectId: string) => [...projectKeys.project(projectId), 'overview'] as const,
  activity: (projectId: string) => [...projectKeys.project(projectId), 'activity'] as const,
};

export interface ProjectList {
  data: Project[];
  meta?: ListMeta;
}

export function getProjects(signal?: AbortSignal, page?: { page: number; limit: number }): Promise<ProjectList> {
  const query = page ? `?page=${page.page}&limit=${page.limit}` : '';
  return api.request<ProjectList>(`/api/v1/projects${query}`, signal ? { signal } : {});
}

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.lists(), queryFn: ({ signal }) => getProjects(signal) });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}

/** The most the API lists at once: most people's projects fit on the first page. */
const PAGE_SIZE = 100;

/** Every project of the user, a page at a time, for the projects screen. */
export const projectPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: projectKeys.pages(),
    queryFn: ({ signal, pageParam }) => getProjects(signal, { page: pageParam, limit: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.meta),
  });

export function useProjectPages() {
  return useInfiniteQuery(projectPagesQueryOptions());
}
