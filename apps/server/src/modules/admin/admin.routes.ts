import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminProject,
  AdminProjectQuery,
  AdminUser,
  AdminUserQuery,
  DataOf,
  Id,
  ListOf,
  MessageQuery,
  PlanId,
  Project,
  ProjectParams,
  SiteMessage,
  UserParams,
} from '@plinth/contract';
import { Type } from 'typebox';
import { listMeta, pageOf } from '../../lib/pagination.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import type { AdminService } from './admin.service.js';

const tags = ['admin'];

export const adminRoutes: FastifyPluginAsyncTypebox<{ admin: AdminService }> = async (app, { admin: service }) => {
  app.get('/admin/users', {
    schema: {
      operationId: 'listUsers',
      summary: "List the instance's users",
      tags,
      security: bearer,
      querystring: AdminUserQuery,
      response: { 200: ListOf(AdminUser), ...errorResponses },
    },
    handler: async (request) => {
      await request.admin();
      const page = pageOf(request.query);
      const { items, total } = await service.listUsers({ status: request.query.status, page });
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.post('/admin/users/:userId/approve', {
    schema: {
      operationId: 'approveUser',
      summary: 'Approve a pending registration',
      tags,
      security: bearer,
      params: UserParams,
      response: { 200: DataOf(AdminUser), ...errorResponses },
    },
    handler: async (request) => {
      await request.admin();
      return { data: await service.approve(request.params.userId) };
    },
  });

  app.get('/admin/messages', {
    schema: {
      operationId: 'listInboxMessages',
      summary: 'List contact and support messages',
      tags,
      security: bearer,
      querystring: MessageQuery,
      response: { 200: ListOf(SiteMessage), ...errorResponses },
    },
    handler: async (request) => {
      await request.admin();
      const page = pageOf(request.query);
      const { items, total } = await service.listMessages({ kind: request.query.kind, page });
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.get('/admin/messages/:messageId', {
    schema: {
      operationId: 'getInboxMessage',
      summary: 'Get a contact or support message',
      tags,
      security: bearer,
      params: Type.Object({ messageId: Id }),
      response: { 200: DataOf(SiteMessage), ...errorResponses },
    },
    handler: async (request) => {
      await request.admin();
      return { data: await service.getMessage(request.params.messageId) };
    },
  });

  app.get('/admin/projects', {
    schema: {
      operationId: 'listAllProjects',
      summary: "List the instance's projects",
      tags,
      security: bearer,
      description:
        'Every project, newest first, with its plan, the owner who joined first and how many members have joined. ' +
        '`q` finds a name or slug containing it (any letter case). Instance admins only.',
      querystring: AdminProjectQuery,
      response: { 200: ListOf(AdminProject), ...errorResponses },
    },
    handler: async (request) => {
      await request.admin();
      const page = pageOf(request.query);
      const { items, total } = await service.listProjects({ q: request.query.q?.trim() || undefined, page });
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.patch('/admin/projects/:projectId', {
    schema: {
      operationId: 'setProjectPlan',
      summary: "Set a project's plan",
      tags,
      security: bearer,
      description: "Sets a project's plan (any plan, Enterprise included).",
      params: ProjectParams,
      body: Type.Object({ plan: PlanId }, { additionalProperties: false }),
      response: { 200: DataOf(Project), ...errorResponses },
    },
    handler: async (request) => {
      const admin = await request.admin();
      return { data: await service.setProjectPlan(admin, request.params.projectId, request.body.plan, request.ip) };
    },
  });
};
