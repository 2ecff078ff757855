import type { AppliedStarter, StarterId } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

export function applyStarter({
  projectId,
  starter,
}: {
  projectId: string;
  starter: StarterId;
}): Promise<{ data: AppliedStarter }> {
  return api.request<{ data: AppliedStarter }>(`/api/v1/projects/${encodeURIComponent(projectId)}/starter`, {
    method: 'POST',
    body: { starter },
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Creates a starter's collections, components and sample content in a project. A failure is
 * shown by the setup screen, which offers to try again or go on with the empty project.
 */
export function useApplyStarter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyStarter,
    // Everything cached about the project (its counts, its model) is now out of date.
    onSuccess: (_answer, { projectId }) => queryClient.invalidateQueries({ queryKey: projectKeys.project(projectId) }),
    meta: {
      toasts: {
        success: (answer) => {
          const { collections, documents, media } = (answer as { data: AppliedStarter }).data;
          return `Starter added: ${plural(collections.length, 'collection', 'collections')}, ${plural(documents, 'sample document', 'sample documents')} and ${plural(media, 'image', 'images')}.`;
        },
      },
    },
  });
}
