import type {
  AiGenerateBody,
  AiGenerated,
  AiGeneratedDone,
  AiSeoBody,
  AiSeoReport,
  AiTranslateBody,
  AiVariantBody,
  Document,
  DocumentVariant,
  ErrorBody,
  ErrorCode,
} from '@plinth/contract';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { errorFromResponse, PlinthError, PlinthNetworkError } from './errors.js';
import { type CallOptions, type PlinthRequest, projectPath, readData } from './request.js';

/**
 * Writes text with the project's model (API.md, AI assistant): for a `field` (`collection.field`),
 * in a `tone`, within `max_length` characters, in `locale`. 503 `AI_NOT_CONFIGURED` without a model.
 * @example const { text } = await client.request(generateText({ projectId, body: { prompt: 'A title about tides' } }));
 */
export function generateText(target: { projectId: string; body: AiGenerateBody }): PlinthRequest<AiGenerated> {
  return {
    method: 'POST',
    path: projectPath(target.projectId, '/ai/generate'),
    body: target.body,
    read: readData<AiGenerated>(),
  };
}

/**
 * Fills `target_locales` of a document's localized fields from `source_locale`, as unpublished
 * changes; answers the document with every locale's values (as `locale=*`).
 */
export function translateDocument(target: { projectId: string; body: AiTranslateBody }): PlinthRequest<Document> {
  return {
    method: 'POST',
    path: projectPath(target.projectId, '/ai/translate'),
    body: target.body,
    read: readData<Document>(),
  };
}

/** Measures a document's SEO; `suggestions` is null when the server has no model. */
export function seoReport(target: { projectId: string; body: AiSeoBody }): PlinthRequest<AiSeoReport> {
  return {
    method: 'POST',
    path: projectPath(target.projectId, '/ai/seo'),
    body: target.body,
    read: readData<AiSeoReport>(),
  };
}

/** Has the model rewrite a document's text fields for an audience and saves them as its variant. */
export function writeDocumentVariant(target: {
  projectId: string;
  body: AiVariantBody;
}): PlinthRequest<DocumentVariant> {
  return {
    method: 'POST',
    path: projectPath(target.projectId, '/ai/variant'),
    body: target.body,
    read: readData<DocumentVariant>(),
  };
}

/**
 * A generation as it is written: iterating it yields the text deltas in order (once: it is a
 * single stream). It throws a PlinthError for a refusal or an `event: error` of the stream,
 * a PlinthNetworkError when the connection breaks, and the abort reason when aborted.
 */
export interface GenerationStream extends AsyncIterable<string> {
  /** The whole text and the tokens used (the `done` event), once every delta has been read; null before. */
  readonly result: AiGeneratedDone | null;
}

/** Where and how to send a streamed generation; the client gives its URL, fetch and headers. */
export interface GenerationConnection {
  /** The full URL of `POST /projects/:p/ai/generate`. */
  url: string;
  fetch: typeof globalThis.fetch;
  /** The call's headers, credential included. */
  headers: Headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The error an `event: error` frame carries (the API's error body), as a PlinthError. */
function streamError(payload: unknown, requestId: string | null): PlinthError {
  if (isRecord(payload) && typeof payload.code === 'string' && typeof payload.message === 'string') {
    const body = payload as ErrorBody;
    return new PlinthError({
      status: body.statusCode,
      code: body.code as ErrorCode,
      message: body.message,
      ...(body.details ? { details: body.details } : {}),
      requestId,
    });
  }
  return new PlinthError({ status: 500, code: 'INTERNAL', message: 'The generation failed', requestId });
}

/**
 * Sends a generation with `Accept: text/event-stream` and reads the server-sent events:
 * `delta` frames become the iteration's values, `done` its `result`. Leaving the loop early
 * (or aborting `signal`) closes the connection, which stops the model. `client.ai.stream`
 * calls this with the client's fetch and credential.
 * @example
 * const stream = streamGeneration({ url, fetch, headers }, { prompt: 'A tagline' }, { signal });
 * for await (const delta of stream) output.append(delta);
 * console.log(stream.result?.usage);
 */
export function streamGeneration(
  connection: GenerationConnection,
  body: AiGenerateBody,
  options: CallOptions = {},
): GenerationStream {
  const { signal } = options;
  let result: AiGeneratedDone | null = null;

  async function* run(): AsyncGenerator<string> {
    signal?.throwIfAborted();
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    const failed = (error: unknown, what: string): unknown =>
      signal?.aborted
        ? (signal.reason ?? error)
        : new PlinthNetworkError(`${what}: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          });
    try {
      const headers = new Headers(connection.headers);
      headers.set('accept', 'text/event-stream');
      headers.set('content-type', 'application/json');
      let response: Response;
      try {
        response = await connection.fetch(connection.url, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: controller.signal,
        });
      } catch (error) {
        throw failed(error, 'Could not start the generation');
      }
      const requestId = response.headers.get('x-request-id');
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw errorFromResponse(response, parseJson(text) ?? text);
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.body || !type.includes('text/event-stream')) {
        throw new PlinthNetworkError(`Expected an event stream, got ${type || 'no content type'}`, { cause: type });
      }

      const messages: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (message) => messages.push(message) });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw failed(error, 'The generation stream broke');
        }
        if (chunk.done) break;
        parser.feed(decoder.decode(chunk.value, { stream: true }));
        for (const message of messages.splice(0)) {
          const payload = parseJson(message.data);
          if (message.event === 'error') throw streamError(payload, requestId);
          if (!isRecord(payload) || typeof payload.text !== 'string') continue;
          if (message.event === 'delta') yield payload.text;
          else if (message.event === 'done') {
            result = payload as unknown as AiGeneratedDone;
            return;
          }
        }
      }
      throw new PlinthNetworkError('The generation stream ended before its done event', { cause: null });
    } finally {
      signal?.removeEventListener('abort', forward);
      // Ends the request when the caller stopped early; a no-op once the answer is complete.
      controller.abort();
    }
  }

  const deltas = run();
  return {
    get result() {
      return result;
    },
    [Symbol.asyncIterator]: () => deltas,
  };
}
