import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { PLANS } from '../plans/plans.js';
import { monthBounds } from '../usage/periods.js';
import type { BillingRepository } from './billing.repository.js';
import type { PaymentProvider, PlanChangeAnswer, PlanChangeRequest } from './payment-provider.js';
import type { PlanChanges } from './plan-change.js';

/**
 * No payment processor: a plan change applies at once and an invoice record is written for the
 * calendar month it happens in, at the plan's full monthly price (no proration; moving back to
 * Starter refunds nothing). A Pro invoice stays `open` until the operator is paid outside
 * Plinth; a free invoice is `paid`.
 */
export class ManualProvider implements PaymentProvider {
  readonly name = 'manual' as const;

  constructor(private readonly deps: { repository: BillingRepository; planChanges: PlanChanges; clock: Clock }) {}

  async changePlan({ project, plan, actor }: PlanChangeRequest): Promise<PlanChangeAnswer> {
    const now = this.deps.clock();
    const { start, end } = monthBounds(now);
    const details = PLANS.find((candidate) => candidate.id === plan);
    const amount = details?.price_cents ?? 0;
    const invoiceId = newId();
    await this.deps.planChanges.change({
      projectId: project.id,
      plan,
      actor,
      by: 'owner',
      details: { invoice_id: invoiceId },
      // Nothing to bill when the plan was that one already (a repeated or concurrent request).
      alongside: async (trx, outcome) => {
        if (!outcome.changed) return;
        await this.deps.repository.in(trx).insertInvoice({
          id: invoiceId,
          project_id: project.id,
          provider: 'manual',
          external_id: null,
          plan,
          period_start: start.toISOString(),
          period_end: end.toISOString(),
          amount_cents: amount,
          currency: 'usd',
          status: amount > 0 ? 'open' : 'paid',
          description: `Plinth ${details?.name ?? plan} plan, ${start.toISOString().slice(0, 7)}`,
          created_at: now.toISOString(),
        });
      },
    });
    return { kind: 'applied' };
  }
}
