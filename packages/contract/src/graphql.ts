import { type Static, Type } from 'typebox';
import { ErrorDetail, Id } from './common.js';

/** Path parameters of `/projects/:projectId/graphql`. */
export const GraphqlParams = Type.Object({ projectId: Id });
export type GraphqlParams = Static<typeof GraphqlParams>;

const QUERY_MAX_LENGTH = 100_000;

/**
 * Protocol extensions of a request. `persistedQuery` is automatic persisted queries: send the
 * query's SHA-256 alone; when the server does not know it yet (error `PersistedQueryNotFound`),
 * send the hash and the query once, and the hash alone works from then on.
 */
export const GraphqlExtensions = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Protocol extensions, such as `persistedQuery: { version: 1, sha256Hash }`',
});

const OperationName = Type.String({ maxLength: 200 });

/**
 * A GraphQL request sent with POST (GraphQL over HTTP). `query` may be left out only when
 * `extensions.persistedQuery` names a query the server already holds.
 * @example { query: 'query ($id: ID!) { article(id: $id) { title } }', variables: { id: '01J…' } }
 */
export const GraphqlRequest = Type.Object(
  {
    query: Type.Optional(Type.String({ minLength: 1, maxLength: QUERY_MAX_LENGTH })),
    variables: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    operationName: Type.Optional(Type.Union([OperationName, Type.Null()])),
    extensions: Type.Optional(Type.Union([GraphqlExtensions, Type.Null()])),
  },
  { additionalProperties: false },
);
export type GraphqlRequest = Static<typeof GraphqlRequest>;

/**
 * A GraphQL query sent with GET: `variables` and `extensions` are JSON objects in strings.
 * Mutations are POST only (405).
 * @example ?query={articles{total}}&variables={"limit":5}
 */
export const GraphqlGetQuery = Type.Object(
  {
    query: Type.Optional(Type.String({ minLength: 1, maxLength: QUERY_MAX_LENGTH })),
    variables: Type.Optional(Type.String({ maxLength: QUERY_MAX_LENGTH, description: 'A JSON object' })),
    operationName: Type.Optional(OperationName),
    extensions: Type.Optional(Type.String({ maxLength: 2000, description: 'A JSON object' })),
  },
  { additionalProperties: false },
);
export type GraphqlGetQuery = Static<typeof GraphqlGetQuery>;

/**
 * One GraphQL error. `extensions.code` is one of the API's error codes (VALIDATION_FAILED,
 * FORBIDDEN, NOT_FOUND, CONFLICT, …); `extensions.details` is present on validation errors.
 */
export const GraphqlError = Type.Object({
  message: Type.String(),
  locations: Type.Optional(Type.Array(Type.Object({ line: Type.Integer(), column: Type.Integer() }))),
  path: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Integer()]))),
  extensions: Type.Object(
    {
      code: Type.String(),
      details: Type.Optional(Type.Array(ErrorDetail)),
    },
    { additionalProperties: true },
  ),
});
export type GraphqlError = Static<typeof GraphqlError>;

/** An executed request: `data` (null when nothing could run) and the errors, if any. */
export const GraphqlResponse = Type.Object({
  data: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
  errors: Type.Optional(Type.Array(GraphqlError)),
  extensions: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type GraphqlResponse = Static<typeof GraphqlResponse>;

/**
 * An answer with errors only, as the GraphQL over HTTP specification shapes it: a request that
 * could not run (syntax, validation, variables), or one refused before that (credentials,
 * permissions, quotas), with the API's error code in `extensions.code`.
 */
export const GraphqlErrorResponse = Type.Object({
  errors: Type.Array(GraphqlError),
  extensions: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type GraphqlErrorResponse = Static<typeof GraphqlErrorResponse>;
