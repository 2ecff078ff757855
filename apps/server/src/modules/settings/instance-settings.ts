import type { Trx } from '../../db/repository.js';
import type { SettingsRepository } from './settings.repository.js';

/** Every instance-wide setting there is, and what it holds. */
export type SettingKey =
  /** The HMAC key of access tokens when JWT_SECRET is not set (generated on first start). */
  | 'jwt_secret'
  /** When the first account (the instance admin) registered: claimed once, atomically. */
  | 'first_user_registered_at'
  /** The built-in project that holds the product blog's content. */
  | 'site_project_id';

/**
 * Instance-wide values, each written once and then only read. The one owner of the `settings`
 * table: other modules read and claim values through it.
 */
export class InstanceSettings {
  constructor(private readonly repository: SettingsRepository) {}

  get(key: SettingKey): Promise<string | undefined> {
    return this.repository.get(key);
  }

  /**
   * Stores `value` unless the key has one, in the caller's transaction; true when this call
   * stored it. Of two racing claims only one stores (the other waits for it, then finds it).
   */
  claim(trx: Trx, key: SettingKey, value: string): Promise<boolean> {
    return this.repository.in(trx).putIfAbsent(key, value);
  }

  /** The key's value, stored first as `make()` when it has none. */
  async getOrCreate(key: SettingKey, make: () => string): Promise<string> {
    await this.repository.putIfAbsent(key, make());
    const value = await this.repository.get(key);
    if (value === undefined) throw new Error(`The setting ${key} could not be stored`);
    return value;
  }
}
