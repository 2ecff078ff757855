import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type ErrorBody,
  GraphqlErrorResponse,
  GraphqlGetQuery,
  GraphqlParams,
  GraphqlRequest,
  GraphqlResponse,
} from '@plinth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedAnswer, type DeliveryCache, toCachedAnswer } from '../../lib/delivery-cache.js';
import { fieldError } from '../../lib/errors.js';
import { bearer, NotModified } from '../../lib/route-schemas.js';
import type { ProjectAction, ProjectGrant } from '../projects/project-access.js';
import type { GraphqlOutcome, GraphqlRequestInput, GraphqlService } from './graphql.service.js';
import { ROOT_FIELD_COST } from './query-limits.js';

const tags = ['graphql'];
const responses = {
  200: GraphqlResponse,
  304: NotModified,
  '4xx': GraphqlErrorResponse,
  '5xx': GraphqlErrorResponse,
} as const;

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
type GraphqlMediaType = typeof GRAPHQL_RESPONSE | 'application/json';
/** The media types of the answers, for the OpenAPI document. */
const produces = ['application/json', GRAPHQL_RESPONSE];

/**
 * The media type of the answer (GraphQL over HTTP): application/graphql-response+json when the
 * client lists it at least as high as application/json, else application/json (no Accept, a
 * wildcard, or anything else).
 * @example responseMediaType('application/graphql-response+json, application/json;q=0.9') // 'application/graphql-response+json'
 */
export function responseMediaType(accept: string | undefined): GraphqlMediaType {
  let graphqlQuality = 0;
  let jsonQuality = 0;
  for (const range of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!(quality > 0)) continue;
    if (type === GRAPHQL_RESPONSE) graphqlQuality = Math.max(graphqlQuality, quality);
    if (type === 'application/json') jsonQuality = Math.max(jsonQuality, quality);
  }
  return graphqlQuality > 0 && graphqlQuality >= jsonQuality ? GRAPHQL_RESPONSE : 'application/json';
}

/** What decides a query's answer besides its text: members, or a token's exact scopes. */
const callerKey = (grant: ProjectGrant) =>
  grant.principal.kind === 'token' ? `t:${[...grant.principal.scopes].sort().join(',')}` : 'u';

const isErrorBody = (payload: unknown): payload is ErrorBody =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as ErrorBody).code === 'string' &&
  typeof (payload as ErrorBody).message === 'string' &&
  !('errors' in payload);

/**
 * The API's error body, from whoever produced it (authorization, metering, body validation, the
 * error handler), as GraphQL errors: the specification allows no other top-level fields.
 */
function asGraphqlErrors(payload: ErrorBody): GraphqlErrorResponse {
  const extensions = { code: payload.code, ...(payload.details ? { details: payload.details } : {}) };
  return { errors: [{ message: payload.message, extensions }] };
}

/** A JSON object sent as text in a GET parameter (`variables`, `extensions`). */
function jsonObjectParameter(name: string, raw: string | undefined): Record<string, unknown> | null {
  if (raw === undefined || raw.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError(name, 'must be a JSON object');
  }
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw fieldError(name, 'must be a JSON object');
  return value as Record<string, unknown>;
}

interface HttpRequest {
  query: string | undefined;
  variables: Record<string, unknown> | null;
  operationName: string | null;
  extensions: Record<string, unknown> | null;
  readOnly: boolean;
}

/**
 * `POST` and `GET /projects/:projectId/graphql` (API.md, GraphQL), as the GraphQL over HTTP
 * specification has them: both media types, its status codes for each, 405 for a mutation over
 * GET, `extensions` and automatic persisted queries. Register inside the /api/v1 prefix, so
 * metering and quotas apply as to REST.
 * @example await api.register(graphqlRoutes, services);
 */
