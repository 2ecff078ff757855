/** Where the project's AI calls go: `/api/v1/projects/:p/ai/<action>`. */
export const aiPath = (projectId: string, action: 'generate' | 'translate' | 'seo') =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/ai/${action}`;
