import type { CreateProjectBody, Project } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

export function createProject(body: CreateProjectBody): Promise<{ data: Project }> {
  return api.request<{ data: Project }>('/api/v1/projects', { method: 'POST', body });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
    meta: {
      toasts: {
        success: (answer) => `Project “${(answer as { data: Project }).data.name}” created.`,
        error: 'Could not create the project. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
