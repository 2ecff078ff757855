import type { Kysely } from 'kysely';
import type { ApiTokenRow, Database } from '../../db/schema.js';

/** All SQL of project API tokens. */
export class TokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The project's live (not revoked) tokens, newest first, one page of them and how many in all. */
  async list(projectId: string, page: { limit: number; offset: number }) {
    const live = this.db.selectFrom('api_tokens').where('project_id', '=', projectId).where('revoked_at', 'is', null);
    const [rows, count] = await Promise.all([
      live
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      live.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  findById(projectId: string, id: string): Promise<ApiTokenRow | undefined> {
    return this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
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

  async insert(db: Kysely<Database>, row: Omit<ApiTokenRow, 'scopes'> & { scopes: string[] }): Promise<void> {
    await db
      .insertInto('api_tokens')
      .values({ ...row, scopes: JSON.stringify(row.scopes) })
      .execute();
  }

  async revoke(db: Kysely<Database>, projectId: string, id: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('api_tokens')
      .set({ revoked_at: now })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
  }
}
