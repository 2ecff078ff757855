import type { Webhook } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ListMeta {
  total: number;
  page: number;
  limit: number;
}

export interface DeliveryListFilter {
  page: number;
  status?: 'pending' | 'succeeded' | 'failed' | undefined;
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  project: (projectId: string) => [...webhookKeys.all, projectId] as const,
  lists: (projectId: string) => [...webhookKeys.project(projectId), 'list'] as const,
  list: (projectId: string, page: number) => [...webhookKeys.lists(projectId), page] as const,
  detail: (projectId: string, webhookId: string) => [...webhookKeys.project(projectId), 'detail', webhookId] as const,
  deliveries: (projectId: string, webhookId: string) =>
    [...webhookKeys.detail(projectId, webhookId), 'deliveries'] as const,
  deliveryList: (projectId: string, webhookId: string, filter: DeliveryListFilter) =>
    [...webhookKeys.deliveries(projectId, webhookId), 'list', filter] as const,
  delivery: (projectId: string, webhookId: string, deliveryId: string) =>
    [...webhookKeys.deliveries(projectId, webhookId), 'one', deliveryId] as const,
};

export const WEBHOOKS_PAGE_SIZE = 25;

export function webhooksPath(projectId: string, rest = ''): string {
  return `/api/v1/projects/${encodeURIComponent(projectId)}/webhooks${rest}`;
}

export function getWebhooks(
  projectId: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ data: Webhook[]; meta: ListMeta }> {
  return api.request(webhooksPath(projectId, `?page=${page}&limit=${WEBHOOKS_PAGE_SIZE}`), signal ? { signal } : {});
}

export const webhooksQueryOptions = (projectId: string, page: number) =>
  queryOptions({
    queryKey: webhookKeys.list(projectId, page),
    queryFn: ({ signal }) => getWebhooks(projectId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useWebhooks(projectId: string, page: number) {
  return useQuery(webhooksQueryOptions(projectId, page));
}
