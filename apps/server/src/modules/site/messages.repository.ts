import type { Kysely } from 'kysely';
import type { Database, MessageRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

/** All SQL of contact and support messages. */
export class MessagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(db: Kysely<Database>, row: MessageRow): Promise<void> {
    await db.insertInto('messages').values(row).execute();
  }

  async list(options: { kind?: MessageRow['kind'] | undefined; page: Page }) {
    let query = this.db.selectFrom('messages');
    if (options.kind) query = query.where('kind', '=', options.kind);
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

  findById(id: string): Promise<MessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
