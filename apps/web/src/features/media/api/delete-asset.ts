import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mediaKeys, mediaPath } from './get-media';

/** Deletes an asset; a file that published documents use is a 409 unless `force`. */
export function deleteAsset({
  projectId,
  assetId,
  force = false,
}: {
  projectId: string;
  assetId: string;
  force?: boolean;
}): Promise<void> {
  return api.request(`${mediaPath(projectId, assetId)}${force ? '?force=true' : ''}`, { method: 'DELETE' });
}

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: async (_answer, { projectId, assetId }) => {
      queryClient.removeQueries({ queryKey: mediaKeys.detail(projectId, assetId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: mediaKeys.lists(projectId) }),
        queryClient.invalidateQueries({ queryKey: mediaKeys.folders(projectId) }),
      ]);
    },
    // A refusal (in use, not yours) is shown in the confirmation, which offers what to do next.
    meta: { toasts: { success: 'File deleted.' } },
  });
}
