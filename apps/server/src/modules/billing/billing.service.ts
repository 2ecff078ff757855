import type { Billing, Invoice, PlanChangeResult, PlanId } from '@plinth/contract';
import type { AppContext } from '../../context.js';
import type { BillingInvoiceRow } from '../../db/schema.js';
import { queueEmail } from '../../jobs/email.job.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthRepository } from '../auth/auth.repository.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { ProjectsRepository } from '../projects/projects.repository.js';
import { PLANS } from '../usage/plans.js';
import { BillingRepository } from './billing.repository.js';
import { currentPeriod } from './billing-periods.js';
import { ManualProvider } from './manual-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripeProvider } from './stripe-provider.js';

export const CONTACT_SALES = 'Contact sales to move to Enterprise';
/** One Enterprise request per project in this time; asking again meanwhile emails nobody. */
const SALES_REQUEST_INTERVAL_MS = 86_400_000;

/**
 * The provider PLINTH_BILLING_PROVIDER names.
 * @example const provider = createPaymentProvider(ctx); // ManualProvider by default
 */
export function createPaymentProvider(ctx: AppContext): PaymentProvider {
  const { billing } = ctx.config;
  return billing.provider === 'stripe' ? new StripeProvider(ctx, billing) : new ManualProvider(ctx);
}

// bigint columns come back as strings from PostgreSQL.
const toInvoice = (row: BillingInvoiceRow): Invoice => ({
  id: row.id,
  period: { start: row.period_start, end: row.period_end },
  amount_cents: Number(row.amount_cents),
  currency: row.currency,
  status: row.status,
  description: row.description,
  created_at: row.created_at,
});

/** A project's plan as its owner manages it: what it costs, its invoices, and changing it. */
export class BillingService {
  private readonly repository: BillingRepository;
  private readonly projects: ProjectsRepository;

  constructor(
    private readonly ctx: AppContext,
    private readonly provider: PaymentProvider,
  ) {
    this.repository = new BillingRepository(ctx.db);
    this.projects = new ProjectsRepository(ctx.db);
  }

  async get(projectId: string): Promise<Billing> {
    const project = await this.projects.findLive(projectId);
    if (!project) throw notFound('Project');
    const [account, salesRequestedAt] = await Promise.all([
      this.repository.findAccount(projectId),
      this.repository.lastSalesRequestAt(projectId),
    ]);
    const period = currentPeriod(account, this.ctx.clock());
    return {
      plan: project.plan,
      provider: this.provider.name,
      price_cents: PLANS.find((plan) => plan.id === project.plan)?.price_cents ?? null,
      current_period_start: period.start.toISOString(),
      current_period_end: period.end.toISOString(),
      invoices_url: `${this.ctx.config.publicUrl}/api/v1/projects/${encodeURIComponent(projectId)}/billing/invoices`,
      sales_requested_at: salesRequestedAt,
    };
  }

  async listInvoices(projectId: string, page: Page): Promise<{ items: Invoice[]; total: number }> {
    const { rows, total } = await this.repository.listInvoices(projectId, page);
    return { items: rows.map(toInvoice), total };
  }

  /**
   * The owner's plan change. Enterprise is never self-service: the request is recorded (and
   * emailed to PLINTH_INBOX_EMAIL, once a day at most) and the answer is a 400 asking to contact
   * sales. Asking for the current plan changes nothing.
   */
  async changePlan(grant: ProjectGrant, plan: PlanId): Promise<PlanChangeResult> {
    const { project } = grant;
    if (plan === project.plan) return this.get(project.id);
    if (plan === 'enterprise') {
      await this.requestSales(grant);
      throw new AppError('VALIDATION_FAILED', CONTACT_SALES, [{ path: 'plan', message: CONTACT_SALES }]);
    }
    if (project.plan === 'enterprise') {
      const message = 'Contact sales to change an Enterprise plan';
      throw new AppError('VALIDATION_FAILED', message, [{ path: 'plan', message }]);
    }
    const user =
      grant.principal.kind === 'user'
        ? await new AuthRepository(this.ctx.db).findUserById(grant.principal.userId)
        : undefined;
    const answer = await this.provider.changePlan({
      project,
      plan,
      actor: { principal: grant.principal, ip: grant.ip },
      email: user?.email ?? null,
    });
    const billing = await this.get(project.id);
    return answer.kind === 'checkout' ? { ...billing, checkout_url: answer.checkoutUrl } : billing;
  }

  /**
   * Records an Enterprise request and emails it to the inbox, at most once per project in
   * SALES_REQUEST_INTERVAL_MS: asking again within it changes and sends nothing.
   */
  private async requestSales(grant: ProjectGrant): Promise<void> {
    const { project, principal } = grant;
    const user =
      principal.kind === 'user' ? await new AuthRepository(this.ctx.db).findUserById(principal.userId) : undefined;
    const id = newId();
    const now = this.ctx.clock();
    const inbox = this.ctx.config.inboxEmail;
    await this.ctx.db.transaction().execute(async (trx) => {
      // Locked, so two requests at once cannot both find no recent one.
      await new ProjectsRepository(trx).lockLive(project.id, this.ctx.dialect);
      const billing = new BillingRepository(trx);
      const last = await billing.lastSalesRequestAt(project.id);
      if (last && now.getTime() - new Date(last).getTime() < SALES_REQUEST_INTERVAL_MS) return;
      await billing.insertSalesRequest({
        id,
        project_id: project.id,
        plan: 'enterprise',
        requested_by: user?.id ?? null,
        email: user?.email ?? null,
        created_at: now.toISOString(),
      });
      await new AuditService(this.ctx).recordGrant(
        trx,
        grant,
        'billing.sales_requested',
        { type: 'project', id: project.id },
        { plan: 'enterprise', request_id: id },
      );
      if (inbox) {
        await queueEmail(
          this.ctx,
          {
            to: inbox,
            ...(user ? { replyTo: user.email } : {}),
            subject: `[Plinth] Enterprise request for ${project.name}`,
            text:
              `${user ? `${user.name} <${user.email}>` : 'The owner'} asked to move a project to Enterprise.\n\n` +
              `Project: ${project.name} (${project.slug})\nProject id: ${project.id}\nCurrent plan: ${project.plan}\n` +
              `Requested at: ${now.toISOString()}\n\nMove it with PATCH /api/v1/admin/projects/${project.id} { "plan": "enterprise" }.\n`,
          },
          trx,
        );
      }
    });
  }
}
