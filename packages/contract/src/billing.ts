import { type Static, Type } from 'typebox';
import { Timestamp } from './common.js';
import { PlanId } from './projects.js';

export const BILLING_PROVIDERS = ['manual', 'stripe'] as const;
export const BillingProvider = Type.Enum(BILLING_PROVIDERS);
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** A project's plan as its owner sees it on the billing screen. */
export const Billing = Type.Object({
  plan: PlanId,
  provider: BillingProvider,
  /** The plan's monthly price; null for Enterprise (agreed with sales). */
  price_cents: Type.Union([Type.Integer(), Type.Null()]),
  current_period_start: Timestamp,
  current_period_end: Timestamp,
  /** Where the invoices of the project are listed. */
  invoices_url: Type.Optional(Type.String()),
  /** When someone last asked sales for Enterprise. */
  sales_requested_at: Type.Optional(Type.Union([Timestamp, Type.Null()])),
});
export type Billing = Static<typeof Billing>;

/**
 * The answer to a plan change: the billing state, plus `checkout_url` when the provider needs
 * the owner to pay first (Stripe Checkout); the plan then changes once the payment is made.
 * @example if (result.checkout_url) window.location.assign(result.checkout_url);
 */
export const PlanChangeResult = Type.Object({
  ...Billing.properties,
  checkout_url: Type.Optional(Type.String()),
});
export type PlanChangeResult = Static<typeof PlanChangeResult>;

export const PlanChangeBody = Type.Object({ plan: PlanId }, { additionalProperties: false });
export type PlanChangeBody = Static<typeof PlanChangeBody>;

export const INVOICE_STATUSES = ['paid', 'open'] as const;
export const InvoiceStatus = Type.Enum(INVOICE_STATUSES);
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const Invoice = Type.Object({
  id: Type.String(),
  period: Type.Object({ start: Timestamp, end: Timestamp }),
  amount_cents: Type.Integer(),
  /** ISO 4217, lower case as Stripe writes it: `usd`. */
  currency: Type.String(),
  status: InvoiceStatus,
  description: Type.String(),
  created_at: Timestamp,
});
export type Invoice = Static<typeof Invoice>;
