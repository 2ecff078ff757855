import type { Billing, Invoice, PlanChangeResult, PlanId } from '@plinth/contract';
import type { Config } from '../../config.js';
import type { Transact } from '../../db/repository.js';
import type { BillingInvoiceRow } from '../../db/schema.js';
import { queueEmail } from '../../jobs/email.job.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { userIdOf } from '../auth/principal.js';
import { planPrice } from '../plans/plans.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { BillingRepository } from './billing.repository.js';
import { currentPeriod } from './billing-periods.js';
import type { PaymentProvider } from './payment-provider.js';

export const CONTACT_SALES = 'Contact sales to move to Enterprise';
/** One Enterprise request per project in this time; asking again meanwhile emails nobody. */
const SALES_REQUEST_INTERVAL_MS = 86_400_000;

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
  constructor(
    private readonly deps: {
      repository: BillingRepository;
      provider: PaymentProvider;
      projects: ProjectsService;
      accounts: AuthService;
      audit: AuditService;
      jobs: JobQueue;
      transaction: Transact;
      clock: Clock;
      config: Pick<Config, 'publicUrl' | 'inboxEmail'>;
    },
  ) {}

  /** The provider's webhook, when it sends any (Stripe). */
  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  async get(projectId: string): Promise<Billing> {
    const { repository, provider } = this.deps;
    const project = await this.deps.projects.findLive(projectId);
    if (!project) throw notFound('Project');
    const [account, salesRequestedAt] = await Promise.all([
      repository.findAccount(projectId),
      repository.lastSalesRequestAt(projectId),
    ]);
    const period = currentPeriod(account, this.deps.clock());
    return {
      plan: project.plan,
      provider: provider.name,
      price_cents: planPrice(project.plan),
      current_period_start: period.start.toISOString(),
      current_period_end: period.end.toISOString(),
      invoices_url: `${this.deps.config.publicUrl}/api/v1/projects/${encodeURIComponent(projectId)}/billing/invoices`,
      sales_requested_at: salesRequestedAt,
    };
  }

  async listInvoices(projectId: string, page: Page): Promise<{ items: Invoice[]; total: number }> {
    const { rows, total } = await this.deps.repository.listInvoices(projectId, page);
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
    const user = await this.ownerOf(grant);
    const answer = await this.deps.provider.changePlan({
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
    const { project } = grant;
    const user = await this.ownerOf(grant);
    const id = newId();
    const now = this.deps.clock();
    const inbox = this.deps.config.inboxEmail;
    await this.deps.transaction(async (trx) => {
      // Locked, so two requests at once cannot both find no recent one.
      await this.deps.projects.lock(trx, project.id);
      const billing = this.deps.repository.in(trx);
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
      await this.deps.audit.recordGrant(
        trx,
        grant,
        'billing.sales_requested',
        { type: 'project', id: project.id },
        { plan: 'enterprise', request_id: id },
      );
      if (inbox) {
        await queueEmail(this.deps.jobs, trx, {
          to: inbox,
          ...(user ? { replyTo: user.email } : {}),
          subject: `[Plinth] Enterprise request for ${project.name}`,
          text:
            `${user ? `${user.name} <${user.email}>` : 'The owner'} asked to move a project to Enterprise.\n\n` +
            `Project: ${project.name} (${project.slug})\nProject id: ${project.id}\nCurrent plan: ${project.plan}\n` +
            `Requested at: ${now.toISOString()}\n\nMove it with PATCH /api/v1/admin/projects/${project.id} { "plan": "enterprise" }.\n`,
        });
      }
    });
  }

  /** The signed-in owner making the request (API tokens never manage billing). */
  private async ownerOf(grant: ProjectGrant) {
    const userId = userIdOf(grant.actor);
    return userId ? this.deps.accounts.findUser(userId) : undefined;
  }
}
