import type { Asset, UpdateAssetBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mediaKeys, mediaPath } from './get-media';

export function updateAsset({
  projectId,
  assetId,
  body,
}: {
  projectId: string;
  assetId: string;
  body: UpdateAssetBody;
}): Promise<{ data: Asset }> {
  return api.request(mediaPath(projectId, assetId), { method: 'PATCH', body });
}

/** Saves an asset's alt text, name, folder or focal point (the details panel). */
export function useUpdateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAsset,
    onSuccess: async (answer, { projectId, assetId }) => {
      queryClient.setQueryData(mediaKeys.detail(projectId, assetId), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: mediaKeys.lists(projectId) }),
        queryClient.invalidateQueries({ queryKey: mediaKeys.folders(projectId) }),
      ]);
    },
    // No error toast: the panel shows the refusal (a 403 for another author's file) beside the form.
    meta: { toasts: { success: 'Changes saved.' } },
  });
}
