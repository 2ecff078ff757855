import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateDocumentBody,
  DataOf,
  Document,
  DocumentIdParams,
  DocumentListQuery,
  DocumentParams,
  DocumentReadQuery,
  PersonalizedListOf,
  PersonalizedOf,
  PublishBody,
  UpdateDocumentBody,
} from '@plinth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedAnswer, type DeliveryCache, toCachedAnswer } from '../../lib/delivery-cache.js';
import { bearer, errorResponses, NoContent, NotModified } from '../../lib/route-schemas.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { DocumentLifecycle } from './document-lifecycle.js';
import type { DocumentReads } from './document-reads.js';
import type { AudienceResolver } from './document-variants.js';
import type { DocumentWrites } from './document-writes.js';
import { listInputOf, readInputOf } from './rest-query.js';

const tags = ['documents'];

export const documentsRoutes: FastifyPluginAsyncTypebox<{
  documentReads: DocumentReads;
  documentWrites: DocumentWrites;
  documentLifecycle: DocumentLifecycle;
  delivery: DeliveryCache;
  audiences: AudienceResolver;
}> = async (
  app,
  { documentReads: reads, documentWrites: writes, documentLifecycle: lifecycle, delivery, audiences },
) => {
  /**
   * The audiences a read tries (null: not personalized). Visitor attributes are not part of the
   * cache key: the answer depends on them only through these audiences.
   */
  function audiencesOf(request: FastifyRequest, projectId: string): Promise<string[] | null> {
    const query = request.query as Record<string, unknown>;
    const header = request.headers['x-plinth-visitor'];
    return audiences.audiencesFor(projectId, {
      ...(typeof query.audience === 'string' ? { audience: query.audience } : {}),
      query,
      ...(header !== undefined ? { header: Array.isArray(header) ? header.join(';') : header } : {}),
    });
  }

  /**
   * Reads answer from the delivery cache when they can: the key is the URL plus what decides
   * the answer besides it (token or member, published-only or preview, the audiences tried).
   * A matching If-None-Match gets a 304. Any answer may depend on the visitor header, hence Vary.
   */
  async function cachedRead(
    request: FastifyRequest,
    reply: FastifyReply,
    grant: ProjectGrant,
    audienceKeys: string[] | null,
    compute: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    // A preview token's answers depend on its document (what it may reach), so it has a key of its own.
    const reader = grant.content.previewOf ? `d${grant.content.previewOf.id}:` : '';
    // Keyed per audience list, never per visitor: the visitor's parameters leave the URL.
    const personalized = audienceKeys === null ? '' : `a${audienceKeys.join(',')}:`;
    const url = audienceKeys === null ? request.url : withoutPersonalization(request.url);
    const key = `${reader}${personalized}${grant.content.seesHidden ? 'h' : 'v'}${grant.content.previews ? 'p' : 'r'}${url}`;
    reply.header('vary', 'X-Plinth-Visitor');
    const projectId = grant.project.id;
    const version = delivery.version(projectId);
    let answer: CachedAnswer | undefined = delivery.get(key, projectId);
    if (!answer) {
      answer = toCachedAnswer(String(reply.serialize(await compute())));
      delivery.set(key, projectId, version, answer);
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
      operationId: 'listDocuments',
      summary: 'List documents',
      tags,
      security: bearer,
      description:
        'Lists documents. Filters: `filter[field][op]=value` with op one of eq ne gt gte lt lte in nin contains starts_with exists; `filter[reference.field][op]` filters through a reference. Localized fields filter and sort on the chosen locale’s value, else the default locale’s (as reads return them). Text compares by Unicode code point on every database: uppercase before lowercase, accented letters after z. An unknown query parameter is a 400.',
      params: DocumentParams,
      querystring: DocumentListQuery,
      response: { 200: PersonalizedListOf(Document), 304: NotModified, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'content.read');
      const audienceKeys = await audiencesOf(request, grant.project.id);
      return cachedRead(request, reply, grant, audienceKeys, () =>
        reads.list(grant, request.params.collection, {
          ...listInputOf(request.query),
          ...(audienceKeys ? { audiences: audienceKeys } : {}),
        }),
      );
    },
  });

  app.post(base, {
    schema: {
      operationId: 'createDocument',
      summary: 'Create a document',
      tags,
      security: bearer,
      params: DocumentParams,
      body: CreateDocumentBody,
      response: { 201: DataOf(Document), ...errorResponses },
    },
    config: { idempotent: 'content.create' },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'content.create');
      return reply.status(201).send({ data: await writes.create(grant, request.params.collection, request.body) });
    },
  });

  app.get(`${base}/:id`, {
    schema: {
      operationId: 'getDocument',
      summary: 'Get a document',
      tags,
      security: bearer,
      params: DocumentIdParams,
      querystring: DocumentReadQuery,
      response: { 200: PersonalizedOf(Document), 304: NotModified, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { projectId, collection, id } = request.params;
      // A read of one document is the one place a preview token gets in (see ProjectAccess).
      const grant = await request.authorize(projectId, 'content.read', { collection, id });
      const audienceKeys = await audiencesOf(request, grant.project.id);
      return cachedRead(request, reply, grant, audienceKeys, () =>
        reads.read(grant, collection, id, {
          ...readInputOf(request.query),
          ...(audienceKeys ? { audiences: audienceKeys } : {}),
        }),
      );
    },
  });

  app.patch(`${base}/:id`, {
    schema: {
      operationId: 'updateDocument',
      summary: 'Update a document',
      tags,
      security: bearer,
      params: DocumentIdParams,
      body: UpdateDocumentBody,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.update_own');
      return { data: await writes.update(grant, request.params.collection, request.params.id, request.body) };
    },
  });

  app.delete(`${base}/:id`, {
    schema: {
      operationId: 'deleteDocument',
      summary: 'Move a document to the trash',
      tags,
      security: bearer,
      params: DocumentIdParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'content.update_own');
      await writes.remove(grant, request.params.collection, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post(`${base}/:id/restore`, {
    schema: {
      operationId: 'restoreDocument',
      summary: 'Restore a document from the trash',
      tags,
      security: bearer,
      params: DocumentIdParams,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.update_own');
      return { data: await writes.restore(grant, request.params.collection, request.params.id) };
    },
  });

  app.post(`${base}/:id/publish`, {
    schema: {
      operationId: 'publishDocument',
      summary: 'Publish a document',
      tags,
      security: bearer,
      description:
        "Publishes every locale, or only `locales`: their values of localized fields are copied into the published snapshot and the other locales' published values stay exactly as they were; shared fields are published with the default locale. The first publish must include the default locale.",
      params: DocumentIdParams,
      body: PublishBody,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    config: { optionalBody: true },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.publish');
      return {
        data: await lifecycle.publish(grant, request.params.collection, request.params.id, request.body ?? {}),
      };
    },
  });

  app.post(`${base}/:id/unpublish`, {
    schema: {
      operationId: 'unpublishDocument',
      summary: 'Unpublish a document',
      tags,
      security: bearer,
      description:
        "Unpublishes every locale, or only `locales`: their values leave the snapshot and their readers get the default locale's. Unpublishing the default locale unpublishes the document.",
      params: DocumentIdParams,
      body: PublishBody,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    config: { optionalBody: true },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.publish');
      return {
        data: await lifecycle.unpublish(grant, request.params.collection, request.params.id, request.body ?? {}),
      };
    },
  });
};

/** The URL without what picks the audiences (`audience`, `visitor[…]`), which the cache key holds resolved. */
function withoutPersonalization(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((part) => {
      const raw = part.split('=')[0] ?? '';
      let name = raw;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        // An undecodable name stays in the key as it is.
      }
      return name !== 'audience' && !name.startsWith('visitor[');
    });
  return kept.length > 0 ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}
