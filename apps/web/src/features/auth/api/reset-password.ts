import type { ResetPasswordBody } from '@plinth/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function resetPassword(body: ResetPasswordBody): Promise<void> {
  return api.request<void>('/api/v1/auth/reset-password', { method: 'POST', body, auth: false });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    meta: {
      toasts: {
        success: 'Your password has been changed. Sign in with your new password.',
        error: 'This reset link is invalid or has expired',
        preferServerMessage: true,
      },
    },
  });
}
