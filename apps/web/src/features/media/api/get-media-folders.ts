import type { MediaFolderCount, MediaFolderList } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mediaKeys, mediaPath } from './get-media';

/** The folders that hold the project's files, by name, with how many each holds. */
export async function getMediaFolders(projectId: string, signal?: AbortSignal): Promise<MediaFolderCount[]> {
  const answer: MediaFolderList = await api.request(`${mediaPath(projectId)}/folders`, signal ? { signal } : {});
  return answer.data;
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
