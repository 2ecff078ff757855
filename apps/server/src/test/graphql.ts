import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, type Session } from './harness.js';

export interface GraphqlAnswer {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; path?: (string | number)[]; extensions: { code: string; [key: string]: unknown } }[];
    extensions?: Record<string, unknown>;
  };
  response: LightMyRequestResponse;
}

/** What GraphQL over HTTP asks clients to send; tests of `application/json` answers set their own Accept. */
const ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

/**
 * Sends a GraphQL request (POST by default; GET puts query and variables in the URL), accepting
 * application/graphql-response+json unless `headers` say otherwise.
 * @example const { body } = await graphql(app, owner, projectId, '{ posts { total } }');
 */
export async function graphql(
  app: FastifyInstance,
  credential: Session | string | null,
  projectId: string,
  query: string,
  variables?: Record<string, unknown>,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
): Promise<GraphqlAnswer> {
  const url = `/api/v1/projects/${projectId}/graphql`;
  const response =
    options.method === 'GET'
      ? await call(app, credential, {
          method: 'GET',
          url: `${url}?${new URLSearchParams({ query, ...(variables ? { variables: JSON.stringify(variables) } : {}) })}`,
          headers: { accept: ACCEPT, ...options.headers },
        })
      : await call(app, credential, {
          method: 'POST',
          url,
          payload: { query, ...(variables ? { variables } : {}) },
          headers: { accept: ACCEPT, ...options.headers },
        });
  return { status: response.statusCode, body: response.statusCode === 304 ? {} : response.json(), response };
}

/** The data of a request that must succeed without errors (else the test fails with the answer). */
export async function graphqlData<T = Record<string, unknown>>(...args: Parameters<typeof graphql>): Promise<T> {
  const answer = await graphql(...args);
  if (answer.status !== 200 || answer.body.errors) {
    throw new Error(`GraphQL answered ${answer.status}: ${answer.response.body}`);
  }
  return answer.body.data as T;
}

/** The errors of a request that must fail, checking the GraphQL error shape. */
export async function graphqlErrors(...args: Parameters<typeof graphql>) {
  const answer = await graphql(...args);
  const errors = answer.body.errors;
  if (!errors || errors.length === 0) throw new Error(`expected GraphQL errors, got ${answer.response.body}`);
  const extra = Object.keys(answer.body).filter((key) => !['data', 'errors', 'extensions'].includes(key));
  if (extra.length > 0)
    throw new Error(`a GraphQL answer holds data, errors and extensions only: ${answer.response.body}`);
  for (const error of errors) {
    if (typeof error.message !== 'string' || typeof error.extensions?.code !== 'string') {
      throw new Error(`error does not follow the GraphQL shape: ${answer.response.body}`);
    }
  }
  return { ...answer, errors, codes: errors.map((error) => error.extensions.code) };
}
