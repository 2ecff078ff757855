import type { ApiToken, CreateApiTokenBody, CreatedApiToken, Scope } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { Transact } from '../../db/repository.js';
import type { ApiTokenRow } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { randomSecret, sha256 } from '../../lib/crypto.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ApiTokenVerifier } from '../auth/authenticator.js';
import { API_TOKEN_PREFIX, type TokenPrincipal, userIdOf } from '../auth/principal.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { TokensRepository } from './tokens.repository.js';

/** How much of a token is kept readable, so people can tell their tokens apart. */
const VISIBLE_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_CACHE_MS = 5_000;

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: parseJson<Scope[]>(row.scopes),
  token_prefix: row.token_prefix,
  expires_at: row.expires_at,
  last_used_at: row.last_used_at,
  created_at: row.created_at,
  created_by: row.created_by,
});

/** An API token's row as the hot path keeps it, with its scopes parsed once. */
interface CachedToken {
  row: ApiTokenRow;
  scopes: Scope[];
  version: number;
  at: number;
}

/**
 * Project API tokens: the secret is shown once at creation and stored only as a hash. Also how
 * requests are checked against them (`verify`, the authenticator's ApiTokenVerifier).
 */
export class TokensService implements ApiTokenVerifier {
  /** When each token's last_used_at was last written: at most one write a minute per token. */
  private readonly lastTouched = new Map<string, number>();
  /**
   * Token rows for the delivery hot path, by the token as sent: a hit skips hashing it (only the
   * database keeps hashes; this process sees the plain token in every request anyway). A
   * revocation invalidates the project's delivery version, which drops the entry at once on this
   * instance; the age limit bounds it elsewhere.
   */
  private readonly cached = new Map<string, CachedToken>();

  constructor(
    private readonly deps: {
      repository: TokensRepository;
      audit: AuditService;
      transaction: Transact;
      clock: Clock;
      delivery: DeliveryCache;
    },
  ) {}

  async list(projectId: string, page: Page): Promise<{ items: ApiToken[]; total: number }> {
    const { rows, total } = await this.deps.repository.list(projectId, page);
    return { items: rows.map(toApiToken), total };
  }

  /** How many of the project's tokens are not revoked (its overview). */
  count(projectId: string): Promise<number> {
    return this.deps.repository.countLive(projectId);
  }

  /** Tokens' names by id, in one query (the audit trail names who acted); unknown ids are absent. */
  async names(ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.deps.repository.findNames(ids);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async create(grant: ProjectGrant, body: CreateApiTokenBody): Promise<CreatedApiToken> {
    const now = this.deps.clock();
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime()) throw fieldError('expires_at', 'must be in the future');
    // The schema allows any 1–100 characters; a name of only spaces would show as nothing.
    const name = body.name.trim();
    if (!name) throw fieldError('name', 'must not be empty');
    const token = randomSecret(32, API_TOKEN_PREFIX);
    const row = {
      id: newId(),
      project_id: grant.project.id,
      name,
      scopes: [...body.scopes],
      token_hash: sha256(token),
      token_prefix: token.slice(0, VISIBLE_PREFIX_LENGTH),
      expires_at: expiresAt?.toISOString() ?? null,
      last_used_at: null,
      revoked_at: null,
      created_by: userIdOf(grant.actor),
      created_at: now.toISOString(),
    };
    await this.deps.transaction(async (trx) => {
      await this.deps.repository.in(trx).insert(row);
      await this.deps.audit.recordGrant(
        trx,
        grant,
        'token.created',
        { type: 'api_token', id: row.id },
        { name, scopes: row.scopes },
      );
    });
    return {
      id: row.id,
      name: row.name,
      scopes: body.scopes,
      token,
      token_prefix: row.token_prefix,
      expires_at: row.expires_at,
      created_at: row.created_at,
    };
  }

  /** Revocation is immediate: `verify` never accepts a revoked token. */
  async revoke(grant: ProjectGrant, tokenId: string): Promise<void> {
    await this.deps.transaction(async (trx) => {
      if (!(await this.deps.repository.in(trx).revoke(grant.project.id, tokenId, isoNow(this.deps.clock)))) {
        throw notFound('API token');
      }
      await this.deps.audit.recordGrant(trx, grant, 'token.revoked', { type: 'api_token', id: tokenId });
    });
    // Drops cached token rows of the project, so the revocation takes effect at once.
    this.deps.delivery.invalidate(grant.project.id);
  }

  async verify(token: string): Promise<TokenPrincipal | null> {
    const found = await this.find(token);
    const now = this.deps.clock();
    if (!found || (found.row.expires_at !== null && found.row.expires_at <= now.toISOString())) return null;
    const { row, scopes } = found;
    const touchedAt = this.lastTouched.get(row.id) ?? 0;
    if (now.getTime() - touchedAt >= TOUCH_INTERVAL_MS) {
      this.lastTouched.set(row.id, now.getTime());
      await this.deps.repository.touch(row.id, now.toISOString());
    }
    return { kind: 'token', tokenId: row.id, projectId: row.project_id, scopes };
  }

  /** Whether the token is still live (not revoked, not expired): what a long-lived stream checks again. */
  async isLive(tokenId: string): Promise<boolean> {
    const row = await this.deps.repository.findLive(tokenId);
    return row !== undefined && (row.expires_at === null || row.expires_at > this.deps.clock().toISOString());
  }

  private async find(token: string): Promise<CachedToken | undefined> {
    const { delivery } = this.deps;
    const cached = this.cached.get(token);
    if (
      cached &&
      cached.version === delivery.version(cached.row.project_id) &&
      Date.now() - cached.at < TOKEN_CACHE_MS
    ) {
      return cached;
    }
    const row = await this.deps.repository.findByHash(sha256(token));
    if (!row) {
      this.cached.delete(token);
      return undefined;
    }
    if (this.cached.size > 10_000) this.cached.clear();
    const entry: CachedToken = {
      row,
      scopes: parseJson<Scope[]>(row.scopes),
      version: delivery.version(row.project_id),
      at: Date.now(),
    };
    this.cached.set(token, entry);
    return entry;
  }
}
