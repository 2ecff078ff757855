import type { ListMeta, SiteMessage } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { searchOf } from './search';

export type MessageKind = SiteMessage['kind'];

export interface MessageFilter {
  kind?: MessageKind | undefined;
  page: number;
  limit: number;
}

export const inboxKeys = {
  all: ['admin', 'messages'] as const,
  list: (filter: MessageFilter) => [...inboxKeys.all, 'list', filter] as const,
  detail: (messageId: string) => [...inboxKeys.all, 'detail', messageId] as const,
};

export interface MessageList {
  data: SiteMessage[];
  meta: ListMeta;
}

export function getMessages(filter: MessageFilter, signal?: AbortSignal): Promise<MessageList> {
  return api.request<MessageList>(`/api/v1/admin/messages${searchOf(filter)}`, signal ? { signal } : {});
}

export const messagesQueryOptions = (filter: MessageFilter) =>
  queryOptions({
    queryKey: inboxKeys.list(filter),
    queryFn: ({ signal }) => getMessages(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useMessages(filter: MessageFilter) {
  return useQuery(messagesQueryOptions(filter));
}
