import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type {
  BillingAccountRow,
  BillingEventsTable,
  BillingInvoiceRow,
  BillingSalesRequestsTable,
  NewBillingInvoiceRow,
} from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

export type AccountFields = Partial<
  Pick<BillingAccountRow, 'customer_id' | 'subscription_id' | 'period_start' | 'period_end'>
>;

/** All SQL of billing: provider accounts, invoices, sales requests and applied provider events. */
export class BillingRepository extends Repository {
  findAccount(projectId: string): Promise<BillingAccountRow | undefined> {
    return this.db.selectFrom('billing_accounts').selectAll().where('project_id', '=', projectId).executeTakeFirst();
  }

  findAccountBy(column: 'subscription_id' | 'customer_id', value: string): Promise<BillingAccountRow | undefined> {
    return this.db.selectFrom('billing_accounts').selectAll().where(column, '=', value).executeTakeFirst();
  }

  /** Creates the project's account or updates only the fields given. */
  async saveAccount(input: {
    projectId: string;
    provider: BillingAccountRow['provider'];
    fields: AccountFields;
    now: string;
  }): Promise<void> {
    const { projectId, provider, fields, now } = input;
    await this.db
      .insertInto('billing_accounts')
      .values({
        project_id: projectId,
        provider,
        customer_id: fields.customer_id ?? null,
        subscription_id: fields.subscription_id ?? null,
        period_start: fields.period_start ?? null,
        period_end: fields.period_end ?? null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ ...fields, provider, updated_at: now }))
      .execute();
  }

  /** False when the provider's invoice was recorded already (same provider and external id). */
  async insertInvoice(row: NewBillingInvoiceRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto('billing_invoices')
      .values(row)
      .onConflict((oc) => oc.columns(['provider', 'external_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  listInvoices(projectId: string, page: Page): Promise<{ rows: BillingInvoiceRow[]; total: number }> {
    const query = this.db
      .selectFrom('billing_invoices')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    return listPage(query, page);
  }

  async insertSalesRequest(row: BillingSalesRequestsTable): Promise<void> {
    await this.db.insertInto('billing_sales_requests').values(row).execute();
  }

  async lastSalesRequestAt(projectId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('billing_sales_requests')
      .select('created_at')
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  /** Marks a provider event as applied; false when it was applied before (a redelivery). */
  async recordEvent(row: BillingEventsTable): Promise<boolean> {
    const inserted = await this.db
      .insertInto('billing_events')
      .values(row)
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async setEventProject(provider: BillingEventsTable['provider'], eventId: string, projectId: string): Promise<void> {
    await this.db
      .updateTable('billing_events')
      .set({ project_id: projectId })
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute();
  }
}
