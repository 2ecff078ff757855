import type { Webhook } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

export function getWebhook(projectId: string, webhookId: string, signal?: AbortSignal): Promise<{ data: Webhook }> {
  return api.request(webhooksPath(projectId, `/${encodeURIComponent(webhookId)}`), signal ? { signal } : {});
}

export const webhookQueryOptions = (projectId: string, webhookId: string) =>
  queryOptions({
    queryKey: webhookKeys.detail(projectId, webhookId),
    queryFn: ({ signal }) => getWebhook(projectId, webhookId, signal),
  });

export function useWebhook(projectId: string, webhookId: string) {
  return useQuery(webhookQueryOptions(projectId, webhookId));
}
