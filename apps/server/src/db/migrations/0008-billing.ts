import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

/*
 * Billing: the payment provider's view of each project (customer and subscription ids, the
 * paid period), invoices, requests to sales, and the provider events already applied (so a
 * redelivered webhook changes nothing twice).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('billing_accounts')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('period_start', 'text')
    .addColumn('period_end', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_accounts_subscription_idx')
    .on('billing_accounts')
    .column('subscription_id')
    .execute();
  await db.schema.createIndex('billing_accounts_customer_idx').on('billing_accounts').column('customer_id').execute();

  await db.schema
    .createTable('billing_invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    // The provider's own id (a Stripe invoice); null for manual invoices.
    .addColumn('external_id', 'text')
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('billing_invoices_external_uq', ['provider', 'external_id'])
    .execute();
  await db.schema
    .createIndex('billing_invoices_project_idx')
    .on('billing_invoices')
    .columns(['project_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('billing_sales_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text')
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_sales_requests_project_idx')
    .on('billing_sales_requests')
    .columns(['project_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_events_pk', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('billing_sales_requests').execute();
  await db.schema.dropTable('billing_invoices').execute();
  await db.schema.dropTable('billing_accounts').execute();
}
