import type { SiteMessage } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inboxKeys } from './get-messages';

export function getMessage(messageId: string, signal?: AbortSignal): Promise<{ data: SiteMessage }> {
  return api.request<{ data: SiteMessage }>(
    `/api/v1/admin/messages/${encodeURIComponent(messageId)}`,
    signal ? { signal } : {},
  );
}

export const messageQueryOptions = (messageId: string) =>
  queryOptions({
    queryKey: inboxKeys.detail(messageId),
    queryFn: ({ signal }) => getMessage(messageId, signal),
    // Messages never change once received.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useMessage(messageId: string) {
  return useQuery(messageQueryOptions(messageId));
}
