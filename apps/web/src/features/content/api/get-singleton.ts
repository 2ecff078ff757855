import type { Document } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentKeys, getDocuments } from './get-documents';

/** A singleton's one document, or null before anyone wrote it. */
export const singletonQueryOptions = (projectId: string, collection: string) =>
  queryOptions({
    queryKey: [...documentKeys.collection(projectId, collection), 'singleton'] as const,
    queryFn: async ({ signal }): Promise<Document | null> => {
      const page = await getDocuments(
        projectId,
        { collection, q: '', sort: [], filters: [], locale: null, status: null, populate: [] },
        null,
        signal,
        1,
      );
      return page.data[0] ?? null;
    },
  });

export function useSingleton(projectId: string, collection: string) {
  return useQuery(singletonQueryOptions(projectId, collection));
}
