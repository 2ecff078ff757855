import type { AddMemberBody, Member } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './get-members';

export function addMember({ projectId, body }: { projectId: string; body: AddMemberBody }): Promise<{ data: Member }> {
  return api.request<{ data: Member }>(`/api/v1/projects/${encodeURIComponent(projectId)}/members`, {
    method: 'POST',
    body,
  });
}

/** What happened to an added email: someone with an account joins at once, anyone else gets an invitation. */
export function addedMessage(member: Member): string {
  return member.status === 'invited'
    ? `${member.email} has no Plinth account yet: we emailed them an invitation to join as ${member.role}.`
    : `${member.name || member.email} already has an account and joined the project as ${member.role}.`;
}

export function useAddMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMemberBody) => addMember({ projectId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.project(projectId) }),
    meta: {
      toasts: {
        success: (answer) => {
          const member = (answer as { data: Member }).data;
          return member.status === 'invited'
            ? `Invitation sent to ${member.email}.`
            : `${member.name || member.email} was added to the project.`;
        },
        error: 'Could not add this member. Please try again.',
        preferServerMessage: true,
      },
    },
  });
}
