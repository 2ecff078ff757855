import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.js';

export const SCOPES = [
  'content:read',
  'content:preview',
  'content:write',
  'media:read',
  'media:write',
  'schema:read',
  'schema:write',
  'webhooks:manage',
] as const;
export type Scope = (typeof SCOPES)[number];
export const Scope = Type.Enum(SCOPES);

export const ApiToken = Type.Object({
  id: Id,
  name: Type.String(),
  scopes: Type.Array(Scope),
  token_prefix: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  created_by: Type.Union([Id, Type.Null()]),
});
export type ApiToken = Static<typeof ApiToken>;

/** The create answer: the only time the secret `token` is shown. */
export const CreatedApiToken = Type.Object({
  id: Id,
  name: Type.String(),
  scopes: Type.Array(Scope),
  token: Type.String(),
  token_prefix: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
});
export type CreatedApiToken = Static<typeof CreatedApiToken>;

export const CreateApiTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(Scope, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true }),
    expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>;

export const ApiTokenParams = Type.Object({ projectId: Id, tokenId: Id });
export type ApiTokenParams = Static<typeof ApiTokenParams>;
