import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApplyModelBody, DataOf, ModelDiff, ModelDiffQuery, ProjectParams } from '@plinth/contract';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { ModelPromotion } from '../collections/model-promotion.js';

const tags = ['content model'];

/**
 * Model promotion between two projects. The caller must be owner or admin of both: the other
 * project is authorized like this one, so one the caller cannot see is a plain 404.
 */
export const modelPromotionRoutes: FastifyPluginAsyncTypebox<{ modelPromotion: ModelPromotion }> = async (
  app,
  { modelPromotion },
) => {
  app.get('/projects/:projectId/model/diff', {
    schema: {
      operationId: 'diffModel',
      summary: "What would make this project's model equal to another project's",
      tags,
      security: bearer,
      params: ProjectParams,
      querystring: ModelDiffQuery,
      response: { 200: DataOf(ModelDiff), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'settings.manage');
      await request.authorize(request.query.from, 'settings.manage');
      return { data: { changes: await modelPromotion.diff(grant, request.query.from) } };
    },
  });

  app.post('/projects/:projectId/model/apply', {
    schema: {
      operationId: 'applyModel',
      summary: "Make this project's model equal to another project's, in one transaction",
      tags,
      security: bearer,
      params: ProjectParams,
      body: ApplyModelBody,
      response: { 200: DataOf(ModelDiff), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'settings.manage');
      await request.authorize(request.body.from, 'settings.manage');
      return {
        data: { changes: await modelPromotion.apply(grant, request.body.from, request.body.dry_run === true) },
      };
    },
  });
};
