import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { ErrorDetail } from '@plinth/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../lib/errors.js';
import { nulPath } from '../lib/nul-characters.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body schema's properties are all optional and the body may be left out (publish
     * without `locales`): no body is then read as `{}`.
     */
    optionalBody?: boolean;
  }
}

const METHODS_WITH_BODIES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** No body is `{}` on a route whose body may be left out, so its schema applies alike. */
async function emptyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

const unsupported = (expected: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `This content type is not supported here; send ${expected}`);

/** `undefined` (nothing sent), `null` and `{}` ask for nothing: a body-less route accepts them. */
function isEmpty(body: unknown): boolean {
  if (body === undefined || body === null) return true;
  return typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0;
}

/** A body on a route that takes none is refused as unknown properties are on the others. */
async function refuseBody(request: FastifyRequest): Promise<void> {
  const { body } = request;
  if (isEmpty(body)) return;
  const details: ErrorDetail[] =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? Object.keys(body).map((path) => ({ path, message: 'is not allowed' }))
      : [{ path: 'body', message: 'must be empty: this request takes no body' }];
  const [first] = details as [ErrorDetail];
  throw new AppError('VALIDATION_FAILED', `${first.path} ${first.message}`, details);
}

/**
 * Why a body the JSON parser refused is refused, as a validation error with details. Worked out
 * only once it failed: plain JSON.parse accepts what the secure parser refuses for its keys.
 * V8's messages quote the body; only their first clause is kept, so nothing sent is echoed back.
 */
function invalidJson(text: string): AppError {
  try {
    JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message.replace(/, ".*" is not valid JSON$/s, '');
    return new AppError('VALIDATION_FAILED', 'The request body is not valid JSON', [
      { path: 'body', message: `is not valid JSON: ${reason}` },
    ]);
  }
  const message = 'must not contain "__proto__" or "constructor.prototype" keys';
  return new AppError('VALIDATION_FAILED', `The request body ${message}`, [{ path: 'body', message }]);
}

/** How long, and how much of, the rest of a refused body is still read once the answer is out. */
const LINGER_MS = 30_000;
const LINGER_IDLE_MS = 5_000;
const LINGER_BYTES = 256 * 1024 * 1024;

/**
 * Closes the connection of an answer sent before its request's body was all received, without
 * resetting it. Node destroys such a connection once the answer is written; the client, still
 * sending, then gets a reset (RST) that loses the answer it has not read yet, as most clients
 * read only once they have sent everything. Instead, the answer is followed by a half-close and
 * the rest of the body is read and dropped until the client has sent it all, within limits.
 */
function lingerAfter(request: IncomingMessage): void {
  const { socket } = request;
  const destroySoon = socket.destroySoon.bind(socket);
  // Node's server calls this once the answer is written, on connections it closes.
  socket.destroySoon = () => {
    if (request.complete) return destroySoon();
    socket.end();
    const close = () => socket.destroy();
    const deadline = setTimeout(close, LINGER_MS);
    socket.once('close', () => clearTimeout(deadline));
    socket.setTimeout(LINGER_IDLE_MS, close);
    let read = 0;
    request.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) close();
    });
    request.once('end', close);
    request.resume();
  };
}

/**
 * Request bodies are JSON, and an empty one is no body at all, whatever its Content-Type says:
 * many HTTP clients (openapi-fetch set up client-wide, axios instances, ky) send
 * `Content-Type: application/json` on every request, publish and delete included. Any other
 * media type with content is a 415 (text/plain too: Fastify would otherwise hand the route a
 * string). A route that takes no body refuses one with a 400. Malformed JSON is a 400 with
 * details, and an answer sent before the body was all received leaves the client able to read it.
 */
export function installBodyParsing(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    const text = String(body);
    return parseJson(request, text, (error, parsed) => {
      if (error) return done(invalidJson(text));
      // No database stores a NUL character (PostgreSQL refuses it): refused here, for every route.
      const nul = nulPath(parsed, '');
      if (nul === null) return done(null, parsed);
      const message = 'must not contain a NUL character';
      return done(new AppError('VALIDATION_FAILED', `${nul} ${message}`, [{ path: nul, message }]));
    });
  });
  // Every other media type (and none): only an empty body gets through, to be read as no body.
  // Without Transfer-Encoding, no Content-Length (or 0) means no content in HTTP/1.1.
  app.addContentTypeParser('*', (request, _payload, done) => {
    const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
    if ((length === undefined || length === '0') && encoding === undefined) return done(null, undefined);
    return done(unsupported('application/json'), undefined);
  });

  // An answer sent before the body was all received (too large, refused before reading): see lingerAfter.
  app.addHook('onSend', async (request, reply) => {
    // Injected requests (tests) have no connection to close.
    if (request.raw.complete || !(request.raw.socket instanceof Socket)) return;
    reply.header('connection', 'close');
    lingerAfter(request.raw);
  });

  // Routes that declare a body schema, or the media types they read themselves (multipart
  // uploads), are left to it.
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => METHODS_WITH_BODIES.has(method))) return;
    if (route.config?.optionalBody) {
      route.preValidation = [emptyAsObject, ...[route.preValidation ?? []].flat()];
      return;
    }
    if (route.schema?.body !== undefined || route.schema?.consumes) return;
    route.preValidation = [refuseBody, ...[route.preValidation ?? []].flat()];
  });
}
