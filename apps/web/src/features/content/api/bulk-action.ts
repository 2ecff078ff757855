import type { Document, PublishBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { documentKeys, documentsPath } from './get-documents';

export type BulkActionKind = 'publish' | 'unpublish' | 'delete' | 'restore';

const PAST: Record<BulkActionKind, string> = {
  publish: 'Published',
  unpublish: 'Unpublished',
  delete: 'Moved to trash',
  restore: 'Restored',
};

/** How many documents are sent at once: quick, without flooding the API's rate limit. */
export const BULK_CONCURRENCY = 3;

interface OneDocument {
  projectId: string;
  collection: string;
  id: string;
}

export function publishDocument({ projectId, collection, id, locales }: OneDocument & { locales?: string[] }) {
  const body: PublishBody | undefined = locales ? { locales } : undefined;
  return api.request<{ data: Document }>(documentsPath(projectId, collection, `/${encodeURIComponent(id)}/publish`), {
    method: 'POST',
    ...(body ? { body } : {}),
  });
}

export function unpublishDocument({ projectId, collection, id, locales }: OneDocument & { locales?: string[] }) {
  const body: PublishBody | undefined = locales ? { locales } : undefined;
  return api.request<{ data: Document }>(documentsPath(projectId, collection, `/${encodeURIComponent(id)}/unpublish`), {
    method: 'POST',
    ...(body ? { body } : {}),
  });
}

export function deleteDocument({ projectId, collection, id }: OneDocument): Promise<void> {
  return api.request(documentsPath(projectId, collection, `/${encodeURIComponent(id)}`), { method: 'DELETE' });
}

export function restoreDocument({ projectId, collection, id }: OneDocument) {
  return api.request<{ data: Document }>(documentsPath(projectId, collection, `/${encodeURIComponent(id)}/restore`), {
    method: 'POST',
  });
}

export interface BulkActionInput {
  projectId: string;
  collection: string;
  action: BulkActionKind;
  ids: readonly string[];
  /** Publish or unpublish only these locales; undefined for every locale. */
  locales?: string[];
  /** Called after each document, done or failed. */
  onProgress?: (done: number) => void;
}

export interface BulkFailure {
  id: string;
  message: string;
}

export interface BulkResult {
  action: BulkActionKind;
  total: number;
  failures: BulkFailure[];
}

function runOne(input: BulkActionInput, id: string): Promise<unknown> {
  const one = { projectId: input.projectId, collection: input.collection, id };
  const locales = input.locales ? { locales: input.locales } : {};
  switch (input.action) {
    case 'publish':
      return publishDocument({ ...one, ...locales });
    case 'unpublish':
      return unpublishDocument({ ...one, ...locales });
    case 'delete':
      return deleteDocument(one);
    case 'restore':
      return restoreDocument(one);
  }
}

/**
 * Runs one action over many documents, a few at a time; a failure is recorded with the server's
 * message and the others go on.
 * @example await runBulkAction({ projectId, collection: 'articles', action: 'publish', ids, locales: ['es'] })
 */
export async function runBulkAction(input: BulkActionInput): Promise<BulkResult> {
  const failures: BulkFailure[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < input.ids.length) {
      const id = input.ids[next++] as string;
      try {
        await runOne(input, id);
      } catch (error) {
        failures.push({ id, message: errorMessage(error, 'The request failed. Please try again.') });
      }
      done += 1;
      input.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, input.ids.length) }, worker));
  // Report failures in the order of the selection, whatever order they finished in.
  failures.sort((a, b) => input.ids.indexOf(a.id) - input.ids.indexOf(b.id));
  return { action: input.action, total: input.ids.length, failures };
}

const documents = (count: number) => `${count} ${count === 1 ? 'document' : 'documents'}`;

/** The bulk action of the content list; the list is read again when it ends, whatever happened. */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulkAction,
    onSettled: (_result, _error, { projectId, collection }) =>
      queryClient.invalidateQueries({ queryKey: documentKeys.collection(projectId, collection) }),
    meta: {
      toasts: {
        // With failures the progress dialog reports them row by row instead.
        success: (data) => {
          const result = data as BulkResult;
          return result.failures.length === 0 ? `${PAST[result.action]}: ${documents(result.total)}.` : undefined;
        },
        error: 'The bulk action stopped. Please try again.',
      },
    },
  });
}
