import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type { MessageRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

/** All SQL of contact and support messages. */
export class MessagesRepository extends Repository {
  async insert(row: MessageRow): Promise<void> {
    await this.db.insertInto('messages').values(row).execute();
  }

  list(options: { kind?: MessageRow['kind'] | undefined; page: Page }) {
    let query = this.db.selectFrom('messages');
    if (options.kind) query = query.where('kind', '=', options.kind);
    return listPage(query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), options.page);
  }

  findById(id: string): Promise<MessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
