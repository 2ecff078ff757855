import type { Incident, UpdateIncidentBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationToasts } from '../../../lib/query-client';
import { incidentKeys } from './get-incidents';

export function updateIncident(incidentId: string, body: UpdateIncidentBody): Promise<{ data: Incident }> {
  return api.request<{ data: Incident }>(`/api/v1/admin/incidents/${encodeURIComponent(incidentId)}`, {
    method: 'PATCH',
    body,
  });
}

function useIncidentChange(incidentId: string, toasts: MutationToasts) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateIncidentBody) => updateIncident(incidentId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(incidentKeys.detail(incidentId), answer);
      return queryClient.invalidateQueries({ queryKey: incidentKeys.lists() });
    },
    meta: { toasts: { ...toasts, preferServerMessage: true } },
  });
}

/** A new status and/or message on the timeline (subscribers are emailed). */
export function usePostIncidentUpdate(incidentId: string) {
  return useIncidentChange(incidentId, {
    success: 'Update posted to the status page.',
    error: 'Could not post the update. Please try again.',
  });
}

/** Status `resolved`, with an optional closing message. */
export function useResolveIncident(incidentId: string) {
  return useIncidentChange(incidentId, {
    success: 'Incident resolved. The status page shows it as resolved.',
    error: 'Could not resolve the incident. Please try again.',
  });
}

/** Title or impact only: nothing is added to the timeline and no email is sent. */
export function useEditIncident(incidentId: string) {
  return useIncidentChange(incidentId, {
    success: 'Incident saved.',
    error: 'Could not save the incident. Please try again.',
  });
}
