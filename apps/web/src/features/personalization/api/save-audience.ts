import type { Audience, CreateAudienceBody, UpdateAudienceBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { audienceKeys } from './get-audiences';

export function createAudience({
  projectId,
  body,
}: {
  projectId: string;
  body: CreateAudienceBody;
}): Promise<{ data: Audience }> {
  return api.request<{ data: Audience }>(`/api/v1/projects/${encodeURIComponent(projectId)}/audiences`, {
    method: 'POST',
    body,
  });
}

export function updateAudience({
  projectId,
  audienceKey,
  body,
}: {
  projectId: string;
  audienceKey: string;
  body: UpdateAudienceBody;
}): Promise<{ data: Audience }> {
  return api.request<{ data: Audience }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/audiences/${encodeURIComponent(audienceKey)}`,
    { method: 'PATCH', body },
  );
}

const successToast = (answer: unknown) => `Audience “${(answer as { data: Audience }).data.name}” saved.`;

export function useCreateAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAudience,
    onSuccess: (_answer, { projectId }) => queryClient.invalidateQueries({ queryKey: audienceKeys.list(projectId) }),
    // No error toast: the form shows every refusal beside its field or in its own alert.
    meta: { toasts: { success: successToast } },
  });
}

export function useUpdateAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAudience,
    onSuccess: (_answer, { projectId }) => queryClient.invalidateQueries({ queryKey: audienceKeys.list(projectId) }),
    meta: { toasts: { success: successToast } },
  });
}
