import type { Document, DocumentVersionSummary, VersionDiff } from '@plinth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { editorDocumentKeys } from './document';

const versionsPath = (projectId: string, collection: string, id: string) =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/collections/${encodeURIComponent(collection)}/documents/${encodeURIComponent(id)}/versions`;

const versionKeys = {
  list: (projectId: string, collection: string, id: string) =>
    [...editorDocumentKeys.document(projectId, collection, id), 'versions'] as const,
  diff: (projectId: string, collection: string, id: string, version: number, against: number) =>
    [...versionKeys.list(projectId, collection, id), 'diff', version, against] as const,
};

/** The newest 100 saved states of a document, newest first. */
export function useVersions(projectId: string, collection: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: versionKeys.list(projectId, collection, id),
    queryFn: ({ signal }) =>
      api.request<{ data: DocumentVersionSummary[]; meta: { total: number } }>(
        `${versionsPath(projectId, collection, id)}?limit=100`,
        { signal },
      ),
    enabled,
  });
}

/** What changed, field by field (and locale by locale), from version `against` to `version`. */
export function useVersionDiff(
  projectId: string,
  collection: string,
  id: string,
  version: number,
  against: number | null,
) {
  return useQuery({
    queryKey: versionKeys.diff(projectId, collection, id, version, against ?? 0),
    queryFn: ({ signal }) =>
      api.request<{ data: VersionDiff }>(
        `${versionsPath(projectId, collection, id)}/${version}/diff${against ? `?against=${against}` : ''}`,
        { signal },
      ),
  });
}

/** Makes a new version equal to `version` (history in between is kept). */
export function useRestoreVersion(projectId: string, collection: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      api.request<{ data: Document }>(`${versionsPath(projectId, collection, id)}/${version}/restore`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorDocumentKeys.all(projectId) }),
    meta: {
      toasts: {
        success: (answer) => `Restored as version ${(answer as { data: Document }).data.version}`,
        error: 'The version could not be restored',
        preferServerMessage: true,
      },
    },
  });
}
