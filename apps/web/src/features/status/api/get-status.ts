import type { ServiceStatusReport } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const statusKeys = {
  report: ['status', 'report'] as const,
};

export function getStatus(signal?: AbortSignal): Promise<ServiceStatusReport> {
  return api.request<ServiceStatusReport>('/api/v1/status', { auth: false, ...(signal ? { signal } : {}) });
}

/** The page refreshes itself every minute while it is open. */
export const statusQueryOptions = () =>
  queryOptions({
    queryKey: statusKeys.report,
    queryFn: ({ signal }) => getStatus(signal),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useServiceStatus() {
  return useQuery(statusQueryOptions());
}
