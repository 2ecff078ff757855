import { Repository } from '../../db/repository.js';
import type { SettingKey } from './instance-settings.js';

/** All SQL of the `settings` table: instance-wide values written once. */
export class SettingsRepository extends Repository {
  async get(key: SettingKey): Promise<string | undefined> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  /** Stores the value unless the key has one already; true when this call stored it. */
  async putIfAbsent(key: SettingKey, value: string): Promise<boolean> {
    const result = await this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
