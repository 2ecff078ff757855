import type { CreateApiTokenBody, CreatedApiToken } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiTokenKeys } from './get-api-tokens';

export function createApiToken({
  projectId,
  body,
}: {
  projectId: string;
  body: CreateApiTokenBody;
}): Promise<{ data: CreatedApiToken }> {
  return api.request<{ data: CreatedApiToken }>(`/api/v1/projects/${encodeURIComponent(projectId)}/api-tokens`, {
    method: 'POST',
    body,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: (_answer, { projectId }) => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list(projectId) }),
    // No error toast: the form shows every refusal beside its field or in its own alert.
    meta: {
      toasts: {
        success: (answer) => `Token “${(answer as { data: CreatedApiToken }).data.name}” created.`,
      },
    },
  });
}
