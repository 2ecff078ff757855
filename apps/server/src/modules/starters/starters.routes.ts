import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppliedStarter, ApplyStarterBody, DataOf, ProjectParams, StarterList } from '@plinth/contract';
import { bearer, errorResponses, publicAccess } from '../../lib/route-schemas.js';
import type { StartersService } from './starters.service.js';

const tags = ['content model'];

export const startersRoutes: FastifyPluginAsyncTypebox<{ starters: StartersService }> = async (
  app,
  { starters: service },
) => {
  app.get('/starters', {
    schema: {
      operationId: 'listStarters',
      summary: 'List the project starters',
      tags,
      security: publicAccess,
      description:
        'The content a new project can start from (public): a blog, a documentation site, landing pages built ' +
        'from blocks, or an empty project, each with the collections and components it creates.',
      response: { 200: StarterList, ...errorResponses },
    },
    handler: async () => ({ data: service.list() }),
  });

  app.post('/projects/:projectId/starter', {
    schema: {
      operationId: 'applyStarter',
      summary: 'Apply a starter to a project',
      tags,
      security: bearer,
      description:
        'Creates the starter’s components and collections, draws and uploads its sample images, and writes a few ' +
        'sample documents (some published, some drafts) in every project locale it has text for. Only for a ' +
        'project without collections or components (409 otherwise); `empty` creates nothing. Owners and admins ' +
        '(the rights to change the model, publish and upload). Images that would exceed the plan’s media storage ' +
        'are a 413 before anything is created. If a step fails, what was created is removed again (the ' +
        'collections’ documents go to the trash) and the error is returned.',
      params: ProjectParams,
      body: ApplyStarterBody,
      response: { 201: DataOf(AppliedStarter), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      return reply.status(201).send({ data: await service.apply(grant, request.body.starter) });
    },
  });
};
