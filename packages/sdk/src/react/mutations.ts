import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionApi } from '../client.js';
import type {
  CreateDocumentOptions,
  DocumentData,
  DocumentInput,
  PlinthDocument,
  UpdateDocumentOptions,
} from '../documents.js';
import { usePlinthClient } from './provider.js';
import { type PlinthFailure, plinthKeys } from './queries.js';

/** TanStack Query mutation options the hooks pass through (everything but the function). */
export type HookMutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, PlinthFailure, TVariables>,
  'mutationFn'
>;

/**
 * A mutation on one collection that refreshes the collection's lists and reads when it
 * succeeds, before the caller's own `onSuccess`.
 */
function useCollectionMutation<T extends DocumentData, TData, TVariables>(
  collection: string,
  run: (documents: CollectionApi<T>, variables: TVariables) => Promise<TData>,
  options: HookMutationOptions<TData, TVariables>,
) {
  const client = usePlinthClient();
  const queryClient = useQueryClient();
  return useMutation<TData, PlinthFailure, TVariables>({
    ...options,
    mutationFn: (variables) => run(client.collection<T>(collection), variables),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: plinthKeys.documents(client, collection) });
      return options.onSuccess?.(...args);
    },
  });
}

/**
 * Creates documents: `mutate({ data, status?, locale?, idempotencyKey? })`.
 * @example const create = useCreateDocument<Article>('articles'); create.mutate({ data: { title } });
 */
export function useCreateDocument<T extends DocumentData = Record<string, unknown>>(
  collection: string,
  options: HookMutationOptions<PlinthDocument<T>, { data: DocumentInput<T> } & CreateDocumentOptions> = {},
) {
  return useCollectionMutation<T, PlinthDocument<T>, { data: DocumentInput<T> } & CreateDocumentOptions>(
    collection,
    (documents, { data, ...create }) => documents.create(data, create),
    options,
  );
}

/**
 * Updates documents: `mutate({ id, data, version?, locale? })`; a stale `version` fails with `CONFLICT`.
 * @example const update = useUpdateDocument<Article>('articles'); update.mutate({ id, data: { title }, version });
 */
export function useUpdateDocument<T extends DocumentData = Record<string, unknown>>(
  collection: string,
  options: HookMutationOptions<PlinthDocument<T>, { id: string; data: DocumentInput<T> } & UpdateDocumentOptions> = {},
) {
  return useCollectionMutation<T, PlinthDocument<T>, { id: string; data: DocumentInput<T> } & UpdateDocumentOptions>(
    collection,
    (documents, { id, data, ...update }) => documents.update(id, data, update),
    options,
  );
}

/**
 * What the publish and unpublish hooks take: the document's id (every locale), or the id with
 * the locales concerned.
 * @example publish.mutate({ id, locales: ['es'] })
 */
export type PublishVariables = string | { id: string; locales?: readonly string[] };

const publishArgs = (variables: PublishVariables): [string, { locales?: readonly string[] }] =>
  typeof variables === 'string'
    ? [variables, {}]
    : [variables.id, variables.locales ? { locales: variables.locales } : {}];

/** Publishes a document: `mutate(id)`, or `mutate({ id, locales: ['es'] })` for some locales only. */
export function usePublishDocument<T extends DocumentData = Record<string, unknown>>(
  collection: string,
  options: HookMutationOptions<PlinthDocument<T>, PublishVariables> = {},
) {
  return useCollectionMutation<T, PlinthDocument<T>, PublishVariables>(
    collection,
    (documents, variables) => documents.publish(...publishArgs(variables)),
    options,
  );
}

/** Unpublishes a document: `mutate(id)`, or `mutate({ id, locales: ['fr'] })` for some locales only. */
export function useUnpublishDocument<T extends DocumentData = Record<string, unknown>>(
  collection: string,
  options: HookMutationOptions<PlinthDocument<T>, PublishVariables> = {},
) {
  return useCollectionMutation<T, PlinthDocument<T>, PublishVariables>(
    collection,
    (documents, variables) => documents.unpublish(...publishArgs(variables)),
    options,
  );
}

/** Moves a document to trash: `mutate(id)`. */
export function useDeleteDocument(collection: string, options: HookMutationOptions<void, string> = {}) {
  return useCollectionMutation<DocumentData, void, string>(
    collection,
    (documents, id) => documents.delete(id),
    options,
  );
}
