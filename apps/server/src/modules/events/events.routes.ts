import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DataOf,
  EventStreamQuery,
  EventTicket,
  Presence,
  PresenceBody,
  PresenceClientParams,
  PresenceParams,
  ProjectParams,
} from '@plinth/contract';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { bearer, errorResponses, NoContent } from '../../lib/route-schemas.js';
import type { ProjectAccess } from '../projects/project-access.js';
import type { EventHub } from './event-hub.js';
import type { EventsService, StreamSink } from './events.service.js';
import type { PresenceService } from './presence.service.js';

const tags = ['events'];

/** What reaches a client before the first event: how long to wait before reconnecting, and a comment. */
const PREAMBLE = 'retry: 3000\n: connected\n\n';

/**
 * The stream's side of a connection: headers go out with the first frame (so a refusal before
 * it is still an ordinary JSON error), and a client whose unsent data passes `maxBufferBytes`
 * cannot keep up: the hub drops it.
 */
function streamSink(reply: FastifyReply, maxBufferBytes: number): StreamSink & { start(): void; closed(): boolean } {
  const raw = reply.raw;
  let started = false;
  let ended = false;
  const start = () => {
    if (started) return;
    started = true;
    reply.hijack();
    // What hooks put on the reply (CORS, quota) and the security headers go out with the stream's own.
    for (const [name, value] of Object.entries(reply.withSecurityHeaders().getHeaders())) {
      if (value !== undefined) raw.setHeader(name, value);
    }
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write(PREAMBLE);
  };
  raw.on('close', () => {
    ended = true;
  });
  return {
    start,
    closed: () => ended,
    write(frame) {
      if (ended) return true;
      start();
      if (raw.writableLength > maxBufferBytes) return false;
      raw.write(frame);
      return true;
    },
    end(dropped) {
      if (ended) return;
      ended = true;
      if (!started) start();
      if (dropped) raw.destroy();
      else raw.end();
    },
  };
}

export const eventsRoutes: FastifyPluginAsyncTypebox<{
  events: EventsService;
  eventHub: EventHub;
  presence: PresenceService;
  access: ProjectAccess;
  eventStreams: { bufferBytes: number };
}> = async (app, { events, eventHub, presence, access, eventStreams }) => {
  // Open streams never finish on their own: end them when the server closes, or it would wait on them.
  app.addHook('preClose', async () => eventHub.close());

  app.get('/projects/:projectId/events', {
    // EventSource cannot send a header: a `ticket` stands in for the credential, redeemed below.
    config: { credentialParam: 'ticket' },
    schema: {
      operationId: 'streamEvents',
      summary: 'Stream the project’s events',
      tags,
      security: bearer,
      description:
        'Server-sent events (`Accept: text/event-stream`): each event’s `event:` is the webhook event name (or `presence.joined`, `presence.updated`, `presence.left`) and its `data:` the webhook payload `{ id, event, created_at, project_id, data }`, filtered by the caller’s permissions (hidden fields never; `content:read` tokens see published content only). Reconnect with `Last-Event-ID` to receive every event missed in the last 24 hours, in order (older: one `event: reset` first). A comment comes every 15 s. Browsers’ EventSource uses `?ticket=` from POST /events/tickets. Opening a stream counts as one API request.',
      params: ProjectParams,
      querystring: EventStreamQuery,
      response: {
        200: Type.Unsafe<string>({
          description: 'The event stream',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        }),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const { projectId } = request.params;
      const principal =
        request.query.ticket !== undefined
          ? await events.redeemTicket(projectId, request.query.ticket)
          : await request.principal();
      const grant = await access.authorize(principal, projectId, 'project.read', request.ip);
      const sink = streamSink(reply, eventStreams.bufferBytes);
      const lastEventId = request.headers['last-event-id'];
      let close: () => void;
      try {
        close = await events.open({
          grant,
          query: request.query,
          lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
          sink,
        });
      } catch (error) {
        // Before the first frame it is an ordinary error answer; after it, all that is left is to cut the stream.
        if (!reply.sent) throw error;
        request.log.error({ err: error }, 'An event stream failed while catching up');
        sink.end(true);
        return reply;
      }
      sink.start();
      if (sink.closed()) close();
      else reply.raw.on('close', close);
      return reply;
    },
  });

  app.post('/projects/:projectId/events/tickets', {
    schema: {
      operationId: 'createEventTicket',
      summary: 'Get a ticket to open an event stream',
      tags,
      security: bearer,
      description:
        'A single-use ticket valid 60 s that opens one stream as the caller with `GET /events?ticket=…`: browsers’ EventSource cannot send an Authorization header, and a token never goes in a URL.',
      params: ProjectParams,
      response: { 201: DataOf(EventTicket), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'project.read');
      return reply.status(201).send({ data: await events.issueTicket(grant) });
    },
  });

  const presencePath = '/projects/:projectId/collections/:collection/documents/:id/presence';

  app.get(presencePath, {
    schema: {
      operationId: 'listPresence',
      summary: 'Who has a document open',
      tags,
      security: bearer,
      params: PresenceParams,
      response: { 200: DataOf(Type.Array(Presence)), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.preview');
      return { data: await presence.list(grant, request.params.collection, request.params.id) };
    },
  });

  app.put(presencePath, {
    schema: {
      operationId: 'announcePresence',
      summary: 'Announce or renew presence on a document',
      tags,
      security: bearer,
      description:
        'Members only. The presence holds 45 s: renew it every 15 s while the document is open. Joining, changing `state`, `field` or `locale`, and leaving (or going silent) are `presence.*` events on the stream. Answers everyone there now.',
      params: PresenceParams,
      body: PresenceBody,
      response: { 200: DataOf(Type.Array(Presence)), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'content.preview');
      return {
        data: await presence.announce(grant, request.params.collection, request.params.id, request.body),
      };
    },
  });

  app.delete(`${presencePath}/:clientId`, {
    schema: {
      operationId: 'leavePresence',
      summary: 'Leave a document',
      tags,
      security: bearer,
      params: PresenceClientParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'content.preview');
      await presence.leave(grant, request.params.id, request.params.clientId);
      return reply.status(204).send(null);
    },
  });
};
