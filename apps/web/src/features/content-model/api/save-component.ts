import type { Component, CreateComponentBody, UpdateComponentBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { modelKeys, modelPath } from './model-keys';

export function createComponent({
  projectId,
  body,
}: {
  projectId: string;
  body: CreateComponentBody;
}): Promise<{ data: Component }> {
  return api.request(modelPath(projectId, 'components'), { method: 'POST', body });
}

export function updateComponent({
  projectId,
  name,
  body,
}: {
  projectId: string;
  name: string;
  body: UpdateComponentBody;
}): Promise<{ data: Component }> {
  return api.request(modelPath(projectId, `components/${encodeURIComponent(name)}`), { method: 'PATCH', body });
}

const labelOf = (answer: unknown) => {
  const { data } = answer as { data: Component };
  return data.label || data.name;
};

/** Creates a component that blocks fields can then hold. */
export function useCreateComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComponent,
    onSuccess: (answer, { projectId }) => {
      queryClient.setQueryData(modelKeys.component(projectId, answer.data.name), answer);
      return queryClient.invalidateQueries({ queryKey: modelKeys.components(projectId), exact: true });
    },
    meta: { toasts: { success: (answer) => `Component ${labelOf(answer)} created.` } },
  });
}

/** Saves a component's changes. */
export function useUpdateComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComponent,
    onSuccess: (answer, { projectId, name }) => {
      queryClient.setQueryData(modelKeys.component(projectId, name), answer);
      return queryClient.invalidateQueries({ queryKey: modelKeys.components(projectId), exact: true });
    },
    meta: { toasts: { success: (answer) => `Component ${labelOf(answer)} saved.` } },
  });
}
