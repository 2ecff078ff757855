import type { Asset, ListMeta } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPage } from '../../../lib/paging';
import { mediaKeys, mediaPath } from './get-media';

/** The API has no list of folders: they are read off the assets, up to this many pages of 100. */
const MAX_PAGES = 10;

/** The folders the project's assets are in, sorted; `isPartial` when the library was too large to read whole. */
export async function getMediaFolders(
  projectId: string,
  signal?: AbortSignal,
): Promise<{ folders: string[]; isPartial: boolean }> {
  const folders = new Set<string>();
  let page: number | undefined = 1;
  while (page !== undefined && page <= MAX_PAGES) {
    const answer: { data: Asset[]; meta: ListMeta } = await api.request(
      `${mediaPath(projectId)}?page=${page}&limit=100`,
      signal ? { signal } : {},
    );
    for (const asset of answer.data) if (asset.folder) folders.add(asset.folder);
    page = nextPage(answer.meta);
  }
  return { folders: [...folders].sort((a, b) => a.localeCompare(b)), isPartial: page !== undefined };
}

export const mediaFoldersQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: mediaKeys.folders(projectId),
    queryFn: ({ signal }) => getMediaFolders(projectId, signal),
    staleTime: 60_000,
  });

export function useMediaFolders(projectId: string) {
  return useQuery(mediaFoldersQueryOptions(projectId));
}
