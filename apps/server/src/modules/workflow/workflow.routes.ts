import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DataOf,
  Document,
  DocumentIdParams,
  ListOf,
  PageQuery,
  ProjectParams,
  ScheduleBody,
  ScheduledAction,
  WorkflowBody,
} from '@plinth/contract';
import { listMeta, pageOf } from '../../lib/pagination.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { ContentDeps } from '../documents/documents.routes.js';
import { SCHEDULED_JOB, WorkflowService } from './workflow.service.js';

const tags = ['workflow'];

export const workflowRoutes: FastifyPluginAsyncTypebox<ContentDeps> = async (
  app,
  { ctx, access, documents, models },
) => {
  const service = new WorkflowService(ctx, documents, models);
  ctx.jobHandlers.set(SCHEDULED_JOB, {
    run: (payload) => service.runScheduled(payload as Parameters<WorkflowService['runScheduled']>[0]),
    retryDelaysMs: [5_000, 30_000, 120_000],
    // "Exact to within a few seconds": never behind a backlog of webhook deliveries.
    urgent: true,
  });
  const base = '/projects/:projectId/collections/:collection/documents/:id';

  app.post(`${base}/workflow`, {
    schema: {
      tags,
      security: bearer,
      description: 'submit (writers, own documents) → in_review → approve or reject (editors and above).',
      params: DocumentIdParams,
      body: WorkflowBody,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.update_own');
      return { data: await service.transition(grant, request.params.collection, request.params.id, request.body) };
    },
  });

  app.post(`${base}/schedule`, {
    schema: {
      tags,
      security: bearer,
      description: 'Publishes and/or unpublishes at future times; null clears a schedule.',
      params: DocumentIdParams,
      body: ScheduleBody,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.publish');
      return { data: await service.schedule(grant, request.params.collection, request.params.id, request.body) };
    },
  });

  app.get('/projects/:projectId/schedules', {
    schema: {
      tags,
      security: bearer,
      description: 'Upcoming scheduled publishing and unpublishing, soonest first.',
      params: ProjectParams,
      querystring: PageQuery,
      response: { 200: ListOf(ScheduledAction), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await access.authorize(request, request.params.projectId, 'content.preview');
      const page = pageOf(request.query);
      const { items, total } = await service.listScheduled(grant, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });
};
