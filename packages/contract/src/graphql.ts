import { type Static, Type } from 'typebox';
import { ErrorBody, ErrorDetail, Id } from './common.js';

/** Path parameters of `/projects/:projectId/graphql`. */
export const GraphqlParams = Type.Object({ projectId: Id });
export type GraphqlParams = Static<typeof GraphqlParams>;

const QUERY_MAX_LENGTH = 100_000;

/**
 * A GraphQL request sent with POST (GraphQL over HTTP).
 * @example { query: 'query ($id: ID!) { article(id: $id) { title } }', variables: { id: '01J…' } }
 */
export const GraphqlRequest = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: QUERY_MAX_LENGTH }),
    variables: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    operationName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type GraphqlRequest = Static<typeof GraphqlRequest>;

/**
 * A GraphQL query sent with GET: `variables` is a JSON object in a string. Mutations are POST only.
 * @example ?query={articles{total}}&variables={"limit":5}
 */
export const GraphqlGetQuery = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: QUERY_MAX_LENGTH }),
    variables: Type.Optional(Type.String({ maxLength: QUERY_MAX_LENGTH })),
    operationName: Type.Optional(Type.String({ maxLength: 200 })),
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
});
export type GraphqlResponse = Static<typeof GraphqlResponse>;

/**
 * A request refused before execution (bad credentials, unknown project, syntax, validation,
 * depth or cost limits): the API's error body and the same failure as GraphQL `errors`.
 */
export const GraphqlErrorResponse = Type.Object({
  ...ErrorBody.properties,
  errors: Type.Optional(Type.Array(GraphqlError)),
});
export type GraphqlErrorResponse = Static<typeof GraphqlErrorResponse>;
