import type { CreateIncidentBody, Incident } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { incidentKeys } from './get-incidents';

export function createIncident(body: CreateIncidentBody): Promise<{ data: Incident }> {
  return api.request<{ data: Incident }>('/api/v1/admin/incidents', { method: 'POST', body });
}

export function useCreateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIncident,
    onSuccess: (answer) => {
      queryClient.setQueryData(incidentKeys.detail(answer.data.id), answer);
      return queryClient.invalidateQueries({ queryKey: incidentKeys.lists() });
    },
    meta: {
      toasts: {
        success: 'Incident opened. It is on the public status page now.',
        error: 'Could not open the incident. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
