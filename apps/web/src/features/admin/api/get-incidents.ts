import type { Incident, IncidentStatus, ListMeta } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { searchOf } from './search';

export interface IncidentFilter {
  status?: IncidentStatus | undefined;
  page: number;
  limit: number;
}

export const incidentKeys = {
  all: ['admin', 'incidents'] as const,
  lists: () => [...incidentKeys.all, 'list'] as const,
  list: (filter: IncidentFilter) => [...incidentKeys.lists(), filter] as const,
  detail: (incidentId: string) => [...incidentKeys.all, 'detail', incidentId] as const,
};

export interface IncidentList {
  data: Incident[];
  meta: ListMeta;
}

export function getIncidents(filter: IncidentFilter, signal?: AbortSignal): Promise<IncidentList> {
  return api.request<IncidentList>(`/api/v1/admin/incidents${searchOf(filter)}`, signal ? { signal } : {});
}

export const incidentsQueryOptions = (filter: IncidentFilter) =>
  queryOptions({
    queryKey: incidentKeys.list(filter),
    queryFn: ({ signal }) => getIncidents(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useIncidents(filter: IncidentFilter) {
  return useQuery(incidentsQueryOptions(filter));
}
