import { Repository } from '../db/repository.js';
import type { IdempotencyKeyRow } from '../db/schema.js';

/** All SQL of stored Idempotency-Key answers (the idempotency plugin owns the table). */
export class IdempotencyRepository extends Repository {
  find(scope: string, key: string): Promise<IdempotencyKeyRow | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Claims a key; throws when another request claimed it first (the primary key refuses it). */
  async claim(row: IdempotencyKeyRow): Promise<void> {
    await this.db.insertInto('idempotency_keys').values(row).execute();
  }

  async storeAnswer(scope: string, key: string, answer: { statusCode: number; body: string }): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: answer.statusCode, body: answer.body })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
  }

  async delete(scope: string, key: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
  }

  /** Deletes answers stored before `before`. */
  async deleteOlderThan(before: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
  }
}
