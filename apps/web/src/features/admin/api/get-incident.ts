import type { Incident } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { incidentKeys } from './get-incidents';

export function getIncident(incidentId: string, signal?: AbortSignal): Promise<{ data: Incident }> {
  return api.request<{ data: Incident }>(
    `/api/v1/admin/incidents/${encodeURIComponent(incidentId)}`,
    signal ? { signal } : {},
  );
}

export const incidentQueryOptions = (incidentId: string) =>
  queryOptions({ queryKey: incidentKeys.detail(incidentId), queryFn: ({ signal }) => getIncident(incidentId, signal) });

export function useIncident(incidentId: string) {
  return useQuery(incidentQueryOptions(incidentId));
}
