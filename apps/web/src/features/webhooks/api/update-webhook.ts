import type { UpdateWebhookBody, Webhook } from '@plinth/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys, webhooksPath } from './get-webhooks';

export function updateWebhook({
  projectId,
  webhookId,
  body,
}: {
  projectId: string;
  webhookId: string;
  body: UpdateWebhookBody;
}): Promise<{ data: Webhook }> {
  return api.request(webhooksPath(projectId, `/${encodeURIComponent(webhookId)}`), { method: 'PATCH', body });
}

async function afterUpdate(
  queryClient: QueryClient,
  answer: { data: Webhook },
  { projectId, webhookId }: { projectId: string; webhookId: string },
) {
  queryClient.setQueryData(webhookKeys.detail(projectId, webhookId), answer);
  await queryClient.invalidateQueries({ queryKey: webhookKeys.lists(projectId) });
}

/** Saves a webhook's settings (the edit form). */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: (answer, variables) => afterUpdate(queryClient, answer, variables),
    // No error toast: the form shows every refusal beside its field or in its own alert.
    meta: { toasts: { success: 'Webhook saved.' } },
  });
}

/** Turns a webhook on or off; turning it on also clears the failures that turned it off. */
export function useSetWebhookActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, webhookId, active }: { projectId: string; webhookId: string; active: boolean }) =>
      updateWebhook({ projectId, webhookId, body: { active } }),
    onSuccess: (answer, variables) => afterUpdate(queryClient, answer, variables),
    meta: {
      toasts: {
        success: (answer) =>
          (answer as { data: Webhook }).data.active
            ? 'Webhook turned on: events are sent again.'
            : 'Webhook turned off: no events are sent until you turn it on.',
        error: 'Could not change the webhook. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
