import type { CreateProjectBody, Project } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

/**
 * Creates a project. With an `Idempotency-Key`, sending the same body again (after a lost answer)
 * returns the project the first call created instead of a second one.
 */
export function createProject(body: CreateProjectBody, idempotencyKey?: string): Promise<{ data: Project }> {
  return api.request<{ data: Project }>('/api/v1/projects', {
    method: 'POST',
    body,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: CreateProjectBody & { idempotencyKey?: string }) =>
      createProject(body, idempotencyKey),
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
