import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AiGenerateBody, AiGenerated, DataOf, type ErrorBody, ProjectParams } from '@plinth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import { errorBody } from '../../plugins/errors.js';
import type { AiGenerateService, GenerateEvent } from './ai-generate.service.js';

const tags = ['ai'];

const wantsStream = (request: FastifyRequest): boolean => /\btext\/event-stream\b/i.test(request.headers.accept ?? '');

const frame = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** An abort signal for the request: fired when the client goes away before the answer is done. */
export function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  request.raw.on('aborted', () => controller.abort());
  return controller.signal;
}

/**
 * Sends a generation as server-sent events: `delta` frames, then one `done`, or one `error` with
 * the error body once the stream has begun (before it, refusals are ordinary JSON errors).
 */
async function sendStream(request: FastifyRequest, reply: FastifyReply, events: AsyncIterable<GenerateEvent>) {
  reply.hijack();
  const raw = reply.raw;
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
  try {
    for await (const event of events) {
      if (raw.destroyed) break;
      if (event.type === 'delta') raw.write(frame('delta', { text: event.text }));
      else raw.write(frame('done', { text: event.text, usage: event.usage }));
    }
  } catch (error) {
    let body: ErrorBody;
    if (error instanceof AppError) body = errorBody(error.code, error.message, error.details);
    else {
      request.log.error({ err: error }, 'An AI generation stream failed');
      body = errorBody('INTERNAL', 'Internal Server Error');
    }
    if (!raw.destroyed) raw.write(frame('error', body));
  }
  raw.end();
}

export const aiGenerateRoutes: FastifyPluginAsyncTypebox<{ aiGenerate: AiGenerateService }> = async (
  app,
  { aiGenerate },
) => {
  app.post('/projects/:projectId/ai/generate', {
    schema: {
      operationId: 'generateText',
      summary: 'Write text with the AI model',
      tags,
      security: bearer,
      description:
        'Writes text for `prompt` with the configured model: for a field (`collection.field`, whose type, label and length limit shape it), in a `tone`, within `max_length` characters, in `locale` (one of the project’s). Members who may create documents and `content:write` tokens; each call counts as one API request, and the tokens used are added to the project’s usage (`ai_tokens`). With `Accept: text/event-stream` the answer is server-sent events: `event: delta` with `{ "text": "…" }` as the text comes, then one `event: done` with `{ text, usage: { prompt_tokens, completion_tokens } }`, or one `event: error` with the error body. 503 `AI_NOT_CONFIGURED` without a model; 502 `UPSTREAM_ERROR` when the model fails or does not answer within `PLINTH_AI_TIMEOUT_MS`.',
      params: ProjectParams,
      body: AiGenerateBody,
      response: { 200: DataOf(AiGenerated), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'content.create');
      const signal = clientGone(request, reply);
      if (wantsStream(request)) {
        const events = await aiGenerate.stream(grant, request.body, signal);
        await sendStream(request, reply, events);
        return reply;
      }
      return { data: await aiGenerate.generate(grant, request.body, signal) };
    },
  });
};
