import type { AiTranslateBody, Document } from '@plinth/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { aiPath } from './paths';

/**
 * Translates a document's localized fields from one locale into others, written as unpublished
 * changes; answers the document. Nothing is written unless every target locale succeeded.
 * @example await translateDocument('p1', { document_id: 'd1', source_locale: 'en', target_locales: ['fr'] });
 */
export function translateDocument(projectId: string, body: AiTranslateBody): Promise<{ data: Document }> {
  return api.request<{ data: Document }>(aiPath(projectId, 'translate'), { method: 'POST', body });
}

/** The translation as a mutation; the editor reloads its document through `onSuccess`. */
export function useTranslateDocument(
  projectId: string,
  options: { onSuccess?: (document: Document, body: AiTranslateBody) => void } = {},
) {
  return useMutation({
    mutationFn: (body: AiTranslateBody) => translateDocument(projectId, body),
    onSuccess: (answer, body) => options.onSuccess?.(answer.data, body),
  });
}
