import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const subscribed = 'Check your inbox to confirm the subscription.';

export function subscribeToStatus(body: { email: string }): Promise<{ message?: string } | undefined> {
  return api.request<{ message?: string } | undefined>('/api/v1/status/subscriptions', {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useSubscribeToStatus() {
  return useMutation({
    mutationFn: subscribeToStatus,
    meta: {
      toasts: {
        success: (answer) => {
          const message = (answer as { message?: unknown } | undefined)?.message;
          return typeof message === 'string' && message ? message : subscribed;
        },
        error: 'Could not subscribe. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
