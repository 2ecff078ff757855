import type { ForgotPasswordBody } from '@plinth/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resetLinkSent = 'If an account exists for that email, a link to reset the password is on its way.';

export function forgotPassword(body: ForgotPasswordBody): Promise<{ message?: string } | undefined> {
  return api.request<{ message?: string } | undefined>('/api/v1/auth/forgot-password', {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: forgotPassword,
    meta: {
      toasts: {
        success: (answer) => {
          const message = (answer as { message?: unknown } | undefined)?.message;
          return typeof message === 'string' && message ? message : resetLinkSent;
        },
        error: 'Failed to send reset link',
        preferServerMessage: true,
      },
    },
  });
}
