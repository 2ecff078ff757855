import type { Member } from '@plinth/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPage } from '../../../lib/paging';
import { MEMBERS_PAGE_SIZE, projectDataKeys } from '../../../lib/project-queries';

export const memberKeys = {
  /** Changes invalidate this: it also holds the first page other screens read (lib/project-queries). */
  project: (projectId: string) => projectDataKeys.members(projectId),
  list: (projectId: string) => [...memberKeys.project(projectId), 'pages'] as const,
};

export interface MemberPage {
  data: Member[];
  meta: { total: number; page: number; limit: number };
}

export function getMembers({
  projectId,
  page,
  signal,
}: {
  projectId: string;
  page: number;
  signal?: AbortSignal;
}): Promise<MemberPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(MEMBERS_PAGE_SIZE) });
  return api.request<MemberPage>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/members?${query}`,
    signal ? { signal } : {},
  );
}

export const membersQueryOptions = (projectId: string) =>
  infiniteQueryOptions({
    queryKey: memberKeys.list(projectId),
    queryFn: ({ pageParam, signal }) => getMembers({ projectId, page: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.meta),
  });

/** The project's members and pending invitations, oldest first, a page at a time. */
export function useMembers(projectId: string) {
  return useInfiniteQuery(membersQueryOptions(projectId));
}
