import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type { ApiTokenRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

/** All SQL of project API tokens. */
export class TokensRepository extends Repository {
  /** The project's live (not revoked) tokens, newest first, one page of them and how many in all. */
  list(projectId: string, page: Page) {
    const live = this.db
      .selectFrom('api_tokens')
      .where('project_id', '=', projectId)
      .where('revoked_at', 'is', null)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    return listPage(live, page);
  }

  /** How many of the project's tokens are not revoked. */
  async countLive(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project_id', '=', projectId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The live token with this hash (revoked ones are never returned; expiry is the caller's). */
  findByHash(hash: string): Promise<ApiTokenRow | undefined> {
    return this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** The live token with this id (revoked ones are never returned; expiry is the caller's). */
  findLive(id: string): Promise<Pick<ApiTokenRow, 'id' | 'expires_at'> | undefined> {
    return this.db
      .selectFrom('api_tokens')
      .select(['id', 'expires_at'])
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async insert(row: Omit<ApiTokenRow, 'scopes'> & { scopes: string[] }): Promise<void> {
    await this.db
      .insertInto('api_tokens')
      .values({ ...row, scopes: JSON.stringify(row.scopes) })
      .execute();
  }

  async revoke(projectId: string, id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: now })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Tokens' names by id, revoked ones included (they still name who did something). */
  async findNames(ids: readonly string[]): Promise<{ id: string; name: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('api_tokens')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
  }
}
