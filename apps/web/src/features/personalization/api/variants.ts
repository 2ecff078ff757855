import type { AiVariantBody, DocumentVariant, PutVariantBody } from '@plinth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface DocumentRef {
  projectId: string;
  collection: string;
  documentId: string;
}

export const variantKeys = {
  all: ['variants'] as const,
  lists: () => [...variantKeys.all, 'list'] as const,
  document: ({ projectId, collection, documentId }: DocumentRef) =>
    [...variantKeys.lists(), projectId, collection, documentId] as const,
  list: (ref: DocumentRef, locale: string) => [...variantKeys.document(ref), locale] as const,
};

const variantsPath = ({ projectId, collection, documentId }: DocumentRef) =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/collections/${encodeURIComponent(collection)}/documents/${encodeURIComponent(documentId)}/variants`;

/** A document's variants, with overrides as flat values of `locale`. */
export function getVariants(
  { ref, locale }: { ref: DocumentRef; locale: string },
  signal?: AbortSignal,
): Promise<{ data: DocumentVariant[] }> {
  return api.request<{ data: DocumentVariant[] }>(
    `${variantsPath(ref)}?locale=${encodeURIComponent(locale)}`,
    signal ? { signal } : {},
  );
}

export const variantsQueryOptions = (ref: DocumentRef, locale: string) =>
  queryOptions({
    queryKey: variantKeys.list(ref, locale),
    queryFn: ({ signal }) => getVariants({ ref, locale }, signal),
  });

export function useVariants(ref: DocumentRef, locale: string, { enabled = true } = {}) {
  return useQuery({ ...variantsQueryOptions(ref, locale), enabled });
}

export function putVariant({
  ref,
  audience,
  body,
}: {
  ref: DocumentRef;
  audience: string;
  body: PutVariantBody;
}): Promise<{ data: DocumentVariant }> {
  return api.request<{ data: DocumentVariant }>(`${variantsPath(ref)}/${encodeURIComponent(audience)}`, {
    method: 'PUT',
    body,
  });
}

export function deleteVariant({ ref, audience }: { ref: DocumentRef; audience: string }): Promise<void> {
  return api.request<void>(`${variantsPath(ref)}/${encodeURIComponent(audience)}`, { method: 'DELETE' });
}

export function usePutVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putVariant,
    onSuccess: (_answer, { ref }) => queryClient.invalidateQueries({ queryKey: variantKeys.document(ref) }),
    meta: { toasts: { success: 'Variant saved. Readers get it once the document is published.' } },
  });
}

export function useDeleteVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVariant,
    onSuccess: (_answer, { ref }) => queryClient.invalidateQueries({ queryKey: variantKeys.document(ref) }),
    meta: {
      toasts: {
        success: 'Variant deleted.',
        error: 'Could not delete the variant. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}

/**
 * Writes a document's variant for an audience with the AI model (`POST /ai/variant`): the chosen
 * text fields of the working copy, rewritten for the audience, become the variant's overrides.
 * @example await writeVariantWithAi('p1', { document_id: 'd1', audience: 'france', locale: 'en', fields: ['title'] });
 */
export function writeVariantWithAi(projectId: string, body: AiVariantBody): Promise<{ data: DocumentVariant }> {
  return api.request<{ data: DocumentVariant }>(`/api/v1/projects/${encodeURIComponent(projectId)}/ai/variant`, {
    method: 'POST',
    body,
  });
}

export function useWriteVariantWithAi(ref: DocumentRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AiVariantBody) => writeVariantWithAi(ref.projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: variantKeys.document(ref) }),
    meta: { toasts: { success: 'Variant written by the AI model. Review it, edit it and save, or delete it.' } },
  });
}
