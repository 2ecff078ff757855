import type { Scope } from '@plinth/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseJson, toBool } from '../../db/database.js';
import type { ApiTokenRow } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { TokensRepository } from '../tokens/tokens.repository.js';
import { verifyAccessToken } from './access-tokens.js';
import { AuthRepository } from './auth.repository.js';
import type { Principal, TokenPrincipal, UserPrincipal } from './principal.js';

/** API tokens start with this, which tells them apart from access tokens (JWTs) at a glance. */
export const API_TOKEN_PREFIX = 'plt_';
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_CACHE_MS = 5_000;

const resolved = new WeakMap<FastifyRequest, Promise<Principal | null>>();

/** An API token's row as the hot path keeps it, with its scopes parsed once. */
interface CachedToken {
  row: ApiTokenRow;
  scopes: Scope[];
  version: number;
  at: number;
}

/**
 * Turns the `Authorization: Bearer …` header into a Principal, once per request. Sessions are
 * checked against the database on every request; API token rows are kept for a few seconds and
 * dropped at once when the token's project changes (a revocation does), so revocation takes
 * effect at once on this instance.
 */
export class Authenticator {
  private readonly auth: AuthRepository;
  private readonly tokens: TokensRepository;
  /** When each token's last_used_at was last written: at most one write a minute per token. */
  private readonly lastTouched = new Map<string, number>();

  constructor(private readonly ctx: AppContext) {
    this.auth = new AuthRepository(ctx.db);
    this.tokens = new TokensRepository(ctx.db);
  }

  /** The caller, or null when the request carries no credential. */
  optional(request: FastifyRequest): Promise<Principal | null> {
    let principal = resolved.get(request);
    if (!principal) {
      principal = this.resolve(request);
      resolved.set(request, principal);
    }
    return principal;
  }

  /** The caller; a 401 when there is none. */
  async principal(request: FastifyRequest): Promise<Principal> {
    const principal = await this.optional(request);
    if (!principal) throw new AppError('UNAUTHENTICATED', 'Sign in or send an API token to do this');
    return principal;
  }

  /** A signed-in person; API tokens get a 403 on account-level routes. */
  async user(request: FastifyRequest): Promise<UserPrincipal> {
    const principal = await this.principal(request);
    if (principal.kind !== 'user') throw forbidden('API tokens cannot use this endpoint; sign in as a user');
    return principal;
  }

  /** A signed-in instance admin; others get a 403. */
  async admin(request: FastifyRequest): Promise<UserPrincipal> {
    const principal = await this.user(request);
    if (!principal.isAdmin) throw forbidden('Only instance administrators can do this');
    return principal;
  }

  private async resolve(request: FastifyRequest): Promise<Principal | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <token>"');
    const credential = match[1];
    return credential.startsWith(API_TOKEN_PREFIX)
      ? this.resolveApiToken(credential)
      : this.resolveAccessToken(credential);
  }

  private async resolveAccessToken(token: string): Promise<UserPrincipal> {
    const claims = await verifyAccessToken({ key: this.ctx.jwtKey, token, now: this.ctx.clock() });
    const session = await this.auth.findLiveSession(claims.sessionId);
    if (!session || session.user_id !== claims.userId || session.status !== 'active') {
      throw new AppError('UNAUTHENTICATED', 'This session has ended; sign in again');
    }
    return { kind: 'user', userId: session.user_id, sessionId: session.id, isAdmin: toBool(session.is_admin) };
  }

  /**
   * Token rows for the delivery hot path, by the token as sent: a hit skips hashing it (only the
   * database keeps hashes; this process sees the plain token in every request anyway). A
   * revocation invalidates the project's delivery version, which drops the entry at once on this
   * instance; the age limit bounds it elsewhere.
   */
  private readonly tokenRows = new Map<string, CachedToken>();

  private async findToken(token: string): Promise<CachedToken | undefined> {
    const cached = this.tokenRows.get(token);
    if (
      cached &&
      cached.version === this.ctx.delivery.version(cached.row.project_id) &&
      Date.now() - cached.at < TOKEN_CACHE_MS
    ) {
      return cached;
    }
    const row = await this.tokens.findByHash(sha256(token));
    if (!row) {
      this.tokenRows.delete(token);
      return undefined;
    }
    if (this.tokenRows.size > 10_000) this.tokenRows.clear();
    const entry: CachedToken = {
      row,
      scopes: parseJson<Scope[]>(row.scopes),
      version: this.ctx.delivery.version(row.project_id),
      at: Date.now(),
    };
    this.tokenRows.set(token, entry);
    return entry;
  }

  private async resolveApiToken(token: string): Promise<TokenPrincipal> {
    const found = await this.findToken(token);
    const now = this.ctx.clock();
    if (!found || (found.row.expires_at !== null && found.row.expires_at <= now.toISOString())) {
      throw new AppError('UNAUTHENTICATED', 'The API token is invalid, revoked or expired');
    }
    const { row, scopes } = found;
    const touchedAt = this.lastTouched.get(row.id) ?? 0;
    if (now.getTime() - touchedAt >= TOUCH_INTERVAL_MS) {
      this.lastTouched.set(row.id, now.getTime());
      await this.tokens.touch(row.id, now.toISOString());
    }
    return { kind: 'token', tokenId: row.id, projectId: row.project_id, scopes };
  }
}
