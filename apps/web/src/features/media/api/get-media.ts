import type { Asset, ListMeta, MediaKind } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the library shows: the API's list query (API.md, Media). */
export interface MediaListFilter {
  q: string;
  type: MediaKind | null;
  folder: string | null;
  page: number;
}

export const MEDIA_PAGE_SIZE = 48;

export const mediaKeys = {
  all: ['media'] as const,
  project: (projectId: string) => [...mediaKeys.all, projectId] as const,
  lists: (projectId: string) => [...mediaKeys.project(projectId), 'list'] as const,
  list: (projectId: string, filter: MediaListFilter) => [...mediaKeys.lists(projectId), filter] as const,
  folders: (projectId: string) => [...mediaKeys.project(projectId), 'folders'] as const,
  detail: (projectId: string, assetId: string) => [...mediaKeys.project(projectId), 'detail', assetId] as const,
  references: (projectId: string, assetId: string) => [...mediaKeys.project(projectId), 'references', assetId] as const,
};

/**
 * The API path of the project's media library, or of one asset in it.
 * @example mediaPath('p1', 'a1') // '/api/v1/projects/p1/media/a1'
 */
export function mediaPath(projectId: string, assetId?: string): string {
  const base = `/api/v1/projects/${encodeURIComponent(projectId)}/media`;
  return assetId ? `${base}/${encodeURIComponent(assetId)}` : base;
}

export function mediaListQuery(filter: MediaListFilter, limit = MEDIA_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.type) params.set('type', filter.type);
  if (filter.folder) params.set('folder', filter.folder);
  params.set('page', String(filter.page));
  params.set('limit', String(limit));
  return params.toString();
}

export function getMedia(
  projectId: string,
  filter: MediaListFilter,
  signal?: AbortSignal,
): Promise<{ data: Asset[]; meta: ListMeta }> {
  return api.request(`${mediaPath(projectId)}?${mediaListQuery(filter)}`, signal ? { signal } : {});
}

export const mediaQueryOptions = (projectId: string, filter: MediaListFilter) =>
  queryOptions({
    queryKey: mediaKeys.list(projectId, filter),
    queryFn: ({ signal }) => getMedia(projectId, filter, signal),
    placeholderData: keepPreviousData,
  });

export function useMedia(projectId: string, filter: MediaListFilter) {
  return useQuery(mediaQueryOptions(projectId, filter));
}
