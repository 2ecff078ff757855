import type { ListMeta } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { modelKeys, modelPath } from './model-keys';

/** How many documents a collection holds: one document asked for, the total read from `meta`. */
export async function getDocumentCount(projectId: string, slug: string, signal?: AbortSignal): Promise<number> {
  const answer = await api.request<{ meta: ListMeta }>(
    modelPath(projectId, `collections/${encodeURIComponent(slug)}/documents?limit=1`),
    signal ? { signal } : {},
  );
  return answer.meta.total;
}

export const documentCountQueryOptions = (projectId: string, slug: string) =>
  queryOptions({
    queryKey: modelKeys.documentCount(projectId, slug),
    queryFn: ({ signal }) => getDocumentCount(projectId, slug, signal),
    staleTime: 60_000,
  });

export function useDocumentCount(projectId: string, slug: string) {
  return useQuery(documentCountQueryOptions(projectId, slug));
}
