import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LinkedIdentityList,
  LoginResponse,
  OAuthCallbackBody,
  OAuthProviderList,
  OAuthProviderParams,
  OAuthStartQuery,
} from '@plinth/contract';
import { Type } from 'typebox';
import { bearer, errorResponses, NoContent, publicAccess } from '../../../lib/route-schemas.js';
import { clientOf } from '../auth.routes.js';
import type { OAuthService } from './oauth.service.js';

const tags = ['auth'];

export const oauthRoutes: FastifyPluginAsyncTypebox<{ oauth: OAuthService }> = async (app, { oauth: service }) => {
  app.get('/auth/oauth/providers', {
    schema: {
      operationId: 'listOAuthProviders',
      summary: 'List the social sign-in providers',
      security: publicAccess,
      tags,
      description: 'The sign-in providers this instance offers (those configured), for "Continue with …" buttons.',
      response: { 200: OAuthProviderList, ...errorResponses },
    },
    handler: async () => ({ data: service.listProviders() }),
  });

  app.get('/auth/oauth/:provider/start', {
    schema: {
      operationId: 'startOAuthSignIn',
      summary: 'Start a social sign-in',
      security: publicAccess,
      tags,
      description:
        "Redirects the browser to the provider (`github`, `google`, `oidc`) with a single-use state (10 minutes) and a PKCE challenge. The provider sends the browser back to `redirect_uri`, the web app's `/auth/:provider/callback` page, which posts the code and state to the callback endpoint. An unknown or unconfigured provider is a 404.",
      params: OAuthProviderParams,
      querystring: OAuthStartQuery,
      response: { 302: Type.Null({ description: "Location is the provider's sign-in page" }), ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.redirect(await service.start(request.params.provider, request.query.redirect_uri), 302),
  });

  app.post('/auth/oauth/:provider/callback', {
    schema: {
      operationId: 'finishOAuthSignIn',
      summary: 'Finish a social sign-in',
      security: publicAccess,
      tags,
      description:
        'Finishes a sign-in with the `code` and `state` the provider sent back, and answers like a login. The provider account signs in the user it is linked to, else the user with its verified email (linking it), else a new user under the registration mode. A used, expired or unknown state is a 400; a provider that fails is a 502 (`UPSTREAM_ERROR`).',
      params: OAuthProviderParams,
      body: OAuthCallbackBody,
      response: { 200: LoginResponse, ...errorResponses },
    },
    handler: async (request) => service.finish(request.params.provider, request.body, clientOf(request)),
  });

  app.get('/auth/me/identities', {
    schema: {
      operationId: 'listLinkedIdentities',
      summary: 'List your linked sign-in providers',
      tags,
      security: bearer,
      description: 'The provider accounts (GitHub, Google, single sign-on) that sign in to your account.',
      response: { 200: LinkedIdentityList, ...errorResponses },
    },
    handler: async (request) => ({ data: await service.listIdentities((await request.user()).userId) }),
  });

  app.delete('/auth/me/identities/:provider', {
    schema: {
      operationId: 'unlinkIdentity',
      summary: 'Unlink a sign-in provider',
      tags,
      security: bearer,
      description:
        'Stops your account at this provider from signing in to your account. Refused (409) when it is the only way ' +
        'left to sign in: the account has no password and no other linked provider. A provider that is not linked is a 404.',
      params: OAuthProviderParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.unlinkIdentity((await request.user()).userId, request.params.provider);
      return reply.status(204).send(null);
    },
  });
};
