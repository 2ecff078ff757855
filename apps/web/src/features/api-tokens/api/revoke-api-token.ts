import type { ApiToken } from '@plinth/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ApiTokenPage, apiTokenKeys } from './get-api-tokens';

export function revokeApiToken({ projectId, token }: { projectId: string; token: ApiToken }): Promise<void> {
  return api.request<void>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/api-tokens/${encodeURIComponent(token.id)}`,
    { method: 'DELETE' },
  );
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: async (_answer, { projectId, token }) => {
      // The row goes at once; the refetch then confirms the list from the server.
      queryClient.setQueryData<InfiniteData<ApiTokenPage>>(apiTokenKeys.list(projectId), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                data: page.data.filter((item) => item.id !== token.id),
                meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
              })),
            }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: apiTokenKeys.list(projectId) });
    },
    meta: {
      toasts: {
        success: 'Token revoked. Requests that use it are refused from now on.',
        error: 'Could not revoke the token. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
