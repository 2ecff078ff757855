import type { DeliverySummary } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type DeliveryListFilter, type ListMeta, webhookKeys, webhooksPath } from './get-webhooks';

export const DELIVERIES_PAGE_SIZE = 20;
/** How often a log that holds pending deliveries is read again. */
export const PENDING_POLL_MS = 3000;

export interface DeliveryList {
  data: DeliverySummary[];
  meta: ListMeta;
}

export function getDeliveries(
  projectId: string,
  webhookId: string,
  filter: DeliveryListFilter & { limit?: number },
  signal?: AbortSignal,
): Promise<DeliveryList> {
  const query = new URLSearchParams({ page: String(filter.page), limit: String(filter.limit ?? DELIVERIES_PAGE_SIZE) });
  if (filter.status) query.set('status', filter.status);
  return api.request(
    webhooksPath(projectId, `/${encodeURIComponent(webhookId)}/deliveries?${query}`),
    signal ? { signal } : {},
  );
}

/** A page of the delivery log, read again every few seconds while some delivery on it is pending. */
export const deliveriesQueryOptions = (
  projectId: string,
  webhookId: string,
  filter: DeliveryListFilter & { limit?: number },
) =>
  queryOptions({
    queryKey: webhookKeys.deliveryList(projectId, webhookId, filter),
    queryFn: ({ signal }) => getDeliveries(projectId, webhookId, filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'pending') ? PENDING_POLL_MS : false,
  });

export function useDeliveries(projectId: string, webhookId: string, filter: DeliveryListFilter & { limit?: number }) {
  return useQuery(deliveriesQueryOptions(projectId, webhookId, filter));
}
