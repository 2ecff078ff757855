import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { audienceKeys } from './get-audiences';

export function deleteAudience({ projectId, audienceKey }: { projectId: string; audienceKey: string }): Promise<void> {
  return api.request<void>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/audiences/${encodeURIComponent(audienceKey)}`,
    { method: 'DELETE' },
  );
}

export function useDeleteAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAudience,
    onSuccess: (_answer, { projectId }) => queryClient.invalidateQueries({ queryKey: audienceKeys.list(projectId) }),
    meta: {
      toasts: {
        success: 'Audience deleted, with its variants.',
        error: 'Could not delete the audience. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
