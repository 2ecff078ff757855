import { toBool } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { verifyAccessToken } from './access-tokens.js';
import type { AuthRepository } from './auth.repository.js';
import { PREVIEW_TOKEN_PREFIX, verifyPreviewToken } from './preview-tokens.js';
import { API_TOKEN_PREFIX, type Principal, type TokenPrincipal, type UserPrincipal } from './principal.js';

/**
 * How API tokens are checked. The tokens module owns them (implemented there, wired in the
 * composition root); the authenticator only routes `plt_` credentials to it.
 */
export interface ApiTokenVerifier {
  /** The live, unexpired token's principal; null for an unknown, revoked or expired one. */
  verify(token: string): Promise<TokenPrincipal | null>;
  /** Whether the token with this id is still live. */
  isLive(tokenId: string): Promise<boolean>;
}

/**
 * Turns an `Authorization: Bearer …` header into a Principal. Sessions are checked against the
 * database on every request, so signing out and revocations take effect at once.
 */
export class Authenticator {
  constructor(
    private readonly deps: {
      sessions: AuthRepository;
      tokens: ApiTokenVerifier;
      /** HS256 key of access tokens. */
      jwtKey: Uint8Array;
      clock: Clock;
    },
  ) {}

  /**
   * The caller of a request with this Authorization header; null without one. A malformed
   * header or a credential that is not (or no longer) valid is a 401.
   */
  async principal(authorization: string | undefined): Promise<Principal | null> {
    if (!authorization) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <token>"');
    return this.credential(match[1]);
  }

  /** The caller a bare credential names (an access token, an API token or a preview token); a 401 when it is not valid. */
  async credential(credential: string): Promise<Principal> {
    if (credential.startsWith(PREVIEW_TOKEN_PREFIX)) {
      return verifyPreviewToken({ key: this.deps.jwtKey, token: credential, now: this.deps.clock() });
    }
    if (!credential.startsWith(API_TOKEN_PREFIX)) return this.user(credential);
    const principal = await this.deps.tokens.verify(credential);
    if (!principal) throw new AppError('UNAUTHENTICATED', 'The API token is invalid, revoked or expired');
    return principal;
  }

  /**
   * Whether a caller found earlier still holds: its session not ended, its API token not
   * revoked or expired. What a long-lived stream, or a ticket redeemed later, checks again.
   */
  async isLive(principal: Principal): Promise<boolean> {
    if (principal.kind === 'token') return this.deps.tokens.isLive(principal.tokenId);
    if (principal.kind === 'preview') return principal.expiresAt > this.deps.clock();
    const session = await this.deps.sessions.findLiveSession(principal.sessionId);
    return session?.user_id === principal.userId && session.status === 'active';
  }

  private async user(accessToken: string): Promise<UserPrincipal> {
    const claims = await verifyAccessToken({ key: this.deps.jwtKey, token: accessToken, now: this.deps.clock() });
    const session = await this.deps.sessions.findLiveSession(claims.sessionId);
    if (!session || session.user_id !== claims.userId || session.status !== 'active') {
      throw new AppError('UNAUTHENTICATED', 'This session has ended; sign in again');
    }
    return { kind: 'user', userId: session.user_id, sessionId: session.id, isAdmin: toBool(session.is_admin) };
  }
}
