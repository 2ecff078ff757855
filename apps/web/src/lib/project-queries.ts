// A project's data that several features read (features may not import each other): one query
// each, so they share one cache entry. Every key of a project (features/projects' `projectKeys`
// included) starts with `projectDataKeys.project(projectId)`, so invalidating a project refreshes them all.
import type { Collection, Component, Member } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const projectDataKeys = {
  /** Every project query: the lists and each project's data. */
  all: ['projects'] as const,
  project: (projectId: string) => [...projectDataKeys.all, projectId] as const,
  collections: (projectId: string) => [...projectDataKeys.project(projectId), 'collections'] as const,
  components: (projectId: string) => [...projectDataKeys.project(projectId), 'components'] as const,
  /** Every query of the project's members (this first page, the members screen's pages) is under it. */
  members: (projectId: string) => [...projectDataKeys.project(projectId), 'members'] as const,
};

/** The project's collections and singletons (the schema endpoint is not paged). */
export function getCollections(projectId: string, signal?: AbortSignal): Promise<{ data: Collection[] }> {
  return api.request<{ data: Collection[] }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/collections`,
    signal ? { signal } : {},
  );
}

export const collectionsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectDataKeys.collections(projectId),
    queryFn: ({ signal }) => getCollections(projectId, signal),
  });

export function useCollections(projectId: string) {
  return useQuery(collectionsQueryOptions(projectId));
}

/** The project's components: the shapes of blocks (the schema endpoint is not paged). */
export function getComponents(projectId: string, signal?: AbortSignal): Promise<{ data: Component[] }> {
  return api.request<{ data: Component[] }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/components`,
    signal ? { signal } : {},
  );
}

export const componentsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectDataKeys.components(projectId),
    queryFn: ({ signal }) => getComponents(projectId, signal),
  });

export function useComponents(projectId: string) {
  return useQuery(componentsQueryOptions(projectId));
}

/** The most the API gives in one page; the members of most projects fit in it. */
export const MEMBERS_PAGE_SIZE = 100;

/** The project's first 100 members and invitations, which every member may read: enough to name people. */
export function getProjectMembers(projectId: string, signal?: AbortSignal): Promise<{ data: Member[] }> {
  return api.request<{ data: Member[] }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/members?limit=${MEMBERS_PAGE_SIZE}`,
    signal ? { signal } : {},
  );
}

export const projectMembersQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectDataKeys.members(projectId),
    queryFn: ({ signal }) => getProjectMembers(projectId, signal),
    staleTime: 5 * 60_000,
  });

export function useProjectMembers(projectId: string) {
  return useQuery(projectMembersQueryOptions(projectId));
}
