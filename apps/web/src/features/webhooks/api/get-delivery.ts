import type { Delivery } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PENDING_POLL_MS } from './get-deliveries';
import { webhookKeys, webhooksPath } from './get-webhooks';

export function getDelivery(
  projectId: string,
  webhookId: string,
  deliveryId: string,
  signal?: AbortSignal,
): Promise<{ data: Delivery }> {
  return api.request(
    webhooksPath(projectId, `/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}`),
    signal ? { signal } : {},
  );
}

/** One delivery with every attempt, read again while it is pending. */
export const deliveryQueryOptions = (projectId: string, webhookId: string, deliveryId: string) =>
  queryOptions({
    queryKey: webhookKeys.delivery(projectId, webhookId, deliveryId),
    queryFn: ({ signal }) => getDelivery(projectId, webhookId, deliveryId, signal),
    refetchInterval: (query) => (query.state.data?.data.status === 'pending' ? PENDING_POLL_MS : false),
  });

export function useDelivery(projectId: string, webhookId: string, deliveryId: string | null) {
  return useQuery({ ...deliveryQueryOptions(projectId, webhookId, deliveryId ?? ''), enabled: deliveryId !== null });
}
