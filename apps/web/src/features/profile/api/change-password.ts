import type { ChangePasswordBody, CurrentUser } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meKeys } from './get-me';

export function changePassword(body: ChangePasswordBody): Promise<void> {
  return api.request<void>('/api/v1/auth/change-password', { method: 'POST', body });
}

/**
 * Changes the password, or sets the first one of an account made through a sign-in provider.
 * Errors are shown by the form beside their field, so no error toast here.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      queryClient.setQueryData<CurrentUser>(meKeys.detail(), (me) => (me ? { ...me, has_password: true } : me)),
    meta: {
      toasts: {
        success: 'Your password was saved. Your other sessions were signed out.',
      },
    },
  });
}
