import type { CurrentUser, UpdateMeBody } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeMe } from './get-me';

export function updateMe(body: UpdateMeBody): Promise<CurrentUser> {
  return api.request<CurrentUser>('/api/v1/auth/me', { method: 'PATCH', body });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => storeMe(queryClient, me),
    meta: {
      toasts: {
        success: 'Your profile was saved.',
        error: 'Could not save your profile. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
