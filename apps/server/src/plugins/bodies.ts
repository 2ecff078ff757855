import type { ErrorDetail } from '@plinth/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../lib/errors.js';

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
 * Request bodies are JSON, and an empty one is no body at all, whatever its Content-Type says:
 * many HTTP clients (openapi-fetch set up client-wide, axios instances, ky) send
 * `Content-Type: application/json` on every request, publish and delete included. Any other
 * media type with content is a 415 (text/plain too: Fastify would otherwise hand the route a
 * string). A route that takes no body refuses one with a 400.
 */
export function installBodyParsing(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    return parseJson(request, String(body), done);
  });
  // Every other media type (and none): only an empty body gets through, to be read as no body.
  // Without Transfer-Encoding, no Content-Length (or 0) means no content in HTTP/1.1.
  app.addContentTypeParser('*', (request, _payload, done) => {
    const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
    if ((length === undefined || length === '0') && encoding === undefined) return done(null, undefined);
    return done(unsupported('application/json'), undefined);
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
