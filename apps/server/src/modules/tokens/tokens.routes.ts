import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiToken,
  ApiTokenParams,
  CreateApiTokenBody,
  CreatedApiToken,
  DataOf,
  ListOf,
  PageQuery,
  ProjectParams,
} from '@plinth/contract';
import { listMeta, pageOf } from '../../lib/pagination.js';
import { bearer, errorResponses, NoContent } from '../../lib/route-schemas.js';
import type { TokensService } from './tokens.service.js';

const tags = ['api-tokens'];

export const tokensRoutes: FastifyPluginAsyncTypebox<{ tokens: TokensService }> = async (app, { tokens: service }) => {
  app.get('/projects/:projectId/api-tokens', {
    schema: {
      operationId: 'listApiTokens',
      summary: 'List API tokens',
      tags,
      security: bearer,
      params: ProjectParams,
      querystring: PageQuery,
      response: { 200: ListOf(ApiToken), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'tokens.manage');
      const page = pageOf(request.query);
      const { items, total } = await service.list(grant.project.id, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.post('/projects/:projectId/api-tokens', {
    schema: {
      operationId: 'createApiToken',
      summary: 'Create an API token',
      tags,
      security: bearer,
      params: ProjectParams,
      body: CreateApiTokenBody,
      response: { 201: DataOf(CreatedApiToken), ...errorResponses },
    },
    config: { idempotent: 'tokens.manage' },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'tokens.manage');
      const created = await service.create(grant, request.body);
      return reply.status(201).send({ data: created });
    },
  });

  app.delete('/projects/:projectId/api-tokens/:tokenId', {
    schema: {
      operationId: 'revokeApiToken',
      summary: 'Revoke an API token',
      tags,
      security: bearer,
      params: ApiTokenParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'tokens.manage');
      await service.revoke(grant, request.params.tokenId);
      return reply.status(204).send(null);
    },
  });
};
