import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, DocumentIdParams, PreviewToken, PreviewTokenBody } from '@plinth/contract';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { PreviewService } from './preview.service.js';

export const previewRoutes: FastifyPluginAsyncTypebox<{ preview: PreviewService }> = async (app, { preview }) => {
  app.post('/projects/:projectId/collections/:collection/documents/:id/preview-token', {
    schema: {
      operationId: 'createPreviewToken',
      summary: 'Get a preview token and URL for a document',
      tags: ['documents'],
      security: bearer,
      description:
        "For callers who may read drafts (members, `content:preview` tokens). The token reads this document's working copy (and the documents it references) for an hour, as `Authorization: Bearer <token>` or `?plinth_preview=<token>` on the document's read, and nothing else. `url` is the collection's `preview_url` filled in for the document in `locale` (else the default locale), with `plinth_preview=<token>`.",
      params: DocumentIdParams,
      body: PreviewTokenBody,
      response: { 201: DataOf(PreviewToken), ...errorResponses },
    },
    config: { optionalBody: true },
    handler: async (request, reply) => {
      const { projectId, collection, id } = request.params;
      const grant = await request.authorize(projectId, 'content.preview');
      return reply.status(201).send({ data: await preview.issue(grant, collection, id, request.body) });
    },
  });
};
