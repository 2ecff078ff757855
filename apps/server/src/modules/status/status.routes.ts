import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateIncidentBody,
  DataOf,
  Incident,
  IncidentParams,
  IncidentQuery,
  ListOf,
  MessageResponse,
  ServiceStatusReport,
  SubscribeBody,
  SubscriptionState,
  SubscriptionTokenBody,
  SubscriptionTokenQuery,
  UpdateIncidentBody,
} from '@plinth/contract';
import type { FastifyInstance } from 'fastify';
import { listMeta, pageOf } from '../../lib/pagination.js';
import { bearer, errorResponses, NoContent, publicAccess } from '../../lib/route-schemas.js';
import type { StatusMonitor } from './status-monitor.js';

const tags = ['status'];
const adminTags = ['admin'];

/**
 * Counts every answer of the scope it is installed in (the /api/v1 scope) in the status
 * page's rolling request window: all callers, any status.
 */
export function installRequestStats(api: FastifyInstance, monitor: StatusMonitor): void {
  // Callback-style hooks like this one skip a promise per request on the hot path.
  api.addHook('onResponse', (_request, reply, done) => {
    monitor.requests.record(reply.statusCode, reply.elapsedTime);
    done();
  });
}

export const statusRoutes: FastifyPluginAsyncTypebox<{ monitor: StatusMonitor }> = async (app, { monitor }) => {
  const service = monitor.service;

  app.get('/status', {
    schema: {
      operationId: 'getStatus',
      summary: 'Get the service status',
      security: publicAccess,
      tags,
      description:
        "The public status page, measured by the running service: overall status (from open incidents, maintenance, the latest health sample and the 5xx rate of recent requests), health-sample uptime over 90 days (days without samples are omitted from `uptime_history`), the median response time and other figures of this process's API requests over the last five minutes, and host and database figures of the latest sample.",
      response: { 200: ServiceStatusReport, ...errorResponses },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.report();
    },
  });

  app.post('/status/subscriptions', {
    schema: {
      operationId: 'subscribeToStatus',
      summary: 'Subscribe to incident emails',
      security: publicAccess,
      tags,
      description:
        'Subscribes an email address to incident notifications. Always 202, whether or not the address is known; a confirmation email carries `GET /status/subscriptions/confirm?token=…`, and every email carries `GET /status/subscriptions/unsubscribe?token=…`. Only confirmed addresses receive incident emails (on creation and on every update of its timeline: a new message, a status change, the resolution). Limited to 5 requests an hour per IP (429 RATE_LIMITED).',
      body: SubscribeBody,
      response: { 202: MessageResponse, ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.subscribe(request.body.email, request.ip);
      return reply.status(202).send({
        message: 'Check your inbox: we sent a link to confirm the subscription, unless it is confirmed already.',
      });
    },
  });

  const confirmDescription =
    'Confirms a subscription with the token of the confirmation email (the link works for 7 days, and again once confirmed). An invalid or expired token is a 400.';
  app.get('/status/subscriptions/confirm', {
    schema: {
      operationId: 'confirmStatusSubscriptionLink',
      summary: 'Confirm a status subscription (email link)',
      security: publicAccess,
      tags,
      description: `${confirmDescription} The GET form is the link of the email.`,
      querystring: SubscriptionTokenQuery,
      response: { 200: SubscriptionState, ...errorResponses },
    },
    handler: async (request) => {
      await service.confirm(request.query.token);
      return { data: { status: 'confirmed' as const, message: 'Your subscription is confirmed.' } };
    },
  });
  app.post('/status/subscriptions/confirm', {
    schema: {
      operationId: 'confirmStatusSubscription',
      summary: 'Confirm a status subscription',
      security: publicAccess,
      tags,
      description: confirmDescription,
      body: SubscriptionTokenBody,
      response: { 200: SubscriptionState, ...errorResponses },
    },
    handler: async (request) => {
      await service.confirm(request.body.token);
      return { data: { status: 'confirmed' as const, message: 'Your subscription is confirmed.' } };
    },
  });

  const unsubscribeDescription =
    'Ends a subscription with the token of the unsubscribe link that every status email carries. Using it again answers the same; a token that was never issued is a 400.';
  app.get('/status/subscriptions/unsubscribe', {
    schema: {
      operationId: 'unsubscribeFromStatusLink',
      summary: 'End a status subscription (email link)',
      security: publicAccess,
      tags,
      description: `${unsubscribeDescription} The GET form is the link of the email.`,
      querystring: SubscriptionTokenQuery,
      response: { 200: SubscriptionState, ...errorResponses },
    },
    handler: async (request) => {
      await service.unsubscribe(request.query.token);
      return { data: { status: 'unsubscribed' as const, message: 'You will not receive status emails any more.' } };
    },
  });
  app.post('/status/subscriptions/unsubscribe', {
    schema: {
      operationId: 'unsubscribeFromStatus',
      summary: 'End a status subscription',
      security: publicAccess,
      tags,
      description: unsubscribeDescription,
      body: SubscriptionTokenBody,
      response: { 200: SubscriptionState, ...errorResponses },
    },
    handler: async (request) => {
      await service.unsubscribe(request.body.token);
      return { data: { status: 'unsubscribed' as const, message: 'You will not receive status emails any more.' } };
    },
  });

  app.get('/admin/incidents', {
    schema: {
      operationId: 'listIncidents',
      summary: 'List incidents',
      tags: adminTags,
      security: bearer,
      description: 'Incidents, newest first, each with its timeline. Instance admins only.',
      querystring: IncidentQuery,
      response: { 200: ListOf(Incident), ...errorResponses },
    },
    handler: async (request) => {
      await request.admin();
      const page = pageOf(request.query);
      const { items, total } = await service.listIncidents({ status: request.query.status, page });
      return { data: items, meta: listMeta(page, total) };
    },
  });

  app.post('/admin/incidents', {
    schema: {
      operationId: 'openIncident',
      summary: 'Open an incident',
      tags: adminTags,
      security: bearer,
      description:
        'Opens an incident (status `investigating` unless given; impact `maintenance` shows the service as under maintenance while open). Confirmed subscribers get an email.',
      body: CreateIncidentBody,
      response: { 201: DataOf(Incident), ...errorResponses },
    },
    handler: async (request, reply) => {
      const admin = await request.admin();
      return reply.status(201).send({ data: await service.createIncident(admin, request.body) });
    },
  });

  app.get('/admin/incidents/:incidentId', {
    schema: {
      operationId: 'getIncident',
      summary: 'Get an incident',
      tags: adminTags,
      security: bearer,
      params: IncidentParams,
      response: { 200: DataOf(Incident), ...errorResponses },
    },
    handler: async (request) => {
      await request.admin();
      return { data: await service.getIncident(request.params.incidentId) };
    },
  });

  app.patch('/admin/incidents/:incidentId', {
    schema: {
      operationId: 'updateIncident',
      summary: 'Update an incident',
      tags: adminTags,
      security: bearer,
      description:
        'Changes an incident. A new status or message is appended to its timeline (`resolved` sets `resolved_at`; reopening clears it) and confirmed subscribers get an email about it; title or impact edits alone send nothing.',
      params: IncidentParams,
      body: UpdateIncidentBody,
      response: { 200: DataOf(Incident), ...errorResponses },
    },
    handler: async (request) => {
      const admin = await request.admin();
      return { data: await service.updateIncident(admin, request.params.incidentId, request.body) };
    },
  });

  app.delete('/admin/incidents/:incidentId', {
    schema: {
      operationId: 'deleteIncident',
      summary: 'Delete an incident',
      tags: adminTags,
      security: bearer,
      description:
        'Deletes an incident and its timeline (for mistakes; resolve real incidents instead). No email is sent.',
      params: IncidentParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      await request.admin();
      await service.deleteIncident(request.params.incidentId);
      return reply.status(204).send(null);
    },
  });
};
