import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddMemberBody,
  CreateProjectBody,
  DataOf,
  Invitation,
  InvitationParams,
  ListOf,
  Member,
  MemberParams,
  PageQuery,
  Project,
  ProjectParams,
  UpdateMemberBody,
  UpdateProjectBody,
} from '@plinth/contract';
import { listMeta, pageOf } from '../../lib/pagination.js';
import { bearer, errorResponses, NoContent, publicAccess } from '../../lib/route-schemas.js';
import type { InvitationsService } from './invitations.service.js';
import { toProject } from './project.mapper.js';
import type { ProjectsService } from './projects.service.js';

const tags = ['projects'];

export const projectsRoutes: FastifyPluginAsyncTypebox<{
  projects: ProjectsService;
  invitations: InvitationsService;
}> = async (app, { projects: service, invitations }) => {
  app.get('/projects', {
    schema: {
      operationId: 'listProjects',
      summary: 'List your projects',
      tags,
      security: bearer,
      querystring: PageQuery,
      response: { 200: ListOf(Project), ...errorResponses },
    },
    handler: async (request) => {
      const user = await request.user();
      const page = pageOf(request.query);
      const { items, total } = await service.listMine(user.userId, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.post('/projects', {
    schema: {
      operationId: 'createProject',
      summary: 'Create a project',
      tags,
      security: bearer,
      body: CreateProjectBody,
      response: { 201: DataOf(Project), ...errorResponses },
    },
    config: { idempotent: 'user' },
    handler: async (request, reply) => {
      const user = await request.user();
      return reply.status(201).send({ data: await service.create(user.userId, request.body) });
    },
  });

  app.get('/projects/:projectId', {
    schema: {
      operationId: 'getProject',
      summary: 'Get a project',
      tags,
      security: bearer,
      params: ProjectParams,
      response: { 200: DataOf(Project), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'project.read');
      return { data: toProject(grant.project, grant.role) };
    },
  });

  app.patch('/projects/:projectId', {
    schema: {
      operationId: 'updateProject',
      summary: 'Update a project',
      tags,
      security: bearer,
      params: ProjectParams,
      body: UpdateProjectBody,
      response: { 200: DataOf(Project), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'settings.manage');
      return { data: await service.update(grant, request.body) };
    },
  });

  app.delete('/projects/:projectId', {
    schema: {
      operationId: 'deleteProject',
      summary: 'Delete a project',
      tags,
      security: bearer,
      params: ProjectParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'project.delete');
      await service.delete(grant);
      return reply.status(204).send(null);
    },
  });

  app.get('/projects/:projectId/members', {
    schema: {
      operationId: 'listMembers',
      summary: "List the project's members",
      tags,
      security: bearer,
      params: ProjectParams,
      querystring: PageQuery,
      response: { 200: ListOf(Member), ...errorResponses },
    },
    handler: async (request) => {
      await request.authorize(request.params.projectId, 'members.read');
      const page = pageOf(request.query);
      const { items, total } = await service.listMembers(request.params.projectId, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.post('/projects/:projectId/members', {
    schema: {
      operationId: 'addMember',
      summary: 'Add or invite a member',
      tags,
      security: bearer,
      params: ProjectParams,
      body: AddMemberBody,
      response: { 201: DataOf(Member), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'members.manage');
      return reply.status(201).send({ data: await service.addMember(grant, request.body) });
    },
  });

  app.patch('/projects/:projectId/members/:userId', {
    schema: {
      operationId: 'updateMember',
      summary: "Change a member's role",
      tags,
      security: bearer,
      params: MemberParams,
      body: UpdateMemberBody,
      response: { 200: DataOf(Member), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'members.manage');
      return { data: await service.updateMember(grant, request.params.userId, request.body.role) };
    },
  });

  app.delete('/projects/:projectId/members/:userId', {
    schema: {
      operationId: 'removeMember',
      summary: 'Remove a member',
      tags,
      security: bearer,
      params: MemberParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'members.manage');
      await service.removeMember(grant, request.params.userId);
      return reply.status(204).send(null);
    },
  });

  app.get('/invitations/:token', {
    schema: {
      operationId: 'getInvitation',
      summary: 'Preview an invitation',
      security: publicAccess,
      tags,
      description:
        'What an invitation link offers (project, role, email), before it is used. The token comes from the invitation email. Unknown, used, expired or revoked invitations answer 404. To use one: `POST /auth/register` with `invitation_token` (no account yet), or `POST /invitations/:token/accept` signed in as the invited email.',
      params: InvitationParams,
      response: { 200: DataOf(Invitation), ...errorResponses },
    },
    handler: async (request) => ({ data: await service.previewInvitation(request.params.token) }),
  });

  app.post('/invitations/:token/accept', {
    schema: {
      operationId: 'acceptInvitation',
      summary: 'Accept an invitation',
      tags,
      security: bearer,
      description: 'Joins the project of an invitation sent to the signed-in user’s email.',
      params: InvitationParams,
      response: { 200: DataOf(Project), ...errorResponses },
    },
    handler: async (request) => {
      const user = await request.user();
      return { data: await invitations.accept(user, request.params.token, request.ip) };
    },
  });
};
