import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
}

/** What the API answered: its HTTP status and JSON body (`data`, `errors`), whatever they are. */
export interface GraphqlAnswer {
  status: number;
  body: unknown;
}

export const graphqlPath = (projectId: string) => `/api/v1/projects/${encodeURIComponent(projectId)}/graphql`;

/** GraphQL over HTTP's own media type first: a request that cannot run then answers 400, not 200. */
const ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

/**
 * Runs a GraphQL request with the signed-in session (the API client refreshes an expired access
 * token). Refusals that carry a body (syntax, validation, limits, permissions) are answers to
 * show like any other; only a failure without an answer (the network) rejects.
 */
export async function runGraphql(
  projectId: string,
  request: GraphqlRequest,
  signal?: AbortSignal,
): Promise<GraphqlAnswer> {
  try {
    const body = await api.request<unknown>(graphqlPath(projectId), {
      method: 'POST',
      headers: { Accept: ACCEPT },
      body: request,
      ...(signal ? { signal } : {}),
    });
    return { status: 200, body };
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.body !== undefined) {
      return { status: error.status, body: error.body };
    }
    throw error;
  }
}

export function useRunGraphql() {
  return useMutation({
    mutationFn: ({ projectId, request }: { projectId: string; request: GraphqlRequest }) =>
      runGraphql(projectId, request),
  });
}
