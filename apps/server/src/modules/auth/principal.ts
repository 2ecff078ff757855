import type { Scope } from '@plinth/contract';

/** API tokens start with this, which tells them apart from access tokens (JWTs) at a glance. */
export const API_TOKEN_PREFIX = 'plt_';

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

/**
 * A preview token: reads one document's working copy (and the documents it references) until it
 * expires, and nothing else.
 */
export interface PreviewPrincipal {
  readonly kind: 'preview';
  readonly projectId: string;
  /** The collection slug. */
  readonly collection: string;
  readonly documentId: string;
  readonly expiresAt: Date;
}

export type Principal = UserPrincipal | TokenPrincipal | PreviewPrincipal;

/** Who did something, for the audit trail: a user, an API token, or the system itself (null, for scheduled work). */
export interface Actor {
  readonly principal: Principal | null;
  readonly ip: string | null;
}

/** The system as actor: what scheduled jobs and provider webhooks do. */
export const SYSTEM: Actor = { principal: null, ip: null };

/** Who did something, for idempotency keys. */
export const actorKey = (principal: Principal): string =>
  principal.kind === 'user'
    ? `user:${principal.userId}`
    : principal.kind === 'token'
      ? `token:${principal.tokenId}`
      : `preview:${principal.documentId}`;

/** The user behind an actor, for `created_by` and `updated_by` columns (null for tokens and the system). */
export const userIdOf = (actor: Actor): string | null =>
  actor.principal?.kind === 'user' ? actor.principal.userId : null;

/** The API token behind an actor, for `created_by_token` columns. */
export const tokenIdOf = (actor: Actor): string | null =>
  actor.principal?.kind === 'token' ? actor.principal.tokenId : null;
