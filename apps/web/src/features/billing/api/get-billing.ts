import type { Billing } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const billingKeys = {
  all: ['billing'] as const,
  project: (projectId: string) => [...billingKeys.all, projectId] as const,
  detail: (projectId: string) => [...billingKeys.project(projectId), 'detail'] as const,
  invoices: (projectId: string, page?: number) =>
    page === undefined
      ? ([...billingKeys.project(projectId), 'invoices'] as const)
      : ([...billingKeys.project(projectId), 'invoices', page] as const),
};

/** The project's plan, price and billing period (owners only: others get a 403). */
export function getBilling(projectId: string, signal?: AbortSignal): Promise<{ data: Billing }> {
  return api.request<{ data: Billing }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/billing`,
    signal ? { signal } : {},
  );
}

export const billingQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: billingKeys.detail(projectId), queryFn: ({ signal }) => getBilling(projectId, signal) });

/** How often the billing state is read again while `pollWhile` holds (waiting for Stripe's webhook). */
const POLL_MS = 3000;

export function useBilling(
  projectId: string,
  options: { enabled?: boolean; pollWhile?: (billing: Billing | undefined) => boolean } = {},
) {
  const { pollWhile } = options;
  return useQuery({
    ...billingQueryOptions(projectId),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => (pollWhile?.(query.state.data?.data) ? POLL_MS : false),
  });
}
