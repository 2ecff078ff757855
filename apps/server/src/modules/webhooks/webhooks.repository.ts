import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type {
  Database,
  WebhookAttemptRow,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookRow,
  WebhooksTable,
} from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** All SQL of webhooks, their deliveries and delivery attempts. */
export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(projectId: string, page: { limit: number; offset: number }) {
    const ofProject = this.db.selectFrom('webhooks').where('project_id', '=', projectId);
    const [rows, count] = await Promise.all([
      ofProject
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      ofProject.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  find(projectId: string, id: string, db: Db = this.db): Promise<WebhookRow | undefined> {
    return db
      .selectFrom('webhooks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findById(id: string, db: Db = this.db): Promise<WebhookRow | undefined> {
    return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The project's active webhooks, read in the caller's transaction. */
  active(db: Db, projectId: string): Promise<WebhookRow[]> {
    return db
      .selectFrom('webhooks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
  }

  async insert(row: WebhookRow, db: Db = this.db): Promise<void> {
    await db.insertInto('webhooks').values(row).execute();
  }

  async update(projectId: string, id: string, changes: Updateable<WebhooksTable>, db: Db = this.db): Promise<boolean> {
    const result = await db
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
  async lock(db: Db, id: string, dialect: Dialect): Promise<boolean> {
    const row = await db
      .selectFrom('webhooks')
      .select('id')
      .where('id', '=', id)
      .$if(dialect === 'postgres', (query) => query.forNoKeyUpdate())
      .executeTakeFirst();
    return row !== undefined;
  }

  async delete(projectId: string, id: string, db: Db = this.db): Promise<boolean> {
    const result = await db
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
  async nextSequence(db: Db, webhookId: string): Promise<number> {
    const row = await db
      .updateTable('webhooks')
      .set((eb) => ({ sequence: eb('sequence', '+', 1) }))
      .where('id', '=', webhookId)
      .returning('sequence')
      .executeTakeFirstOrThrow();
    return Number(row.sequence);
  }

  /** Counts one more delivery that used up its retries; returns the run length. */
  async countFailedDelivery(db: Db, webhookId: string, now: string): Promise<number> {
    const row = await db
      .updateTable('webhooks')
      .set((eb) => ({ failed_deliveries: eb('failed_deliveries', '+', 1), updated_at: now }))
      .where('id', '=', webhookId)
      .returning('failed_deliveries')
      .executeTakeFirst();
    return Number(row?.failed_deliveries ?? 0);
  }

  async resetFailures(db: Db, webhookId: string): Promise<void> {
    await db
      .updateTable('webhooks')
      .set({ failed_deliveries: 0 })
      .where('id', '=', webhookId)
      .where('failed_deliveries', '>', 0)
      .execute();
  }

  async insertDelivery(db: Db, row: WebhookDeliveryRow): Promise<void> {
    await db.insertInto('webhook_deliveries').values(row).execute();
  }

  findDelivery(webhookId: string, id: string, db: Db = this.db): Promise<WebhookDeliveryRow | undefined> {
    return db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findDeliveryById(id: string, db: Db = this.db): Promise<WebhookDeliveryRow | undefined> {
    return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listDeliveries(
    webhookId: string,
    filter: { status?: string | undefined; event?: string | undefined },
    page: { limit: number; offset: number },
  ) {
    let query = this.db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId);
    if (filter.status) query = query.where('status', '=', filter.status as WebhookDeliveryRow['status']);
    if (filter.event) query = query.where('event', '=', filter.event);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /**
   * Counts one more attempt of a delivery and returns the row as it is then. The update locks
   * the row until the caller's transaction ends, so concurrent attempts are numbered in turn.
   */
  countAttempt(db: Db, id: string): Promise<WebhookDeliveryRow | undefined> {
    return db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ attempt_count: eb('attempt_count', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async updateDelivery(db: Db, id: string, changes: Updateable<WebhookDeliveriesTable>): Promise<void> {
    await db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
  }

  attempts(deliveryId: string, db: Db = this.db): Promise<WebhookAttemptRow[]> {
    return db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', '=', deliveryId)
      .orderBy('attempt')
      .orderBy('id')
      .execute();
  }

  async insertAttempt(db: Db, row: WebhookAttemptRow): Promise<void> {
    await db.insertInto('webhook_attempts').values(row).execute();
  }
}
