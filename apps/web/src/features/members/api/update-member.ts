import type { Member, Role } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './get-members';

export function updateMember({
  projectId,
  userId,
  role,
}: {
  projectId: string;
  userId: string;
  role: Role;
}): Promise<{ data: Member }> {
  return api.request<{ data: Member }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`,
    { method: 'PATCH', body: { role } },
  );
}

/** Gives a member another role. */
export function useUpdateMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => updateMember({ projectId, userId, role }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.project(projectId) }),
    // Refused changes (the last owner, an admin touching an owner) come back as the list was.
    onError: () => queryClient.invalidateQueries({ queryKey: memberKeys.project(projectId) }),
    meta: {
      toasts: {
        success: (answer) => {
          const member = (answer as { data: Member }).data;
          return `${member.name || member.email} is now ${/^[aeiou]/.test(member.role) ? 'an' : 'a'} ${member.role}.`;
        },
        error: 'Could not change the role. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
