import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreatedWebhook,
  CreateWebhookBody,
  DataOf,
  Delivery,
  DeliveryListQuery,
  DeliveryParams,
  DeliverySummary,
  ListOf,
  PageQuery,
  ProjectParams,
  UpdateWebhookBody,
  Webhook,
  WebhookParams,
} from '@plinth/contract';
import type { FastifyRequest } from 'fastify';
import { listMeta, pageOf } from '../../lib/pagination.js';
import { bearer, errorResponses, NoContent } from '../../lib/route-schemas.js';
import type { WebhooksService } from './webhooks.service.js';

const tags = ['webhooks'];

/** The webhooks API of API.md; every route needs `webhooks.manage` (owner, admin, or the token scope). */
export const webhooksRoutes: FastifyPluginAsyncTypebox<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks: service },
) => {
  const authorize = (projectId: string, request: FastifyRequest) => request.authorize(projectId, 'webhooks.manage');

  app.get('/projects/:projectId/webhooks', {
    schema: {
      operationId: 'listWebhooks',
      summary: 'List webhooks',
      tags,
      security: bearer,
      params: ProjectParams,
      querystring: PageQuery,
      response: { 200: ListOf(Webhook), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await authorize(request.params.projectId, request);
      const page = pageOf(request.query);
      const { items, total } = await service.list(grant, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.post('/projects/:projectId/webhooks', {
    schema: {
      operationId: 'createWebhook',
      summary: 'Create a webhook',
      tags,
      security: bearer,
      params: ProjectParams,
      body: CreateWebhookBody,
      response: { 201: DataOf(CreatedWebhook), ...errorResponses },
    },
    config: { idempotent: 'webhooks.manage' },
    handler: async (request, reply) => {
      const grant = await authorize(request.params.projectId, request);
      return reply.status(201).send({ data: await service.create(grant, request.body) });
    },
  });

  app.get('/projects/:projectId/webhooks/:webhookId', {
    schema: {
      operationId: 'getWebhook',
      summary: 'Get a webhook',
      tags,
      security: bearer,
      params: WebhookParams,
      response: { 200: DataOf(Webhook), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await authorize(request.params.projectId, request);
      return { data: await service.get(grant, request.params.webhookId) };
    },
  });

  app.patch('/projects/:projectId/webhooks/:webhookId', {
    schema: {
      operationId: 'updateWebhook',
      summary: 'Update a webhook',
      tags,
      security: bearer,
      params: WebhookParams,
      body: UpdateWebhookBody,
      response: { 200: DataOf(Webhook), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await authorize(request.params.projectId, request);
      return { data: await service.update(grant, request.params.webhookId, request.body) };
    },
  });

  app.delete('/projects/:projectId/webhooks/:webhookId', {
    schema: {
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook',
      tags,
      security: bearer,
      params: WebhookParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await authorize(request.params.projectId, request);
      await service.delete(grant, request.params.webhookId);
      return reply.status(204).send(null);
    },
  });

  app.post('/projects/:projectId/webhooks/:webhookId/test', {
    schema: {
      operationId: 'testWebhook',
      summary: 'Send a test delivery',
      tags,
      security: bearer,
      params: WebhookParams,
      response: { 202: DataOf(Delivery), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await authorize(request.params.projectId, request);
      return reply.status(202).send({ data: await service.test(grant, request.params.webhookId) });
    },
  });

  app.get('/projects/:projectId/webhooks/:webhookId/deliveries', {
    schema: {
      operationId: 'listWebhookDeliveries',
      summary: "List a webhook's deliveries",
      tags,
      security: bearer,
      params: WebhookParams,
      querystring: DeliveryListQuery,
      response: { 200: ListOf(DeliverySummary), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await authorize(request.params.projectId, request);
      const page = pageOf(request.query);
      const { items, total } = await service.deliveries(grant, request.params.webhookId, request.query, page);
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.get('/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId', {
    schema: {
      operationId: 'getWebhookDelivery',
      summary: 'Get a delivery',
      tags,
      security: bearer,
      params: DeliveryParams,
      response: { 200: DataOf(Delivery), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await authorize(request.params.projectId, request);
      return { data: await service.delivery(grant, request.params.webhookId, request.params.deliveryId) };
    },
  });

  app.post('/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/redeliver', {
    schema: {
      operationId: 'redeliverWebhook',
      summary: 'Send a delivery again',
      tags,
      security: bearer,
      params: DeliveryParams,
      response: { 202: DataOf(Delivery), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await authorize(request.params.projectId, request);
      const { webhookId, deliveryId } = request.params;
      return reply.status(202).send({ data: await service.redeliver(grant, webhookId, deliveryId) });
    },
  });
};
