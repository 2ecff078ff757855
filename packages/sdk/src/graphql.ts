import type { GraphqlRequest, GraphqlResponse } from '@plinth/contract';
import { type PlinthRequest, projectPath, readBody } from './request.js';

/**
 * A GraphQL request (POST) against the schema generated from the project's model. The answer
 * is the GraphQL response as is; `client.graphql` returns its `data` and throws on `errors`.
 * @example graphqlRequest({ projectId, query: 'query ($id: ID!) { article(id: $id) { title } }', variables: { id } })
 */
export function graphqlRequest(target: { projectId: string } & GraphqlRequest): PlinthRequest<GraphqlResponse> {
  const { projectId, ...body } = target;
  return { method: 'POST', path: projectPath(projectId, '/graphql'), body, read: readBody<GraphqlResponse>() };
}
