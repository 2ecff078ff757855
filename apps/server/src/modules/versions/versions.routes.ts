import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DataOf,
  DiffQuery,
  Document,
  DocumentIdParams,
  DocumentVersion,
  DocumentVersionSummary,
  ListOf,
  PageQuery,
  VersionDiff,
  VersionParams,
} from '@plinth/contract';
import { listMeta, pageOf } from '../../lib/pagination.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { VersionsService } from './versions.service.js';

const tags = ['versions'];

export const versionsRoutes: FastifyPluginAsyncTypebox<{ versions: VersionsService }> = async (
  app,
  { versions: service },
) => {
  const base = '/projects/:projectId/collections/:collection/documents/:id/versions';

  app.get(base, {
    schema: {
      operationId: 'listVersions',
      summary: "List a document's versions",
      tags,
      security: bearer,
      params: DocumentIdParams,
      querystring: PageQuery,
      response: { 200: ListOf(DocumentVersionSummary), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.read');
      const page = pageOf(request.query);
      const { items, total } = await service.list(grant, request.params.collection, request.params.id, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.get(`${base}/:n`, {
    schema: {
      operationId: 'getVersion',
      summary: 'Get a version',
      tags,
      security: bearer,
      params: VersionParams,
      response: { 200: DataOf(DocumentVersion), ...errorResponses },
    },
    handler: async (request) => {
      const { projectId, collection, id, n } = request.params;
      const grant = await request.authorize(projectId, 'content.read');
      return { data: await service.get(grant, collection, id, n) };
    },
  });

  app.get(`${base}/:n/diff`, {
    schema: {
      operationId: 'diffVersion',
      summary: 'Compare a version with another',
      tags,
      security: bearer,
      params: VersionParams,
      querystring: DiffQuery,
      response: { 200: DataOf(VersionDiff), ...errorResponses },
    },
    handler: async (request) => {
      const { projectId, collection, id, n } = request.params;
      const grant = await request.authorize(projectId, 'content.read');
      return { data: await service.diff(grant, collection, id, n, request.query.against) };
    },
  });

  app.post(`${base}/:n/restore`, {
    schema: {
      operationId: 'restoreVersion',
      summary: 'Restore a version',
      tags,
      security: bearer,
      params: VersionParams,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const { projectId, collection, id, n } = request.params;
      const grant = await request.authorize(projectId, 'content.update_own');
      return { data: await service.restore(grant, collection, id, n) };
    },
  });
};
