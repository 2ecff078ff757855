import type { GraphqlRequest, GraphqlResponse } from '@plinth/contract';
import { type PlinthRequest, projectPath, readBody } from './request.js';

/**
 * What GraphQL over HTTP asks clients to accept: its own media type first, under which a request
 * that cannot run (syntax, validation, variables) is a 400 rather than a 200 with errors.
 */
const ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

/**
 * A GraphQL request (POST) against the schema generated from the project's model. The answer
 * is the GraphQL response as is; `client.graphql` returns its `data` and throws on `errors`.
 * @example graphqlRequest({ projectId, query: 'query ($id: ID!) { article(id: $id) { title } }', variables: { id } })
 */
export function graphqlRequest(target: { projectId: string } & GraphqlRequest): PlinthRequest<GraphqlResponse> {
  const { projectId, ...body } = target;
  return {
    method: 'POST',
    path: projectPath(projectId, '/graphql'),
    body,
    headers: { accept: ACCEPT },
    read: readBody<GraphqlResponse>(),
  };
}
