import type { Plan } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const planKeys = {
  all: ['plans'] as const,
};

export function getPlans(signal?: AbortSignal): Promise<{ data: Plan[] }> {
  return api.request<{ data: Plan[] }>('/api/v1/plans', { auth: false, ...(signal ? { signal } : {}) });
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.all, queryFn: ({ signal }) => getPlans(signal), staleTime: 10 * 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
