import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dropProject } from './delete-project';

/** Removes the signed-in user from a project (the API lets owners and admins remove themselves). */
export function leaveProject({ projectId, userId }: { projectId: string; userId: string }): Promise<void> {
  return api.request<void>(`/api/v1/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

export function useLeaveProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => leaveProject({ projectId, userId }),
    onSuccess: () => dropProject(queryClient, projectId),
    meta: {
      toasts: {
        success: 'You left the project.',
        error: 'Could not leave the project. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
