import type { Project, UpdateProjectBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

export function updateProject({
  projectId,
  body,
}: {
  projectId: string;
  body: UpdateProjectBody;
}): Promise<{ data: Project }> {
  return api.request<{ data: Project }>(`/api/v1/projects/${encodeURIComponent(projectId)}`, {
    method: 'PATCH',
    body,
  });
}

/** Saves a project's name and locales; every screen of the project sees the answer at once. */
export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => updateProject({ projectId, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(projectKeys.detail(projectId), answer);
      return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
    meta: {
      toasts: {
        success: 'Project settings saved.',
        error: 'Could not save the project settings. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
