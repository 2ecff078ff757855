import type { OAuthProviderId } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meKeys } from './get-me';

export function unlinkIdentity(provider: OAuthProviderId): Promise<void> {
  return api.request<void>(`/api/v1/auth/me/identities/${encodeURIComponent(provider)}`, { method: 'DELETE' });
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKeys.identities() }),
    meta: {
      toasts: {
        success: 'The sign-in provider was unlinked.',
        // The server says why it refused (the last way into the account).
        error: 'Could not unlink the sign-in provider. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
