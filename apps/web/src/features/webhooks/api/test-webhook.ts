import type { Delivery } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

export function testWebhook({
  projectId,
  webhookId,
}: {
  projectId: string;
  webhookId: string;
}): Promise<{ data: Delivery }> {
  return api.request(webhooksPath(projectId, `/${encodeURIComponent(webhookId)}/test`), { method: 'POST' });
}

/** Sends a `ping` now; its delivery joins the top of the log. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: (_answer, { projectId, webhookId }) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(projectId, webhookId) }),
    meta: {
      toasts: {
        success: 'Test ping queued: its delivery is at the top of the log.',
        error: 'Could not send the test ping. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
