import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Audience,
  AudienceParams,
  CreateAudienceBody,
  DataOf,
  DocumentIdParams,
  DocumentVariant,
  ListOf,
  ProjectParams,
  PutVariantBody,
  UpdateAudienceBody,
  VariantListQuery,
  VariantParams,
} from '@plinth/contract';
import { bearer, errorResponses, NoContent } from '../../lib/route-schemas.js';
import type { AudiencesService } from './audiences.service.js';
import type { VariantsService } from './variants.service.js';

const tags = ['personalization'];
const listOf = <T>(items: T[]) => ({ data: items, meta: { total: items.length, page: 1, limit: items.length } });

/**
 * Audiences (read like the content model, written by owners and admins) and documents'
 * variants (read by whoever reads working copies, written by whoever may edit the document).
 */
export const personalizationRoutes: FastifyPluginAsyncTypebox<{
  audiences: AudiencesService;
  variants: VariantsService;
}> = async (app, { audiences, variants }) => {
  const base = '/projects/:projectId/audiences';

  app.get(base, {
    schema: {
      operationId: 'listAudiences',
      summary: 'List audiences',
      description: 'In the order delivery tries them: ascending priority, then key.',
      tags,
      security: bearer,
      params: ProjectParams,
      response: { 200: ListOf(Audience), ...errorResponses },
    },
    handler: async (request) =>
      listOf(await audiences.list(await request.authorize(request.params.projectId, 'schema.read'))),
  });

  app.post(base, {
    schema: {
      operationId: 'createAudience',
      summary: 'Create an audience',
      description:
        'Rules test visitor attributes (`country`, `language`, `device`, `utm_source`, `utm_campaign`, `referrer`, `custom.<name>`) with `eq`, `ne`, `in` (an array), `contains` or `exists` (a boolean), ignoring case. A key already taken is a 409.',
      tags,
      security: bearer,
      params: ProjectParams,
      body: CreateAudienceBody,
      response: { 201: DataOf(Audience), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      return reply.status(201).send({ data: await audiences.create(grant, request.body) });
    },
  });

  app.get(`${base}/:key`, {
    schema: {
      operationId: 'getAudience',
      summary: 'Get an audience',
      tags,
      security: bearer,
      params: AudienceParams,
      response: { 200: DataOf(Audience), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'schema.read');
      return { data: await audiences.get(grant, request.params.key) };
    },
  });

  app.patch(`${base}/:key`, {
    schema: {
      operationId: 'updateAudience',
      summary: 'Update an audience',
      tags,
      security: bearer,
      params: AudienceParams,
      body: UpdateAudienceBody,
      response: { 200: DataOf(Audience), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      return { data: await audiences.update(grant, request.params.key, request.body) };
    },
  });

  app.delete(`${base}/:key`, {
    schema: {
      operationId: 'deleteAudience',
      summary: 'Delete an audience and its variants',
      tags,
      security: bearer,
      params: AudienceParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      await audiences.remove(grant, request.params.key);
      return reply.status(204).send(null);
    },
  });

  const document = '/projects/:projectId/collections/:collection/documents/:id/variants';

  app.get(document, {
    schema: {
      operationId: 'listDocumentVariants',
      summary: "List a document's variants",
      description:
        'Each variant with its working overrides (`data`) and the overrides published with the document (`published_data`), in `locale` (`*` for locale maps). For callers who read working copies.',
      tags,
      security: bearer,
      params: DocumentIdParams,
      querystring: VariantListQuery,
      response: { 200: ListOf(DocumentVariant), ...errorResponses },
    },
    handler: async (request) => {
      const { projectId, collection, id } = request.params;
      const grant = await request.authorize(projectId, 'content.read', { collection, id });
      return listOf(await variants.list(grant, collection, id, request.query.locale));
    },
  });

  app.put(`${document}/:audience`, {
    schema: {
      operationId: 'putDocumentVariant',
      summary: "Set a document's variant for an audience",
      description:
        "Partial field overrides, checked like an edit of the document. They replace the variant's shared fields and `locale`'s values of localized fields; null or an empty string overrides nothing. Delivered to published-content readers once the document is next published. 201 when the variant is new.",
      tags,
      security: bearer,
      params: VariantParams,
      body: PutVariantBody,
      response: { 200: DataOf(DocumentVariant), 201: DataOf(DocumentVariant), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { projectId, collection, id, audience } = request.params;
      const grant = await request.authorize(projectId, 'content.update_own');
      const { created, variant } = await variants.put(grant, collection, id, audience, request.body);
      return reply.status(created ? 201 : 200).send({ data: variant });
    },
  });

  app.delete(`${document}/:audience`, {
    schema: {
      operationId: 'deleteDocumentVariant',
      summary: "Delete a document's variant for an audience",
      description: 'Its published overrides go too: readers get the document itself at once.',
      tags,
      security: bearer,
      params: VariantParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { projectId, collection, id, audience } = request.params;
      const grant = await request.authorize(projectId, 'content.update_own');
      await variants.remove(grant, collection, id, audience);
      return reply.status(204).send(null);
    },
  });
};
