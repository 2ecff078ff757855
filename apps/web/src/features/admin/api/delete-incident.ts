import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { incidentKeys } from './get-incidents';

export function deleteIncident(incidentId: string): Promise<void> {
  return api.request<void>(`/api/v1/admin/incidents/${encodeURIComponent(incidentId)}`, { method: 'DELETE' });
}

export function useDeleteIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIncident,
    // Only the lists: the incident's own page is on screen until the caller leaves it, and asking
    // for it again now would show "does not exist" for a moment.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentKeys.lists() }),
    meta: {
      toasts: {
        success: 'Incident deleted. It is no longer on the status page.',
        error: 'Could not delete the incident. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
