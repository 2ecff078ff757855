import { projectDataKeys } from '../../../lib/project-queries';

/**
 * Query keys of the content model. Collections live under the shared `projectDataKeys.collections`
 * (other screens read the list), so invalidating it refreshes the list and each collection at once.
 */
export const modelKeys = {
  collection: (projectId: string, slug: string) => [...projectDataKeys.collections(projectId), 'one', slug] as const,
  components: (projectId: string) => projectDataKeys.components(projectId),
  component: (projectId: string, name: string) => [...modelKeys.components(projectId), 'one', name] as const,
  documentCount: (projectId: string, slug: string) =>
    [...projectDataKeys.project(projectId), 'document-count', slug] as const,
};

export function modelPath(projectId: string, rest: string): string {
  return `/api/v1/projects/${encodeURIComponent(projectId)}/${rest}`;
}
