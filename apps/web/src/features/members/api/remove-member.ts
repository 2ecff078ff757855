import type { Member } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './get-members';

export function removeMember({ projectId, userId }: { projectId: string; userId: string }): Promise<void> {
  return api.request<void>(`/api/v1/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

/** Removes a member; for a pending invitation this revokes it, and its link stops working. */
export function useRemoveMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (member: Member) => {
      await removeMember({ projectId, userId: member.user_id });
      return member;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.project(projectId) }),
    meta: {
      toasts: {
        success: (removed) => {
          const member = removed as Member;
          return member.status === 'invited'
            ? `The invitation to ${member.email} was revoked.`
            : `${member.name || member.email} was removed from the project.`;
        },
        error: 'Could not remove this member. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
