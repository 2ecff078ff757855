import type { AssetReferenceList } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mediaKeys, mediaPath } from './get-media';

/** How many documents the details panel names; the count covers the rest. */
export const SHOWN_REFERENCES = 10;

/** The documents that use a file (media fields, blocks, images in rich text), newest first. */
export function getAssetReferences(
  projectId: string,
  assetId: string,
  signal?: AbortSignal,
): Promise<AssetReferenceList> {
  return api.request(`${mediaPath(projectId, assetId)}/references?limit=${SHOWN_REFERENCES}`, signal ? { signal } : {});
}

export const assetReferencesQueryOptions = (projectId: string, assetId: string) =>
  queryOptions({
    queryKey: mediaKeys.references(projectId, assetId),
    queryFn: ({ signal }) => getAssetReferences(projectId, assetId, signal),
  });

export function useAssetReferences(projectId: string, assetId: string) {
  return useQuery(assetReferencesQueryOptions(projectId, assetId));
}
