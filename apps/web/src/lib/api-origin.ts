import { config } from '../config';

/** Where this app's API answers, for the ready-to-run examples the app shows (curl, SDK, GraphQL). */
export function apiOrigin(): string {
  return config.apiBaseUrl || (typeof window === 'undefined' ? '' : window.location.origin);
}

/** The first request of the docs' getting started (the project's collections), ready to paste with a token. */
export function firstRequestExample(projectId: string): string {
  return `curl ${apiOrigin()}/api/v1/projects/${projectId}/collections \\\n  -H "Authorization: Bearer $PLINTH_TOKEN"`;
}
