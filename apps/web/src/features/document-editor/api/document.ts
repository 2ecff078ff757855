import type { Document } from '@plinth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectDataKeys } from '../../../lib/project-queries';

/** Query keys of the documents the editor opens: under the project's, so a project refresh covers them. */
export const editorDocumentKeys = {
  all: (projectId: string) => [...projectDataKeys.project(projectId), 'documents'] as const,
  document: (projectId: string, collection: string, id: string) =>
    [...editorDocumentKeys.all(projectId), collection, id] as const,
};

const documentsPath = (projectId: string, collection: string) =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/collections/${encodeURIComponent(collection)}/documents`;

/** The working copy with every locale (`locale=*`): localized fields as `{ locale: value }` maps. */
export function getEditorDocument(
  projectId: string,
  collection: string,
  id: string,
  signal?: AbortSignal,
): Promise<{ data: Document }> {
  return api.request<{ data: Document }>(
    `${documentsPath(projectId, collection)}/${encodeURIComponent(id)}?locale=*`,
    signal ? { signal } : {},
  );
}

export const editorDocumentQueryOptions = (projectId: string, collection: string, id: string) =>
  queryOptions({
    queryKey: editorDocumentKeys.document(projectId, collection, id),
    queryFn: ({ signal }) => getEditorDocument(projectId, collection, id, signal),
    // An open document is refreshed by its own saves; a refetch on focus would replace what is being typed.
    refetchOnWindowFocus: false,
  });

export function useEditorDocument(projectId: string, collection: string, id: string | null) {
  return useQuery({ ...editorDocumentQueryOptions(projectId, collection, id ?? ''), enabled: id !== null });
}

/** What a save sends: the changed values of one locale, and the version they were edited from. */
export interface DocumentSave {
  data: Record<string, unknown>;
  locale: string;
  /** Absent for a new document. */
  version?: number;
}

/**
 * Saves the editor's changes: a PATCH of the changed values with the version they were made on
 * (a newer version on the server is a 409 the editor shows), or the POST of a new document.
 */
export function useSaveDocument(projectId: string, collection: string, id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: DocumentSave) =>
      id === null
        ? api.request<{ data: Document }>(documentsPath(projectId, collection), {
            method: 'POST',
            body: { data: save.data, locale: save.locale },
          })
        : api.request<{ data: Document }>(`${documentsPath(projectId, collection)}/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body: { data: save.data, locale: save.locale, version: save.version },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorDocumentKeys.all(projectId) }),
  });
}

export type PublishAction = 'publish' | 'unpublish';

/** Publishes or unpublishes the document in every locale, or in `locales`. */
export function usePublishDocument(projectId: string, collection: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, locales }: { action: PublishAction; locales: readonly string[] | null }) =>
      api.request<{ data: Document }>(`${documentsPath(projectId, collection)}/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: locales ? { locales } : {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorDocumentKeys.all(projectId) }),
    meta: { toasts: { error: 'The document could not be published', preferServerMessage: true } },
  });
}

export type WorkflowAction = 'submit' | 'approve' | 'reject';

/** A review step: submit for review (writers), approve or reject with a comment (editors and up). */
export function useWorkflowAction(projectId: string, collection: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, comment }: { action: WorkflowAction; comment?: string }) =>
      api.request<{ data: Document }>(`${documentsPath(projectId, collection)}/${encodeURIComponent(id)}/workflow`, {
        method: 'POST',
        body: { action, ...(comment ? { comment } : {}) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorDocumentKeys.all(projectId) }),
    meta: {
      toasts: {
        success: (answer) => {
          const stage = (answer as { data: Document }).data.workflow_stage;
          return stage === 'in_review'
            ? 'Sent for review'
            : stage === 'approved'
              ? 'Approved'
              : 'Sent back to its author';
        },
        error: 'The review step could not be taken',
        preferServerMessage: true,
      },
    },
  });
}
