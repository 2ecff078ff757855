import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@plinth/contract';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { toDetails } from './validation.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
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

/** Fastify's own client errors (bad JSON, size, content type) mapped to the contract's codes. */
function fromFastifyError(error: FastifyError): ErrorBody | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorBody('VALIDATION_FAILED', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errorBody('UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported here; send application/json');
  }
  if (error.statusCode === 400) return errorBody('VALIDATION_FAILED', error.message);
  if (error.statusCode === 413) return errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (error.statusCode === 415) return errorBody('UNSUPPORTED_MEDIA_TYPE', error.message);
  return null;
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
