import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetProject } from '../../../lib/current-project';
import { projectKeys } from './get-projects';

export function deleteProject(projectId: string): Promise<void> {
  return api.request<void>(`/api/v1/projects/${encodeURIComponent(projectId)}`, { method: 'DELETE' });
}

/**
 * The project's queries once the caller no longer has it (deleted, or left): the lists are fetched
 * again, and its own queries are only marked stale, so the screen still showing it does not ask
 * for a project that is gone while the app moves on.
 */
export function dropProject(queryClient: QueryClient, projectId: string): Promise<void> {
  forgetProject(projectId);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: projectKeys.project(projectId), refetchType: 'none' }),
  ]).then(() => undefined);
}

/** Deletes a project (owners only); the caller then leaves its screens. */
export function useDeleteProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteProject(projectId),
    onSuccess: () => dropProject(queryClient, projectId),
    meta: {
      toasts: {
        success: 'The project was deleted.',
        error: 'Could not delete the project. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
