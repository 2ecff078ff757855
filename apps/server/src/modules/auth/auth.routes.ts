import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordBody,
  CurrentUser,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  LogoutBody,
  MessageResponse,
  RefreshBody,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  TokenPair,
  UpdateMeBody,
} from '@plinth/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { bearer, errorResponses, NoContent, publicAccess } from '../../lib/route-schemas.js';
import { type AuthService, type ClientInfo, REFRESH_TOKEN_PREFIX } from './auth.service.js';

const tags = ['auth'];
const FORGOT_MESSAGE = 'If an account exists for this email, a link to reset the password is on its way.';

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

const bearerOf = (request: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/**
 * The refresh token travels in the body, the Authorization header, or both (they must agree).
 * A header holding something else (an access token added by a client's interceptor) is ignored
 * when the body has the refresh token.
 */
function refreshTokenOf(request: FastifyRequest, bodyToken: string | undefined): string {
  const header = bearerOf(request);
  if (bodyToken && header?.startsWith(REFRESH_TOKEN_PREFIX) && header !== bodyToken) {
    throw new AppError('VALIDATION_FAILED', 'refresh_token differs from the one in the Authorization header', [
      { path: 'refresh_token', message: 'differs from the one in the Authorization header' },
    ]);
  }
  const token = bodyToken ?? header;
  if (!token) {
    throw new AppError('VALIDATION_FAILED', 'refresh_token is required', [
      { path: 'refresh_token', message: 'is required' },
    ]);
  }
  return token;
}

/** Refresh and logout may come with no body at all (the token in the header): validate `{}` then. */
const allowNoBody = async (request: FastifyRequest) => {
  if (request.body === undefined) request.body = {};
};

export const authRoutes: FastifyPluginAsyncTypebox<{ accounts: AuthService }> = async (app, { accounts: service }) => {
  app.post('/auth/register', {
    schema: {
      operationId: 'register',
      summary: 'Create an account',
      security: publicAccess,
      tags,
      description:
        'With `invitation_token` (from an invitation email sent to this address) the account joins that project and is active whatever the registration mode. Without it, an invited email registers like any other and claims no invitation.',
      body: RegisterBody,
      response: { 201: RegisterResponse, ...errorResponses },
    },
    handler: async (request, reply) => reply.status(201).send(await service.register(request.body)),
  });

  app.post('/auth/login', {
    schema: {
      operationId: 'login',
      summary: 'Sign in',
      security: publicAccess,
      tags,
      body: LoginBody,
      response: { 200: LoginResponse, ...errorResponses },
    },
    handler: async (request) => service.login(request.body.username, request.body.password, clientOf(request)),
  });

  app.post('/auth/refresh', {
    schema: {
      operationId: 'refreshSession',
      summary: 'Refresh the access token',
      security: publicAccess,
      tags,
      description: 'Rotates the refresh token. It may come in the body or as `Authorization: Bearer <refresh_token>`.',
      body: RefreshBody,
      response: { 200: TokenPair, ...errorResponses },
    },
    preValidation: allowNoBody,
    handler: async (request) => service.refresh(refreshTokenOf(request, request.body?.refresh_token)),
  });

  app.get('/auth/me', {
    schema: {
      operationId: 'getCurrentUser',
      summary: 'Get the signed-in user',
      tags,
      security: bearer,
      description: 'The User, with `has_password`: whether the account can sign in with a password.',
      response: { 200: CurrentUser, ...errorResponses },
    },
    handler: async (request) => service.me((await request.user()).userId),
  });

  app.patch('/auth/me', {
    schema: {
      operationId: 'updateCurrentUser',
      summary: 'Update the signed-in user',
      tags,
      security: bearer,
      body: UpdateMeBody,
      response: { 200: CurrentUser, ...errorResponses },
    },
    handler: async (request) => service.updateMe((await request.user()).userId, request.body),
  });

  app.post('/auth/change-password', {
    schema: {
      operationId: 'changePassword',
      summary: 'Change or set the password',
      tags,
      security: bearer,
      description:
        'Changes the password (`current_password` is required and checked; a wrong one is a 400 and counts as a failed ' +
        'sign-in) and ends every other session of the account. An account without a password (`has_password: false`, ' +
        'made through a sign-in provider) sets its first password with `new_password` alone.',
      body: ChangePasswordBody,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.changePassword(await request.user(), request.body, clientOf(request));
      return reply.status(204).send(null);
    },
  });

  app.post('/auth/logout', {
    schema: {
      operationId: 'logout',
      summary: 'Sign out',
      security: publicAccess,
      tags,
      description:
        'Ends a session: the one of the refresh token (body or `Authorization` header), else the one of the access token in the header.',
      body: LogoutBody,
      response: { 204: NoContent, ...errorResponses },
    },
    preValidation: allowNoBody,
    handler: async (request, reply) => {
      const header = bearerOf(request);
      const refreshToken =
        request.body?.refresh_token ?? (header?.startsWith(REFRESH_TOKEN_PREFIX) ? header : undefined);
      // Without a refresh token, the header may hold the access token (ends its session) or nothing.
      const principal = refreshToken ? undefined : await request.credential().catch(() => null);
      await service.logout({
        refreshToken,
        principal: principal?.kind === 'user' ? principal : undefined,
      });
      return reply.status(204).send(null);
    },
  });

  app.post('/auth/forgot-password', {
    schema: {
      operationId: 'requestPasswordReset',
      summary: 'Email a password reset link',
      security: publicAccess,
      tags,
      body: ForgotPasswordBody,
      response: { 202: MessageResponse, ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.forgotPassword(request.body.email, clientOf(request));
      return reply.status(202).send({ message: FORGOT_MESSAGE });
    },
  });

  app.post('/auth/reset-password', {
    schema: {
      operationId: 'resetPassword',
      summary: 'Set a new password with a reset token',
      security: publicAccess,
      tags,
      body: ResetPasswordBody,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.resetPassword(request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  });
};
