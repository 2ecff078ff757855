import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateExportBody, DataOf, Export, ExportParams, ProjectParams } from '@plinth/contract';
import { bearer, errorResponses, fileAnswer } from '../../lib/route-schemas.js';
import type { ExportsService } from './exports.service.js';

const tags = ['export and import'];

/** Project exports: owners and admins only (an archive holds the whole project). */
export const exportsRoutes: FastifyPluginAsyncTypebox<{ exports: ExportsService }> = async (app, { exports }) => {
  const base = '/projects/:projectId/exports';

  app.post(base, {
    schema: {
      operationId: 'createExport',
      summary: 'Export the project as a gzipped tar archive (a background job)',
      tags,
      security: bearer,
      params: ProjectParams,
      body: CreateExportBody,
      response: { 202: DataOf(Export), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'settings.manage');
      return reply.status(202).send({ data: await exports.create(grant, request.body.include) });
    },
  });

  app.get(`${base}/:exportId`, {
    schema: {
      operationId: 'getExport',
      summary: 'Get an export and its progress',
      tags,
      security: bearer,
      params: ExportParams,
      response: { 200: DataOf(Export), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'settings.manage');
      return { data: await exports.get(grant, request.params.exportId) };
    },
  });

  app.get(`${base}/:exportId/download`, {
    // The archive is gzipped already.
    compress: false,
    schema: {
      operationId: 'downloadExport',
      summary: 'Download a finished export',
      tags,
      security: bearer,
      params: ExportParams,
      response: { 200: fileAnswer('The archive, application/gzip'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'settings.manage');
      const archive = await exports.download(grant, request.params.exportId);
      return reply
        .type('application/gzip')
        .header('content-length', archive.size)
        .header('content-disposition', `attachment; filename="${archive.filename}"`)
        .send(archive.stream);
    },
  });
};
