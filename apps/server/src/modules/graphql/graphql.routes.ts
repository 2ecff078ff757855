import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  type ErrorCode,
  GraphqlErrorResponse,
  GraphqlGetQuery,
  GraphqlParams,
  GraphqlRequest,
  GraphqlResponse,
} from '@plinth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedAnswer, type DeliveryCache, toCachedAnswer } from '../../lib/delivery-cache.js';
import { fieldError } from '../../lib/errors.js';
import { bearer } from '../../lib/route-schemas.js';
import { errorBody } from '../../plugins/errors.js';
import type { ProjectAction, ProjectGrant } from '../projects/project-access.js';
import type { GraphqlRequestInput, GraphqlService } from './graphql.service.js';

const tags = ['graphql'];
const responses = { 200: GraphqlResponse, '4xx': GraphqlErrorResponse, '5xx': ErrorBody } as const;

/** What decides a query's answer besides its text: members, or a token's exact scopes. */
const callerKey = (grant: ProjectGrant) =>
  grant.principal.kind === 'user' ? 'u' : `t:${[...grant.principal.scopes].sort().join(',')}`;

/**
 * Error answers of these routes carry the API's error body and the same failure as GraphQL
 * `errors`, whoever produced them (the error handler, metering, validation).
 */
function withGraphqlErrors(payload: unknown, statusCode: number): unknown {
  if (statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (typeof body.code !== 'string' || typeof body.message !== 'string' || Array.isArray(body.errors)) return payload;
    const extensions = { code: body.code, ...(Array.isArray(body.details) ? { details: body.details } : {}) };
    return JSON.stringify({ ...body, errors: [{ message: body.message, extensions }] });
  } catch {
    return payload;
  }
}

/**
 * `POST` and `GET /projects/:projectId/graphql` (API.md, GraphQL). Register inside the /api/v1
 * prefix, so metering and quotas apply as to REST.
 * @example await api.register(graphqlRoutes, services);
 */
export const graphqlRoutes: FastifyPluginAsyncTypebox<{ graphql: GraphqlService; delivery: DeliveryCache }> = async (
  app,
  { graphql: service, delivery },
) => {
  const { limits } = service;

  app.addHook('onSend', async (_request, reply, payload) => withGraphqlErrors(payload, reply.statusCode));

  /**
   * Queries without errors answer from the delivery cache while the project's content and model
   * are unchanged (a publish or a model change moves its version), with an ETag.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    projectId: string,
    input: GraphqlRequestInput,
  ): Promise<FastifyReply> {
    const grant = await request.authorize(projectId, 'project.read');
    // Each operation needs the REST route's action; authorize answers the same 403 as REST when it is missing.
    const authorize = async (action: ProjectAction) =>
      grant.can(action) ? grant : request.authorize(projectId, action);
    const digest = createHash('sha256')
      .update(JSON.stringify([input.query, input.variables, input.operationName]))
      .digest('base64url');
    const key = `graphql:${callerKey(grant)}:${digest}`;
    const version = delivery.version(grant.project.id);
    let cached: CachedAnswer | undefined = delivery.get(key, grant.project.id);
    if (!cached) {
      const outcome = await service.execute({ grant, authorize, request: input });
      const errors = outcome.errors.length > 0 ? { errors: outcome.errors } : {};
      if (outcome.status !== 200) {
        const first = outcome.errors[0];
        const code = (first?.extensions.code ?? 'VALIDATION_FAILED') as ErrorCode;
        return reply
          .status(outcome.status)
          .send({ ...errorBody(code, first?.message ?? 'The GraphQL request is invalid'), ...errors });
      }
      const body = { data: outcome.data ?? null, ...errors };
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

  const path = '/projects/:projectId/graphql';
  const description = [
    "Runs a GraphQL request against the schema generated from the project's collections and components.",
    `Limits, checked before anything runs: ${limits.maxDepth} levels of nesting, ${limits.maxCost} cost points (one per field, times the page size under a list), and ${limits.maxMutations} mutation fields per request (each counts, aliases too; the request counts once against the API quota).`,
    "Errors follow GraphQL (`errors[].extensions.code` holds the API's error code); requests refused before running (syntax, validation, limits, credentials) also carry the API's error body.",
  ].join(' ');

  app.post(path, {
    schema: { tags, security: bearer, description, params: GraphqlParams, body: GraphqlRequest, response: responses },
    handler: async (request, reply) =>
      answer(request, reply, request.params.projectId, {
        query: request.body.query,
        variables: request.body.variables ?? {},
        operationName: request.body.operationName ?? null,
        readOnly: false,
      }),
  });

  app.get(path, {
    schema: {
      tags,
      security: bearer,
      description: `${description} GET runs queries only; \`variables\` is a JSON object in a string.`,
      params: GraphqlParams,
      querystring: GraphqlGetQuery,
      response: responses,
    },
    handler: async (request, reply) => {
      let variables: unknown = {};
      if (request.query.variables !== undefined && request.query.variables.trim() !== '') {
        try {
          variables = JSON.parse(request.query.variables);
        } catch {
          throw fieldError('variables', 'must be a JSON object');
        }
      }
      if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
        throw fieldError('variables', 'must be a JSON object');
      }
      return answer(request, reply, request.params.projectId, {
        query: request.query.query,
        variables: variables as Record<string, unknown>,
        operationName: request.query.operationName ?? null,
        readOnly: true,
      });
    },
  });
};
