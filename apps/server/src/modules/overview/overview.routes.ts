import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, ProjectOverview, ProjectParams } from '@plinth/contract';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { OverviewService } from './overview.service.js';

export const overviewRoutes: FastifyPluginAsyncTypebox<{ overview: OverviewService }> = async (
  app,
  { overview: service },
) => {
  app.get('/projects/:projectId/overview', {
    schema: {
      operationId: 'getProjectOverview',
      summary: 'Get a project at a glance',
      tags: ['projects'],
      security: bearer,
      description:
        'Counts for the project dashboard: collections and components, documents by state, media files and the ' +
        'bytes they take, members (joined and invited), API tokens and webhooks. The trash is not counted. Any ' +
        'member may read it, and any API token of the project.',
      params: ProjectParams,
      response: { 200: DataOf(ProjectOverview), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'project.read');
      return { data: await service.overview(grant.project.id) };
    },
  });
};