export const graphqlRoutes: FastifyPluginAsyncTypebox<{ graphql: GraphqlService; delivery: DeliveryCache }> = async (
  app,
  { graphql: service, delivery },
) => {
  const { limits } = service;

  app.addHook('preSerialization', async (_request, _reply, payload) =>
    isErrorBody(payload) ? asGraphqlErrors(payload) : payload,
  );
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      reply.header('content-type', `${responseMediaType(request.headers.accept)}; charset=utf-8`);
    }
    return payload;
  });

  /**
   * Queries without errors answer from the delivery cache while the project's content and model
   * are unchanged (a publish or a model change moves its version), with an ETag.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    projectId: string,
    http: HttpRequest,
  ): Promise<FastifyReply> {
    const grant = await request.authorize(projectId, 'project.read');
    // Each operation needs the REST route's action; authorize answers the same 403 as REST when it is missing.
    const authorize = async (action: ProjectAction) =>
      grant.can(action) ? grant : request.authorize(projectId, action);
    // Only callers of the project register persisted queries.
    const resolved = service.resolveQuery(http.query, http.extensions);
    if ('errors' in resolved)
      return refuse(request, reply, { status: 400, errors: resolved.errors, refused: 'request' });
    const input: GraphqlRequestInput = {
      query: resolved.query,
      variables: http.variables ?? {},
      operationName: http.operationName,
      readOnly: http.readOnly,
    };
    const digest = createHash('sha256')
      .update(JSON.stringify([input.query, input.variables, input.operationName]))
      .digest('base64url');
    const key = `graphql:${callerKey(grant)}:${digest}`;
    const version = delivery.version(grant.project.id);
    let cached: CachedAnswer | undefined = delivery.get(key, grant.project.id);
    if (!cached) {
      const outcome = await service.execute({ grant, authorize, request: input });
      if (outcome.refused) return refuse(request, reply, outcome);
      const body = { data: outcome.data ?? null, ...(outcome.errors.length > 0 ? { errors: outcome.errors } : {}) };
      if (!outcome.cacheable) return reply.send(body);
      cached = toCachedAnswer(String(reply.serialize(body)));
      delivery.set(key, grant.project.id, version, cached);
    }
    const { etag } = cached;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    const ifNoneMatch = request.headers['if-none-match'];
    if (request.method === 'GET' && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
      return reply.status(304).send();
    }
    return reply.type('application/json; charset=utf-8').send(cached.body);
  }

  /**
   * A request that did not run: under application/json its errors answer 200 (the client reads
   * them from the body), under application/graphql-response+json with their own status. A
   * mutation over GET is a 405 under both.
   */
  function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: Pick<GraphqlOutcome, 'status' | 'errors' | 'refused'>,
  ): FastifyReply {
    if (outcome.refused === 'method') reply.header('allow', 'POST');
    const graphqlResponse = responseMediaType(request.headers.accept) === GRAPHQL_RESPONSE;
    const status = outcome.refused === 'method' || graphqlResponse ? outcome.status : 200;
    return reply.status(status).send({ errors: outcome.errors });
  }

  const path = '/projects/:projectId/graphql';
  const description = [
    "Runs a GraphQL request against the schema generated from the project's collections and components.",
    `Limits, checked before anything runs: ${limits.maxDepth} levels of nesting, ${limits.maxCost} cost points (one per field, times the page size under a list, plus ${ROOT_FIELD_COST} per root field, aliases too: each is a database read), and ${limits.maxMutations} mutation fields per request (each counts, aliases too; the request counts once against the API quota). Introspection fields cannot be aliased.`,
    "GraphQL over HTTP: send `Accept: application/graphql-response+json` to get that media type, and with it a 400 for a request that cannot run (syntax, validation, variables); under `application/json` such a request answers 200 with `errors`. Credentials, permissions and quotas answer their own status under both. Error answers hold `errors` only, with the API's error code in `errors[].extensions.code`. Automatic persisted queries: `extensions.persistedQuery` with the query's SHA-256.",
  ].join(' ');

  app.post(path, {
    schema: {
      operationId: 'runGraphql',
      summary: 'Run a GraphQL request',
      tags,
      security: bearer,
      description,
      params: GraphqlParams,
      body: GraphqlRequest,
      produces,
      response: responses,
    },
    handler: async (request, reply) =>
      answer(request, reply, request.params.projectId, {
        query: request.body.query,
        variables: request.body.variables ?? null,
        operationName: request.body.operationName ?? null,
        extensions: request.body.extensions ?? null,
        readOnly: false,
      }),
  });

  app.get(path, {
    schema: {
      operationId: 'runGraphqlQuery',
      summary: 'Run a GraphQL query with GET',
      tags,
      security: bearer,
      description: `${description} GET runs queries only (a mutation is a 405); \`variables\` and \`extensions\` are JSON objects in strings. With a persisted query's hash alone, GET answers can be cached by URL.`,
      params: GraphqlParams,
      querystring: GraphqlGetQuery,
      produces,
      response: responses,
    },
    handler: async (request, reply) =>
      answer(request, reply, request.params.projectId, {
        query: request.query.query,
        variables: jsonObjectParameter('variables', request.query.variables),
        operationName: request.query.operationName ?? null,
        extensions: jsonObjectParameter('extensions', request.query.extensions),
        readOnly: true,
      }),
  });
};
