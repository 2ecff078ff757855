import type { Analytics } from '@plinth/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type AnalyticsPeriod, requestRange } from '../utils/period';

export const analyticsKeys = {
  all: ['analytics'] as const,
  project: (projectId: string) => [...analyticsKeys.all, projectId] as const,
  // The period as the URL says it (not timestamps), so a rolling "last 7 days" keeps one key.
  detail: (projectId: string, period: AnalyticsPeriod) =>
    [
      ...analyticsKeys.project(projectId),
      period.kind,
      period.granularity,
      period.from ?? null,
      period.to ?? null,
    ] as const,
};

export function getAnalytics({
  projectId,
  period,
  signal,
}: {
  projectId: string;
  period: AnalyticsPeriod;
  signal?: AbortSignal;
}): Promise<{ data: Analytics }> {
  const range = requestRange(period);
  const search = new URLSearchParams({ from: range.from, granularity: period.granularity });
  if (range.to) search.set('to', range.to);
  return api.request<{ data: Analytics }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/analytics?${search}`,
    signal ? { signal } : {},
  );
}

export const analyticsQueryOptions = (projectId: string, period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsKeys.detail(projectId, period),
    queryFn: ({ signal }) => getAnalytics({ projectId, period, signal }),
    // The previous period of the same project stays on screen (dimmed) while the next one loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === projectId ? keepPreviousData(previous) : undefined,
  });

export function useAnalytics(projectId: string, period: AnalyticsPeriod) {
  return useQuery(analyticsQueryOptions(projectId, period));
}
