import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditEntry, AuditQuery, ListOf, ProjectParams } from '@plinth/contract';
import { listMeta, pageOf } from '../../lib/pagination.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { AuditService } from './audit.service.js';

const tags = ['audit'];

export const auditRoutes: FastifyPluginAsyncTypebox<{ audit: AuditService }> = async (app, { audit: service }) => {
  app.get('/projects/:projectId/audit-log', {
    schema: {
      operationId: 'listAuditLog',
      summary: "List the project's audit trail",
      tags,
      security: bearer,
      description: 'Every change in the project, newest first. `action` accepts a trailing * (document.*).',
      params: ProjectParams,
      querystring: AuditQuery,
      response: { 200: ListOf(AuditEntry), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'audit.read');
      const page = pageOf(request.query);
      const { items, total } = await service.list(grant.project.id, request.query, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });
};
