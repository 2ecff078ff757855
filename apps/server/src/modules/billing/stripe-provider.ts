import type Stripe from 'stripe';
import type { BillingConfig, Config } from '../../config.js';
import type { Transact, Trx } from '../../db/repository.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { requireOnDemand } from '../../lib/lazy.js';
import type { Logger } from '../../lib/logger.js';
import { SYSTEM } from '../auth/principal.js';
import { planPrice } from '../plans/plans.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { BillingRepository } from './billing.repository.js';
import { addMonth } from './billing-periods.js';
import type { PaymentProvider, PlanChangeAnswer, PlanChangeRequest, WebhookAnswer } from './payment-provider.js';
import type { PlanChanges } from './plan-change.js';

type StripeConfig = Extract<BillingConfig, { provider: 'stripe' }>;

const HANDLED_EVENTS = new Set(['checkout.session.completed', 'customer.subscription.deleted', 'invoice.paid']);
const PRO_PRICE_CENTS = planPrice('pro') ?? 0;

/** A Stripe reference is an id, or the expanded object carrying it. */
const idOf = (value: string | { id?: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const fromUnix = (seconds: number): string => new Date(seconds * 1000).toISOString();

/**
 * The official client, pointed at STRIPE_API_BASE when set (a proxy, or a local fake in tests):
 * the client takes host, port and protocol rather than a URL.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  // Loaded only when billing is configured: the package is large and most instances never need it.
  const StripeClient = requireOnDemand('stripe') as typeof Stripe;
  return new StripeClient(config.secretKey, {
    timeout: 20_000,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/**
 * Stripe Checkout for Pro, and Stripe's signed webhooks for what happened next:
 * `checkout.session.completed` (→ Pro, invoice recorded), `customer.subscription.deleted`
 * (→ Starter) and `invoice.paid` (invoice recorded). Each event applies once: its id is stored
 * in the same transaction as its effects, so a redelivery changes nothing. The first two never
 * touch an Enterprise project.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  private readonly config: StripeConfig;

  constructor(
    private readonly deps: {
      repository: BillingRepository;
      planChanges: PlanChanges;
      projects: ProjectsService;
      transaction: Transact;
      clock: Clock;
      log: Logger;
      delivery: DeliveryCache;
      config: Pick<Config, 'publicUrl'>;
      stripe: StripeConfig;
    },
  ) {
    this.config = deps.stripe;
    this.stripe = createStripeClient(deps.stripe);
  }

  async changePlan({ project, plan, actor, email }: PlanChangeRequest): Promise<PlanChangeAnswer> {
    const account = await this.deps.repository.findAccount(project.id);
    if (plan === 'pro') {
      // The web app's billing page, under /app like every signed-in screen.
      const back = `${this.deps.config.publicUrl}/app/projects/${encodeURIComponent(project.id)}/billing`;
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.config.priceIdPro, quantity: 1 }],
        client_reference_id: project.id,
        ...(account?.customer_id ? { customer: account.customer_id } : email ? { customer_email: email } : {}),
        metadata: { project_id: project.id, plan },
        subscription_data: { metadata: { project_id: project.id } },
        success_url: `${back}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${back}?checkout=cancelled`,
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { kind: 'checkout', checkoutUrl: session.url };
    }
    // Back to Starter: end the subscription at Stripe now, then apply it here without waiting
    // for the `customer.subscription.deleted` webhook (which then finds nothing to do).
    if (account?.subscription_id) await this.stripe.subscriptions.cancel(account.subscription_id);
    const outcome = await this.deps.transaction(async (trx) => {
      const result = await this.deps.planChanges.apply(trx, { projectId: project.id, plan, actor, by: 'owner' });
      await this.clearSubscription(trx, project.id);
      return result;
    });
    if (outcome.changed) this.deps.delivery.invalidate(project.id);
    return { kind: 'applied' };
  }

  async handleWebhook({
    rawBody,
    signature,
  }: {
    rawBody: Buffer;
    signature: string | undefined;
  }): Promise<WebhookAnswer> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.config.webhookSecret,
        undefined,
        undefined,
        this.deps.clock().getTime(),
      );
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The Stripe-Signature header does not match this request', [
        { path: 'Stripe-Signature', message: 'does not match the payload' },
      ]);
    }
    if (!HANDLED_EVENTS.has(event.type)) return { duplicate: false };
    const changed = new Set<string>();
    const duplicate = await this.deps.transaction(async (trx) => {
      const billing = this.deps.repository.in(trx);
      const isNew = await billing.recordEvent({
        provider: 'stripe',
        event_id: event.id,
        type: event.type,
        project_id: null,
        received_at: isoNow(this.deps.clock),
      });
      if (!isNew) return true;
      const projectId = await this.apply(trx, event, changed);
      if (projectId) await billing.setEventProject('stripe', event.id, projectId);
      return false;
    });
    for (const projectId of changed) this.deps.delivery.invalidate(projectId);
    return { duplicate };
  }

  /**
   * Applies one event in `trx`; returns the project it concerned (null when none is known).
   */
  private async apply(trx: Trx, event: Stripe.Event, changed: Set<string>): Promise<string | null> {
    const billing = this.deps.repository.in(trx);
    const now = isoNow(this.deps.clock);
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const projectId = session.client_reference_id ?? session.metadata?.project_id ?? null;
        if (!projectId || session.mode !== 'subscription' || session.payment_status === 'unpaid') return projectId;
        const project = await this.lockProject(trx, projectId);
        if (!project) return null;
        if (this.ignoredForEnterprise(project, event)) return projectId;
        const start = new Date(event.created * 1000);
        const end = addMonth(start);
        await billing.saveAccount({
          projectId,
          provider: 'stripe',
          fields: {
            customer_id: idOf(session.customer),
            subscription_id: idOf(session.subscription),
            period_start: start.toISOString(),
            period_end: end.toISOString(),
          },
          now,
        });
        const outcome = await this.deps.planChanges.apply(trx, {
          projectId,
          plan: 'pro',
          actor: SYSTEM,
          by: 'stripe',
          details: { stripe_event: event.id },
        });
        if (outcome.changed) changed.add(projectId);
        // The first invoice of the subscription: keyed by Stripe's invoice id, so the
        // `invoice.paid` event for the same invoice does not record it again.
        await billing.insertInvoice({
          id: newId(),
          project_id: projectId,
          provider: 'stripe',
          external_id: idOf(session.invoice) ?? session.id,
          plan: 'pro',
          period_start: start.toISOString(),
          period_end: end.toISOString(),
          amount_cents: session.amount_total ?? PRO_PRICE_CENTS,
          currency: session.currency ?? 'usd',
          status: 'paid',
          description: 'Plinth Pro plan (Stripe)',
          created_at: now,
        });
        return projectId;
      }
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const account =
          (await billing.findAccountBy('subscription_id', subscription.id)) ??
          (subscription.metadata?.project_id ? await billing.findAccount(subscription.metadata.project_id) : undefined);
        // An older subscription ending must not downgrade a project that subscribed again.
        if (!account || (account.subscription_id !== null && account.subscription_id !== subscription.id)) {
          return account?.project_id ?? null;
        }
        const project = await this.lockProject(trx, account.project_id);
        if (!project) return null;
        if (this.ignoredForEnterprise(project, event)) return project.id;
        const outcome = await this.deps.planChanges.apply(trx, {
          projectId: account.project_id,
          plan: 'starter',
          actor: SYSTEM,
          by: 'stripe',
          details: { stripe_event: event.id },
        });
        if (outcome.changed) changed.add(account.project_id);
        await this.clearSubscription(trx, account.project_id);
        return account.project_id;
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details ?? null;
        const subscriptionId = idOf(details?.subscription);
        const customerId = idOf(invoice.customer);
        const account =
          (subscriptionId ? await billing.findAccountBy('subscription_id', subscriptionId) : undefined) ??
          (details?.metadata?.project_id ? await billing.findAccount(details.metadata.project_id) : undefined) ??
          (customerId ? await billing.findAccountBy('customer_id', customerId) : undefined);
        const projectId = account?.project_id ?? details?.metadata?.project_id ?? null;
        if (!projectId || !(await this.lockProject(trx, projectId))) return null;
        const line = invoice.lines?.data?.[0]?.period;
        const start = fromUnix(line?.start ?? invoice.period_start);
        const end = fromUnix(line?.end ?? invoice.period_end);
        await billing.insertInvoice({
          id: newId(),
          project_id: projectId,
          provider: 'stripe',
          external_id: invoice.id ?? `event:${event.id}`,
          plan: 'pro',
          period_start: start,
          period_end: end,
          amount_cents: invoice.amount_paid,
          currency: invoice.currency,
          status: 'paid',
          description: invoice.description ?? 'Plinth Pro plan (Stripe)',
          created_at: now,
        });
        if (end > start) {
          await billing.saveAccount({
            projectId,
            provider: 'stripe',
            fields: { period_start: start, period_end: end, ...(customerId ? { customer_id: customerId } : {}) },
            now,
          });
        }
        return projectId;
      }
      default:
        return null;
    }
  }

  /** The live project, locked until the event is applied (plan changes run one at a time). */
  private lockProject(trx: Trx, projectId: string): Promise<ProjectRecord | undefined> {
    return this.deps.projects.lock(trx, projectId);
  }

  /**
   * Enterprise is set by sales (an instance admin), never through Stripe: an event that would
   * change the plan of an Enterprise project (a late checkout, the end of an old subscription)
   * is logged for the operator and otherwise ignored.
   */
  private ignoredForEnterprise(project: ProjectRecord, event: Stripe.Event): boolean {
    if (project.plan !== 'enterprise') return false;
    this.deps.log.warn(
      { stripeEvent: event.id, type: event.type, projectId: project.id },
      'Stripe event ignored: the project is on Enterprise, which only an instance admin changes',
    );
    return true;
  }

  private async clearSubscription(trx: Trx, projectId: string): Promise<void> {
    await this.deps.repository.in(trx).saveAccount({
      projectId,
      provider: 'stripe',
      fields: { subscription_id: null, period_start: null, period_end: null },
      now: isoNow(this.deps.clock),
    });
  }
}
