import type { Component } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { modelKeys, modelPath } from './model-keys';

export function getComponent(projectId: string, name: string, signal?: AbortSignal): Promise<{ data: Component }> {
  return api.request(modelPath(projectId, `components/${encodeURIComponent(name)}`), signal ? { signal } : {});
}

export const componentQueryOptions = (projectId: string, name: string) =>
  queryOptions({
    queryKey: modelKeys.component(projectId, name),
    queryFn: ({ signal }) => getComponent(projectId, name, signal),
    refetchOnWindowFocus: false,
  });

export function useComponent(projectId: string, name: string | null) {
  return useQuery({ ...componentQueryOptions(projectId, name ?? ''), enabled: name !== null });
}
