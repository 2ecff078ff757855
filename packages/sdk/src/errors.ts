import type { ErrorBody, ErrorCode, ErrorDetail, GraphqlError } from '@plinth/contract';

/**
 * What the server said when a call failed (API.md, error shape): the HTTP status, the stable
 * `code`, a `message` meant to be shown as is, and `details` on validation errors.
 * @example
 * try { await articles.update(id, { title }, { version: 3 }); }
 * catch (error) { if (error instanceof PlinthError && error.code === 'CONFLICT') reload(); }
 */
export class PlinthError extends Error {
  override readonly name: string = 'PlinthError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  /** `X-Request-Id` of the answer, to quote in a support request. */
  readonly requestId: string | null;
  /** Seconds to wait before retrying, from `Retry-After` (429 answers). */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    details?: ErrorDetail[];
    requestId?: string | null;
    retryAfter?: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/**
 * A GraphQL request whose answer carries `errors`: `code` and `message` come from the first
 * one; `errors` holds them all and `data` whatever part of the query did run.
 */
export class PlinthGraphqlError extends PlinthError {
  override readonly name: string = 'PlinthGraphqlError';
  readonly errors: GraphqlError[];
  readonly data: Record<string, unknown> | null;

  constructor(init: ConstructorParameters<typeof PlinthError>[0] & { errors: GraphqlError[]; data?: unknown }) {
    super(init);
    this.errors = init.errors;
    this.data = isRecord(init.data) ? init.data : null;
  }
}

/**
 * No answer at all: the server could not be reached, the connection broke, or the answer was
 * not readable. The original failure is in `cause`. Aborted calls reject with the abort reason.
 */
export class PlinthNetworkError extends Error {
  override readonly name: string = 'PlinthNetworkError';

  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}

/** Codes for answers that carry no Plinth error body (a proxy's 502, say), by status. */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a parsed body has the error shape of API.md. */
function isErrorBody(body: unknown): body is ErrorBody {
  return isRecord(body) && typeof body.code === 'string' && typeof body.message === 'string';
}

/** The errors of a GraphQL answer (GraphQL over HTTP shapes error answers as `{ errors }` only). */
function graphqlErrorsOf(body: unknown): GraphqlError[] | null {
  if (!isRecord(body) || !Array.isArray(body.errors) || body.errors.length === 0) return null;
  const errors = body.errors as GraphqlError[];
  return errors.every((error) => isRecord(error) && typeof error.message === 'string') ? errors : null;
}

/**
 * The error for a non-2xx answer: the server's own code and message when the body has the
 * API's error shape, else a code chosen from the status.
 */
export function errorFromResponse(response: Response, body: unknown): PlinthError {
  const retryAfter = Number(response.headers.get('retry-after'));
  const common = {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  };
  if (isErrorBody(body)) {
    return new PlinthError({
      ...common,
      code: body.code as ErrorCode,
      message: body.message,
      ...(body.details ? { details: body.details } : {}),
    });
  }
  // GraphQL refusals (syntax, limits, credentials): the code and message of the first error.
  const errors = graphqlErrorsOf(body);
  const [first] = errors ?? [];
  if (errors && first) {
    const code = first.extensions?.code;
    return new PlinthGraphqlError({
      ...common,
      code: (typeof code === 'string' ? code : (CODE_BY_STATUS[response.status] ?? 'INTERNAL')) as ErrorCode,
      message: first.message,
      ...(first.extensions?.details ? { details: first.extensions.details } : {}),
      errors,
    });
  }
  return new PlinthError({
    ...common,
    code: CODE_BY_STATUS[response.status] ?? 'INTERNAL',
    message: `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
  });
}
