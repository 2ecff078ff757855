import { type Static, Type } from 'typebox';
import { Timestamp } from './common.js';

/** The sign-in providers Plinth knows; an instance offers those its operator configured. */
export const OAuthProviderId = Type.Union([Type.Literal('github'), Type.Literal('google'), Type.Literal('oidc')]);
export type OAuthProviderId = Static<typeof OAuthProviderId>;

/** `:provider` is any text: an unknown or unconfigured provider is a 404, not a 400. */
export const OAuthProviderParams = Type.Object({ provider: Type.String({ minLength: 1, maxLength: 40 }) });
export type OAuthProviderParams = Static<typeof OAuthProviderParams>;

export const OAuthStartQuery = Type.Object({
  redirect_uri: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: "The web app's `/auth/:provider/callback` page under PUBLIC_URL; any other address is a 400.",
  }),
});
export type OAuthStartQuery = Static<typeof OAuthStartQuery>;

export const OAuthCallbackBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    state: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export type OAuthCallbackBody = Static<typeof OAuthCallbackBody>;

/** A configured provider, with the name its "Continue with …" button shows. */
export const OAuthProvider = Type.Object({ id: OAuthProviderId, name: Type.String() });
export type OAuthProvider = Static<typeof OAuthProvider>;

export const OAuthProviderList = Type.Object({ data: Type.Array(OAuthProvider) });
export type OAuthProviderList = Static<typeof OAuthProviderList>;

/** A sign-in provider account linked to the signed-in user. */
export const LinkedIdentity = Type.Object({
  provider: OAuthProviderId,
  email: Type.Union([Type.String(), Type.Null()], {
    description: 'The email the provider reported when the account was linked (null for links made before it was kept)',
  }),
  linked_at: Timestamp,
});
export type LinkedIdentity = Static<typeof LinkedIdentity>;

export const LinkedIdentityList = Type.Object({ data: Type.Array(LinkedIdentity) });
export type LinkedIdentityList = Static<typeof LinkedIdentityList>;
