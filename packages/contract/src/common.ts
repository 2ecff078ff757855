import { type Static, type TSchema, Type } from 'typebox';

/** Stable error codes of API.md, one per kind of failure. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A tus request without `Tus-Resumable: 1.0.0` (resumable uploads). */
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  STORAGE_QUOTA_EXCEEDED: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  INTERNAL: 500,
  UPSTREAM_ERROR: 502,
  AI_NOT_CONFIGURED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ErrorDetail = Type.Object({
  path: Type.String(),
  message: Type.String(),
});
export type ErrorDetail = Static<typeof ErrorDetail>;

/** The body of every error answer, from every route. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  code: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Array(ErrorDetail)),
});
export type ErrorBody = Static<typeof ErrorBody>;

// No NUL: PostgreSQL refuses it in any text parameter, so an id holding one could only fail.
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[^\\u0000]+$' });
export const Timestamp = Type.String({ format: 'date-time' });

export const ListMeta = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  next_cursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type ListMeta = Static<typeof ListMeta>;

/**
 * `{ data: T }`, the envelope of one resource.
 * @example const ProjectResponse = DataOf(Project);
 */
export const DataOf = <T extends TSchema>(item: T) => Type.Object({ data: item });

/**
 * `{ data: T[], meta }`, the envelope of a list.
 * @example const ProjectList = ListOf(Project);
 */
export const ListOf = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: ListMeta });

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PageQuery = Static<typeof PageQuery>;

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** Email as users type it: trimmed and compared case-insensitively by the server. */
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
