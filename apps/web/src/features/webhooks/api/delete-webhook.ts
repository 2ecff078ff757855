import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

export function deleteWebhook({ projectId, webhookId }: { projectId: string; webhookId: string }): Promise<void> {
  return api.request(webhooksPath(projectId, `/${encodeURIComponent(webhookId)}`), { method: 'DELETE' });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: async (_answer, { projectId, webhookId }) => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(projectId, webhookId) });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.lists(projectId) });
    },
    meta: {
      toasts: {
        success: 'Webhook deleted. Its deliveries have stopped.',
        error: 'Could not delete the webhook. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
