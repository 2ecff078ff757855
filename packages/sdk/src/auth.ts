import type { LoginResponse, TokenPair, User } from '@plinth/contract';
import { type PlinthRequest, readBody } from './request.js';

/**
 * Signs in with an email and password; the answer holds a 15-minute access token and a refresh
 * token. Integrations usually use an API token instead.
 */
export function login(credentials: { email: string; password: string }): PlinthRequest<LoginResponse> {
  return {
    method: 'POST',
    path: '/auth/login',
    body: { username: credentials.email, password: credentials.password },
    read: readBody<LoginResponse>(),
  };
}

/** Trades a refresh token for a new pair; the old refresh token stops working (rotation). */
export function refresh(refreshToken: string): PlinthRequest<TokenPair> {
  return {
    method: 'POST',
    path: '/auth/refresh',
    body: { refresh_token: refreshToken },
    headers: { Authorization: `Bearer ${refreshToken}` },
    read: readBody<TokenPair>(),
  };
}

/** The signed-in user. */
export function me(): PlinthRequest<User> {
  return { method: 'GET', path: '/auth/me', read: readBody<User>() };
}
