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
import type { WorkflowService } from './workflow.service.js';

const tags = ['workflow'];

export const workflowRoutes: FastifyPluginAsyncTypebox<{ workflow: WorkflowService }> = async (
  app,
  { workflow: service },
) => {
  const base = '/projects/:projectId/collections/:collection/documents/:id';

  app.post(`${base}/workflow`, {
    schema: {
      operationId: 'transitionWorkflow',
      summary: 'Submit, approve or reject a document',
      tags,
      security: bearer,
      description: 'submit (writers, own documents) → in_review → approve or reject (editors and above).',
      params: DocumentIdParams,
      body: WorkflowBody,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.update_own');
      return { data: await service.transition(grant, request.params.collection, request.params.id, request.body) };
    },
  });

  app.post(`${base}/schedule`, {
    schema: {
      operationId: 'scheduleDocument',
      summary: 'Schedule publishing or unpublishing',
      tags,
      security: bearer,
      description: 'Publishes and/or unpublishes at future times; null clears a schedule.',
      params: DocumentIdParams,
      body: ScheduleBody,
      response: { 200: DataOf(Document), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.publish');
      return { data: await service.schedule(grant, request.params.collection, request.params.id, request.body) };
    },
  });

  app.get('/projects/:projectId/schedules', {
    schema: {
      operationId: 'listSchedules',
      summary: 'List scheduled publishing',
      tags,
      security: bearer,
      description: 'Upcoming scheduled publishing and unpublishing, soonest first.',
      params: ProjectParams,
      querystring: PageQuery,
      response: { 200: ListOf(ScheduledAction), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.preview');
      const page = pageOf(request.query);
      const { items, total } = await service.listScheduled(grant, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });
};
