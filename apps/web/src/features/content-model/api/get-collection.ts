import type { Collection } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { modelKeys, modelPath } from './model-keys';

export function getCollection(projectId: string, slug: string, signal?: AbortSignal): Promise<{ data: Collection }> {
  return api.request(modelPath(projectId, `collections/${encodeURIComponent(slug)}`), signal ? { signal } : {});
}

export const collectionQueryOptions = (projectId: string, slug: string) =>
  queryOptions({
    queryKey: modelKeys.collection(projectId, slug),
    queryFn: ({ signal }) => getCollection(projectId, slug, signal),
    // The editor holds a copy: a refetch on focus must not look like someone else's change.
    refetchOnWindowFocus: false,
  });

export function useCollection(projectId: string, slug: string | null) {
  return useQuery({ ...collectionQueryOptions(projectId, slug ?? ''), enabled: slug !== null });
}
