import type { AdminUser } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserKeys } from './get-users';

export function approveUser(userId: string): Promise<{ data: AdminUser }> {
  return api.request<{ data: AdminUser }>(`/api/v1/admin/users/${encodeURIComponent(userId)}/approve`, {
    method: 'POST',
  });
}

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<AdminUser, 'id' | 'name'>) => approveUser(user.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
    meta: {
      toasts: {
        success: (answer) => `${(answer as { data: AdminUser }).data.name} is approved and can sign in now.`,
        error: 'Could not approve this registration. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
