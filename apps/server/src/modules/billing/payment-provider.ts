import type { BillingProvider } from '@plinth/contract';
import type { Actor } from '../auth/principal.js';
import type { ProjectRecord } from '../projects/project.mapper.js';

/** An owner's request to move a project to a self-service plan (Enterprise goes through sales). */
export interface PlanChangeRequest {
  project: ProjectRecord;
  plan: 'starter' | 'pro';
  actor: Actor;
  /** The owner's email, for the provider's customer record. */
  email: string | null;
}

/** Either the plan changed now, or the owner pays at `checkoutUrl` first and it changes then. */
export type PlanChangeAnswer = { kind: 'applied' } | { kind: 'checkout'; checkoutUrl: string };

export interface WebhookAnswer {
  /** The event was applied before (same event id): nothing changed this time. */
  duplicate: boolean;
}

/**
 * How plan changes are paid for. `manual` applies them at once and writes the invoice itself;
 * `stripe` sends the owner to Stripe Checkout and applies what Stripe's signed webhooks report.
 */
export interface PaymentProvider {
  readonly name: BillingProvider;
  changePlan(request: PlanChangeRequest): Promise<PlanChangeAnswer>;
  /** Verifies and applies a provider notification; absent when the provider sends none. */
  handleWebhook?(input: { rawBody: Buffer; signature: string | undefined }): Promise<WebhookAnswer>;
}
