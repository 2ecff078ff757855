import type { Member } from '@plinth/contract';
import { useQuery } from '@tanstack/react-query';
import { projectMembersQueryOptions } from '../../../lib/project-queries';

const isActiveOwner = (member: Member) => member.role === 'owner' && member.status === 'active';

/**
 * The project's active owners: whom a member who cannot manage billing should ask. Read from the
 * member list, which every member may read.
 */
export function useProjectOwners(projectId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...projectMembersQueryOptions(projectId),
    select: (answer) => answer.data.filter(isActiveOwner),
    enabled: options.enabled ?? true,
  });
}
