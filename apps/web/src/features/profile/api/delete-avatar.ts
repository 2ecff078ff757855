import type { CurrentUser } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeMe } from './get-me';

export function deleteAvatar(): Promise<CurrentUser> {
  return api.request<CurrentUser>('/api/v1/auth/me/avatar', { method: 'DELETE' });
}

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    onSuccess: (me) => storeMe(queryClient, me),
    meta: {
      toasts: {
        success: 'Your picture was removed.',
        error: 'Could not remove your picture. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
