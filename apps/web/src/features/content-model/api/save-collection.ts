import type { Collection, CreateCollectionBody, UpdateCollectionBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectDataKeys } from '../../../lib/project-queries';
import { modelKeys, modelPath } from './model-keys';

export function createCollection({
  projectId,
  body,
}: {
  projectId: string;
  body: CreateCollectionBody;
}): Promise<{ data: Collection }> {
  return api.request(modelPath(projectId, 'collections'), { method: 'POST', body });
}

export function updateCollection({
  projectId,
  slug,
  body,
}: {
  projectId: string;
  slug: string;
  body: UpdateCollectionBody;
}): Promise<{ data: Collection }> {
  return api.request(modelPath(projectId, `collections/${encodeURIComponent(slug)}`), { method: 'PATCH', body });
}

/** Creates a collection or singleton; the model (every screen's list of collections) is read again. */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: (answer, { projectId }) => {
      queryClient.setQueryData(modelKeys.collection(projectId, answer.data.slug), answer);
      return queryClient.invalidateQueries({ queryKey: projectDataKeys.collections(projectId), exact: true });
    },
    // No error toast: the editor shows every refusal beside its field, or in its conflict dialog.
    meta: {
      toasts: {
        success: (answer) => `${(answer as { data: Collection }).data.name} created.`,
      },
    },
  });
}

/** Saves a collection's changes. */
export function useUpdateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCollection,
    onSuccess: (answer, { projectId, slug }) => {
      queryClient.setQueryData(modelKeys.collection(projectId, slug), answer);
      return queryClient.invalidateQueries({ queryKey: projectDataKeys.collections(projectId), exact: true });
    },
    meta: { toasts: { success: (answer) => `${(answer as { data: Collection }).data.name} saved.` } },
  });
}
