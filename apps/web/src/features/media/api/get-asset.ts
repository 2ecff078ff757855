import type { Asset } from '@plinth/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mediaKeys, mediaPath } from './get-media';

export function getAsset(projectId: string, assetId: string, signal?: AbortSignal): Promise<{ data: Asset }> {
  return api.request(mediaPath(projectId, assetId), signal ? { signal } : {});
}

export const assetQueryOptions = (projectId: string, assetId: string) =>
  queryOptions({
    queryKey: mediaKeys.detail(projectId, assetId),
    queryFn: ({ signal }) => getAsset(projectId, assetId, signal),
  });

/** One asset; shown at once from a loaded page of the library while its own read is under way. */
export function useAsset(projectId: string, assetId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...assetQueryOptions(projectId, assetId ?? ''),
    enabled: assetId !== null,
    placeholderData: () => {
      const pages = queryClient.getQueriesData<{ data: Asset[] }>({ queryKey: mediaKeys.lists(projectId) });
      for (const [, page] of pages) {
        const found = page?.data.find((asset) => asset.id === assetId);
        if (found) return { data: found };
      }
      return undefined;
    },
  });
}
