import type { Updateable } from 'kysely';
import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type {
  WebhookAttemptRow,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookRow,
  WebhooksTable,
} from '../../db/schema.js';

/** All SQL of webhooks, their deliveries and delivery attempts. */
export class WebhooksRepository extends Repository {
  list(projectId: string, page: { limit: number; offset: number }) {
    const ofProject = this.db
      .selectFrom('webhooks')
      .where('project_id', '=', projectId)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    return listPage(ofProject, page);
  }

  async count(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  find(projectId: string, id: string): Promise<WebhookRow | undefined> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Every webhook of the project (imports compare them with an archive's). */
  all(projectId: string): Promise<WebhookRow[]> {
    return this.db.selectFrom('webhooks').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
  }

  /** Webhooks among `ids` in any project of the instance (an import's ids must not be another project's). */
  findAnyProject(ids: readonly string[]): Promise<WebhookRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  findById(id: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The project's active webhooks, read in the caller's transaction. */
  active(projectId: string): Promise<WebhookRow[]> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
  }

  async insert(row: WebhookRow): Promise<void> {
    await this.db.insertInto('webhooks').values(row).execute();
  }

  async update(projectId: string, id: string, changes: Updateable<WebhooksTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('webhooks')
      .set(changes)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Locks the webhook's row until the transaction ends (PostgreSQL; SQLite runs one writer at a
   * time). Whatever writes a webhook's deliveries and then the webhook takes it first: the order
   * a delete takes them in (the webhook, then its deliveries), so the two never deadlock.
   * False when the webhook is gone.
   */
  async lock(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('webhooks')
      .select('id')
      .where('id', '=', id)
      .$if(this.dialect === 'postgres', (query) => query.forNoKeyUpdate())
      .executeTakeFirst();
    return row !== undefined;
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webhooks')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * Takes the webhook's next sequence number. The row stays locked until the caller's
   * transaction ends, so numbers follow commit order per webhook.
   */
  async nextSequence(webhookId: string): Promise<number> {
    const row = await this.db
      .updateTable('webhooks')
      .set((eb) => ({ sequence: eb('sequence', '+', 1) }))
      .where('id', '=', webhookId)
      .returning('sequence')
      .executeTakeFirstOrThrow();
    return Number(row.sequence);
  }

  /** Counts one more delivery that used up its retries; returns the run length. */
  async countFailedDelivery(webhookId: string, now: string): Promise<number> {
    const row = await this.db
      .updateTable('webhooks')
      .set((eb) => ({ failed_deliveries: eb('failed_deliveries', '+', 1), updated_at: now }))
      .where('id', '=', webhookId)
      .returning('failed_deliveries')
      .executeTakeFirst();
    return Number(row?.failed_deliveries ?? 0);
  }

  async resetFailures(webhookId: string): Promise<void> {
    await this.db
      .updateTable('webhooks')
      .set({ failed_deliveries: 0 })
      .where('id', '=', webhookId)
      .where('failed_deliveries', '>', 0)
      .execute();
  }

  async insertDelivery(row: WebhookDeliveryRow): Promise<void> {
    await this.db.insertInto('webhook_deliveries').values(row).execute();
  }

  findDelivery(webhookId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findDeliveryById(id: string): Promise<WebhookDeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listDeliveries(
    webhookId: string,
    filter: { status?: string | undefined; event?: string | undefined },
    page: { limit: number; offset: number },
  ) {
    let query = this.db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId);
    if (filter.status) query = query.where('status', '=', filter.status as WebhookDeliveryRow['status']);
    if (filter.event) query = query.where('event', '=', filter.event);
    return listPage(query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
  }

  /**
   * Counts one more attempt of a delivery and returns the row as it is then. The update locks
   * the row until the caller's transaction ends, so concurrent attempts are numbered in turn.
   */
  countAttempt(id: string): Promise<WebhookDeliveryRow | undefined> {
    return this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ attempt_count: eb('attempt_count', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async updateDelivery(id: string, changes: Updateable<WebhookDeliveriesTable>): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
  }

  attempts(deliveryId: string): Promise<WebhookAttemptRow[]> {
    return this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', '=', deliveryId)
      .orderBy('attempt')
      .orderBy('id')
      .execute();
  }

  async insertAttempt(row: WebhookAttemptRow): Promise<void> {
    await this.db.insertInto('webhook_attempts').values(row).execute();
  }
}
