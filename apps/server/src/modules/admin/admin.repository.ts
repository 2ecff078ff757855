import type { UserStatus } from '@plinth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

/** Instance-wide queries only administrators run. */
export class AdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listUsers(options: { status?: UserStatus | undefined; page: Page }) {
    let query = this.db.selectFrom('users');
    if (options.status) query = query.where('status', '=', options.status);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.page.limit)
        .offset(options.page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }
}
