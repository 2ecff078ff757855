import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContactBody, Received, SupportBody } from '@plinth/contract';
import { errorResponses, publicAccess } from '../../lib/route-schemas.js';
import type { SiteService } from './site.service.js';

const tags = ['site'];

export const siteRoutes: FastifyPluginAsyncTypebox<{ site: SiteService }> = async (app, { site: service }) => {
  app.post('/contact', {
    schema: {
      operationId: 'sendContactMessage',
      summary: 'Send a message to the team',
      security: publicAccess,
      tags,
      body: ContactBody,
      response: { 201: Received, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { id } = await service.receive('contact', request.body, request.ip);
      return reply.status(201).send({ data: { id, received: true } });
    },
  });

  app.post('/support', {
    schema: {
      operationId: 'sendSupportRequest',
      summary: 'Ask for support',
      security: publicAccess,
      tags,
      body: SupportBody,
      response: { 201: Received, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { id } = await service.receive('support', request.body, request.ip);
      return reply.status(201).send({ data: { id, received: true } });
    },
  });
};
