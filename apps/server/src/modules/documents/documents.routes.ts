import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateDocumentBody,
  DataOf,
  Document,
  DocumentIdParams,
  DocumentListQuery,
  DocumentParams,
  DocumentReadQuery,
  ListOf,
  UpdateDocumentBody,
} from '@plinth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedAnswer, toCachedAnswer } from '../../lib/delivery-cache.js';
import { bearer, errorResponses, NoContent } from '../../lib/route-schemas.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { ModuleDeps } from '../module-deps.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { DocumentsService } from './documents.service.js';

const tags = ['documents'];

/** What the content modules (documents, versions, workflow) share: one model cache and one documents service. */
export type ContentDeps = ModuleDeps & { models: ModelCache; documents: DocumentsService };

export const documentsRoutes: FastifyPluginAsyncTypebox<ContentDeps> = async (
  app,
  { ctx, access, documents: service },
) => {
  /**
   * Reads answer from the delivery cache when they can: the key is the URL plus what decides
   * the answer besides it (token or member, published-only or preview). A matching
   * If-None-Match gets a 304.
   */
  async function cachedRead(
    request: FastifyRequest,
    reply: FastifyReply,
    grant: ProjectGrant,
    compute: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const key = `${grant.principal.kind === 'token' ? 't' : 'u'}${grant.can('content.preview') ? 'p' : 'r'}${request.url}`;
    const projectId = grant.project.id;
    const version = ctx.delivery.version(projectId);
    let answer: CachedAnswer | undefined = ctx.delivery.get(key, projectId);
    if (!answer) {
      answer = toCachedAnswer(String(reply.serialize(await compute())));
      ctx.delivery.set(key, projectId, version, answer);
    }
    const { etag } = answer;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
      return reply.status(304).send();
    }
    return reply.type('application/json; charset=utf-8').send(answer.body);
  }
  const base = '/projects/:projectId/collections/:collection/documents';

  app.get(base, {
    schema: {
      tags,
      security: bearer,
      description:
        'Lists documents. Filters: `filter[field][op]=value` with op one of eq ne gt gte lt lte in nin contains starts_with exists; `filter[reference.field][op]` filters through a reference. Localized fields filter and sort on the chosen locale’s value, else the default locale’s (as reads return them). Text compares by Unicode code point on every database: uppercase before lowercase, accented letters after z. An unknown query parameter is a 400.',
      params: DocumentParams,
      querystring: DocumentListQuery,
      response: { 200: ListOf(Document), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.read');
      return cachedRead(request, reply, grant, () => service.list(grant, request.params.collection, request.query));
    },
  });

  app.post(base, {
    schema: {
      tags,
      security: bearer,
      params: DocumentParams,
      body: CreateDocumentBody,
      response: { 201: DataOf(Document), ...errorResponses },
    },
    config: { idempotent: 'content.create' },
    handler: async (request, reply) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.create');
      return reply.status(201).send({ data: await service.create(grant, request.params.collection, request.body) });
    },
  });

  app.get(`${base}/:id`, {
    schema: {
      tags,
      security: bearer,
      params: DocumentIdParams,
      querystring: DocumentReadQuery,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.read');
      return cachedRead(request, reply, grant, async () => ({
        data: await service.get(grant, request.params.collection, request.params.id, request.query),
      }));
    },
  });

  app.patch(`${base}/:id`, {
    schema: {
      tags,
      security: bearer,
      params: DocumentIdParams,
      body: UpdateDocumentBody,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.update_own');
      return { data: await service.update(grant, request.params.collection, request.params.id, request.body) };
    },
  });

  app.delete(`${base}/:id`, {
    schema: { tags, security: bearer, params: DocumentIdParams, response: { 204: NoContent, ...errorResponses } },
    handler: async (request, reply) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.update_own');
      await service.remove(grant, request.params.collection, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post(`${base}/:id/restore`, {
    schema: {
      tags,
      security: bearer,
      params: DocumentIdParams,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.update_own');
      return { data: await service.restore(grant, request.params.collection, request.params.id) };
    },
  });

  app.post(`${base}/:id/publish`, {
    schema: {
      tags,
      security: bearer,
      params: DocumentIdParams,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.publish');
      return { data: await service.publish(grant, request.params.collection, request.params.id) };
    },
  });

  app.post(`${base}/:id/unpublish`, {
    schema: {
      tags,
      security: bearer,
      params: DocumentIdParams,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.publish');
      return { data: await service.unpublish(grant, request.params.collection, request.params.id) };
    },
  });
};
