import type { Delivery } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

export function redeliverDelivery({
  projectId,
  webhookId,
  deliveryId,
}: {
  projectId: string;
  webhookId: string;
  deliveryId: string;
}): Promise<{ data: Delivery }> {
  return api.request(
    webhooksPath(projectId, `/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`),
    { method: 'POST' },
  );
}

/** Sends a delivery again (same id and body): a new attempt joins it in the log. */
export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverDelivery,
    onSuccess: (answer, { projectId, webhookId, deliveryId }) => {
      queryClient.setQueryData(webhookKeys.delivery(projectId, webhookId, deliveryId), answer);
      return queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(projectId, webhookId) });
    },
    meta: {
      toasts: {
        success: 'Delivery queued again: its new attempt will appear in the log.',
        error: 'Could not send the delivery again. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
