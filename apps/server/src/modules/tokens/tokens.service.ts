import type { ApiToken, CreateApiTokenBody, CreatedApiToken, Scope } from '@plinth/contract';
import type { AppContext } from '../../context.js';
import { parseJson } from '../../db/database.js';
import type { ApiTokenRow } from '../../db/schema.js';
import { randomSecret, sha256 } from '../../lib/crypto.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import { AuditService } from '../audit/audit.service.js';
import { API_TOKEN_PREFIX } from '../auth/authenticator.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { TokensRepository } from './tokens.repository.js';

/** How much of a token is kept readable, so people can tell their tokens apart. */
const VISIBLE_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;

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

/** Project API tokens: the secret is shown once at creation and stored only as a hash. */
export class TokensService {
  private readonly repository: TokensRepository;

  private readonly audit: AuditService;

  constructor(private readonly ctx: AppContext) {
    this.repository = new TokensRepository(ctx.db);
    this.audit = new AuditService(ctx);
  }

  async list(projectId: string, page: Page): Promise<{ items: ApiToken[]; total: number }> {
    const { rows, total } = await this.repository.list(projectId, page);
    return { items: rows.map(toApiToken), total };
  }

  async create(grant: ProjectGrant, body: CreateApiTokenBody): Promise<CreatedApiToken> {
    const now = this.ctx.clock();
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
      created_by: grant.principal.kind === 'user' ? grant.principal.userId : null,
      created_at: now.toISOString(),
    };
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.repository.insert(trx, row);
      await this.audit.recordGrant(
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

  /** Revocation is immediate: the authenticator never accepts a revoked token. */
  async revoke(grant: ProjectGrant, tokenId: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await this.repository.revoke(trx, grant.project.id, tokenId, this.ctx.clock().toISOString()))) {
        throw notFound('API token');
      }
      await this.audit.recordGrant(trx, grant, 'token.revoked', { type: 'api_token', id: tokenId });
    });
    // Drops cached token rows of the project, so the revocation takes effect at once.
    this.ctx.delivery.invalidate(grant.project.id);
  }
}
