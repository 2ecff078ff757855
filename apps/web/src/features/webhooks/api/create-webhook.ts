import type { CreatedWebhook, CreateWebhookBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

export function createWebhook({
  projectId,
  body,
}: {
  projectId: string;
  body: CreateWebhookBody;
}): Promise<{ data: CreatedWebhook }> {
  return api.request(webhooksPath(projectId), { method: 'POST', body });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: (_answer, { projectId }) => queryClient.invalidateQueries({ queryKey: webhookKeys.lists(projectId) }),
    // No error toast: the form shows every refusal beside its field or in its own alert.
    meta: { toasts: { success: 'Webhook created.' } },
  });
}
