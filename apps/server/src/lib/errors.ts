import { ERROR_CODES, type ErrorCode, type ErrorDetail } from '@plinth/contract';

/**
 * The one error type services throw; the error handler turns it into the wire shape of API.md.
 * @example throw new AppError('NOT_FOUND', 'Project not found');
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = ERROR_CODES[code];
    this.headers = headers;
  }
}

/** A 400 that points at one input field. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${path} ${message}`, [{ path, message }]);
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
