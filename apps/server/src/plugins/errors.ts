import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@plinth/contract';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { toDetails } from './validation.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function errorBody(code: ErrorCode, message: string, details?: ErrorBody['details']): ErrorBody {
  const statusCode = ERROR_CODES[code];
  return {
    statusCode,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    code,
    message,
    ...(details ? { details } : {}),
  };
}

type ClientErrorCode = Extract<
  ErrorCode,
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
>;

/** The nearest contract code for a client error status that nothing below names. */
function codeForStatus(statusCode: number): ClientErrorCode {
  switch (statusCode) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
    case 405:
    case 410:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'VALIDATION_FAILED';
  }
}

/** What people read for each code when the error itself has no message fit to show. */
const GENERIC_MESSAGE: Record<ClientErrorCode, string> = {
  UNAUTHENTICATED: 'Sign in or send a valid credential',
  FORBIDDEN: 'You are not allowed to do this',
  NOT_FOUND: 'Not found',
  CONFLICT: 'The request conflicts with the current state',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported here',
  RATE_LIMITED: 'Too many requests; try again later',
  VALIDATION_FAILED: 'The request is invalid',
};

/**
 * Fastify's own client errors (bad JSON, size, content type, bad URL) mapped to the contract's
 * codes. Any other status below 500 gets the nearest code: a plugin's 4xx is the client's
 * mistake, never a 500.
 */
function fromFastifyError(error: FastifyError): ErrorBody | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errorBody('VALIDATION_FAILED', 'The request body is not valid JSON', [
        { path: 'body', message: 'is not valid JSON' },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errorBody('UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported here; send application/json');
    // Their messages repeat the URL; the caller knows it already, and logs should not be fed it back.
    case 'FST_ERR_BAD_URL':
      return errorBody('VALIDATION_FAILED', 'The request URL is not valid (a percent-encoded sequence is malformed)');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errorBody('VALIDATION_FAILED', 'A part of the request URL is too long');
  }
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return null;
  const code = codeForStatus(status);
  // Fastify and its plugins word their 4xx messages for the client.
  return errorBody(code, error.message || GENERIC_MESSAGE[code]);
}

/**
 * For errors Fastify meets before any route runs (a malformed URL, a path parameter over
 * `maxParamLength`): passed as the `frameworkErrors` option, so they get the contract's shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body = fromFastifyError(error) ?? errorBody('VALIDATION_FAILED', 'The request is invalid');
  request.log.info({ code: error.code }, 'Request refused before routing');
  reply.status(body.statusCode).send(body);
}

/** One handler for every route: the wire shape of API.md, and nothing internal on a 5xx. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: ErrorObject[] }, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (error.validation) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      // An empty body is read as none (see bodies.ts); say so rather than "body must be an object".
      if (context === 'body' && request.body === undefined) {
        const body = errorBody('VALIDATION_FAILED', 'This request needs a JSON body', [
          { path: 'body', message: 'is required' },
        ]);
        return reply.status(400).send(body);
      }
      const details = toDetails(error.validation, context === 'body' ? 'body' : context);
      const first = details[0];
      const message = first ? `${first.path} ${first.message}` : 'The request is invalid';
      return reply.status(400).send(errorBody('VALIDATION_FAILED', message, details));
    }
    const mapped = fromFastifyError(error);
    if (mapped) return reply.status(mapped.statusCode).send(mapped);
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', 'Internal Server Error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
