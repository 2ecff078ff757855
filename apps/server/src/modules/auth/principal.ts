import type { Scope } from '@plinth/contract';

/** A signed-in person, from a user access token (JWT). */
export interface UserPrincipal {
  readonly kind: 'user';
  readonly userId: string;
  readonly sessionId: string;
  readonly isAdmin: boolean;
}

/** A project API token, limited to its project and scopes. */
export interface TokenPrincipal {
  readonly kind: 'token';
  readonly tokenId: string;
  readonly projectId: string;
  readonly scopes: readonly Scope[];
}

export type Principal = UserPrincipal | TokenPrincipal;

/** Who did something, for idempotency keys and (later) the audit trail. */
export const actorKey = (principal: Principal): string =>
  principal.kind === 'user' ? `user:${principal.userId}` : `token:${principal.tokenId}`;
