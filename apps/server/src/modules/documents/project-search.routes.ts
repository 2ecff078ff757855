import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProjectParams, ProjectSearchQuery, SearchHitList } from '@plinth/contract';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { ProjectSearch } from './project-search.js';

export const projectSearchRoutes: FastifyPluginAsyncTypebox<{ projectSearch: ProjectSearch }> = async (
  app,
  { projectSearch: service },
) => {
  app.get('/projects/:projectId/search', {
    schema: {
      operationId: 'searchProject',
      summary: 'Find documents by title across a project',
      tags: ['documents'],
      security: bearer,
      description:
        'Documents of every collection whose title has each word of `q` as the start of one of its words ' +
        '(case and accents aside), in the default locale, most recently updated first; the trash is left out. ' +
        'The title is the display field when it is a text, slug or email field, else the first text field; ' +
        'hidden fields are never used. Any member may search (the working copy); API tokens with only ' +
        '`content:read` search published snapshots.',
      params: ProjectParams,
      querystring: ProjectSearchQuery,
      response: { 200: SearchHitList, ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.read');
      return { data: await service.search(grant, request.query) };
    },
  });
};
