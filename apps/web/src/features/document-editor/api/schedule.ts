import type { Document, ScheduleBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { editorDocumentKeys } from './document';

/** Which document a schedule concerns. */
export interface ScheduleTarget {
  projectId: string;
  collection: string;
  id: string;
}

/**
 * Sets the times to publish and unpublish the document (future ISO times; null clears one, an
 * absent one is left alone); `locales` concerns the times the body sets, absent for every locale.
 * @example scheduleDocument({ projectId: 'p1', collection: 'articles', id: 'd1', body: { publish_at: null } })
 */
export function scheduleDocument({ projectId, collection, id, body }: ScheduleTarget & { body: ScheduleBody }) {
  return api.request<{ data: Document }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/collections/${encodeURIComponent(collection)}/documents/${encodeURIComponent(id)}/schedule`,
    { method: 'POST', body },
  );
}

/**
 * Schedules from the schedule dialog. The answer is not written into the editor's cache: it
 * carries one locale's values, the editor's query every locale's, so the document is read again.
 */
export function useScheduleDocument({ projectId, collection, id }: ScheduleTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleBody) => scheduleDocument({ projectId, collection, id, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorDocumentKeys.all(projectId) }),
    // No error toast: the dialog shows each refusal beside its field or in its own alert.
    meta: { toasts: { success: 'Schedule saved' } },
  });
}

/** Cancels the scheduled publish or unpublish (sends null for its time). */
export function useCancelSchedule({ projectId, collection, id }: ScheduleTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'publish' | 'unpublish') =>
      scheduleDocument({
        projectId,
        collection,
        id,
        body: action === 'publish' ? { publish_at: null } : { unpublish_at: null },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorDocumentKeys.all(projectId) }),
    meta: {
      toasts: {
        success: 'Schedule cancelled',
        error: 'The schedule could not be cancelled',
        preferServerMessage: true,
      },
    },
  });
}
