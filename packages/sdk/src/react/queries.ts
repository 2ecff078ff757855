import { queryOptions, skipToken, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { CollectionMap, PlinthClient } from '../client.js';
import type { DocumentData, DocumentList, DocumentQuery, DocumentReadOptions, PlinthDocument } from '../documents.js';
import type { PlinthError, PlinthNetworkError } from '../errors.js';
import { usePlinthClient } from './provider.js';

/** What a hook's `error` holds: an error answer, or no answer at all. */
export type PlinthFailure = PlinthError | PlinthNetworkError;

/** The client fields that tell projects apart in query keys. */
type ClientIdentity = Pick<PlinthClient<CollectionMap>, 'url' | 'projectId'>;

/**
 * Query keys of the hooks, one level per narrowing, so that invalidating
 * `plinthKeys.documents(client, 'articles')` refreshes every list and read of that collection.
 * @example queryClient.invalidateQueries({ queryKey: plinthKeys.documents(client, 'articles') })
 */
export const plinthKeys = {
  all: (client: ClientIdentity) => ['plinth', client.url, client.projectId ?? null] as const,
  documents: (client: ClientIdentity, collection: string) =>
    [...plinthKeys.all(client), 'documents', collection] as const,
  documentList: (client: ClientIdentity, collection: string, query: object = {}) =>
    [...plinthKeys.documents(client, collection), 'list', query] as const,
  document: (client: ClientIdentity, collection: string, id: string, options: object = {}) =>
    [...plinthKeys.documents(client, collection), 'detail', id, options] as const,
};

/**
 * Query options of a document list, for `useQuery`, `prefetchQuery` or `useSuspenseQuery`.
 * @example await queryClient.prefetchQuery(documentsQueryOptions<Article>(client, 'articles', { limit: 10 }));
 */
export function documentsQueryOptions<T extends DocumentData = Record<string, unknown>>(
  client: PlinthClient<CollectionMap>,
  collection: string,
  query: DocumentQuery<T> = {},
) {
  return queryOptions<DocumentList<T>, PlinthFailure>({
    queryKey: plinthKeys.documentList(client, collection, query),
    queryFn: ({ signal }) => client.collection<T>(collection).list(query, { signal }),
  });
}

/** Query options of one document. */
export function documentQueryOptions<T extends DocumentData = Record<string, unknown>>(
  client: PlinthClient<CollectionMap>,
  collection: string,
  id: string,
  options: DocumentReadOptions<T> = {},
) {
  return queryOptions<PlinthDocument<T>, PlinthFailure>({
    queryKey: plinthKeys.document(client, collection, id, options),
    queryFn: ({ signal }) => client.collection<T>(collection).get(id, { ...options, signal }),
  });
}

/** TanStack Query options the hooks pass through (everything but the key and the fetcher). */
export type HookQueryOptions<TData> = Omit<UseQueryOptions<TData, PlinthFailure>, 'queryKey' | 'queryFn'>;

/**
 * A page of a collection's documents, refetched when `query` changes.
 * @example const { data, error, isPending } = useDocuments<Article>('articles', { sort: '-published_at', limit: 10 });
 */
export function useDocuments<T extends DocumentData = Record<string, unknown>>(
  collection: string,
  query: DocumentQuery<T> = {},
  options: HookQueryOptions<DocumentList<T>> = {},
) {
  const client = usePlinthClient();
  return useQuery({ ...options, ...documentsQueryOptions<T>(client, collection, query) });
}

/**
 * One document; nothing is fetched while `id` is undefined.
 * @example const { data: article } = useDocument<Article>('articles', id, { populate: ['author'] });
 */
export function useDocument<T extends DocumentData = Record<string, unknown>>(
  collection: string,
  id: string | undefined,
  options: DocumentReadOptions<T> & { query?: HookQueryOptions<PlinthDocument<T>> } = {},
) {
  const client = usePlinthClient();
  const { query, ...read } = options;
  const base = documentQueryOptions<T>(client, collection, id ?? '', read);
  return useQuery({ ...query, queryKey: base.queryKey, queryFn: id === undefined ? skipToken : base.queryFn });
}
