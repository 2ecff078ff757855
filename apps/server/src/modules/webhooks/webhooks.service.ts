import type {
  CreatedWebhook,
  CreateWebhookBody,
  Delivery,
  DeliveryListQuery,
  DeliverySummary,
  UpdateWebhookBody,
  Webhook,
} from '@plinth/contract';
import type { Transact } from '../../db/repository.js';
import type { WebhookRow } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { randomSecret } from '../../lib/crypto.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import { RefusedUrlError, type SafeHttpClient } from '../../lib/safe-http.js';
import type { AuditService } from '../audit/audit.service.js';
import { userIdOf } from '../auth/principal.js';
import type { ModelCache } from '../collections/model-cache.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { toDelivery, toDeliverySummary, toWebhook } from './webhook.mapper.js';
import { fixedHeaders } from './webhook-delivery.job.js';
import type { WebhookEvents } from './webhook-events.js';
import type { WebhooksRepository } from './webhooks.repository.js';

/** A new signing secret, for a webhook created without one. */
export const newWebhookSecret = (): string => randomSecret(32, 'whsec_');

/** Webhooks of a project: their settings, the delivery log, test pings and redeliveries. */
export class WebhooksService {
  private readonly repository: WebhooksRepository;
  private readonly audit: AuditService;

  constructor(
    private readonly deps: {
      repository: WebhooksRepository;
      events: WebhookEvents;
      models: ModelCache;
      audit: AuditService;
      /** The outbound client, whose address rules a webhook's URL must pass. */
      client: SafeHttpClient;
      transaction: Transact;
      clock: Clock;
    },
  ) {
    this.repository = deps.repository;
    this.audit = deps.audit;
  }

  private now(): string {
    return isoNow(this.deps.clock);
  }

  /**
   * The URL as a webhook stores it; refuses URLs that are not http(s) or reach private addresses
   * (checked again at connect time). Imports check the URLs of their webhooks with it too.
   */
  async checkUrl(url: string): Promise<string> {
    try {
      return (await this.deps.client.checkUrl(url.trim())).toString();
    } catch (error) {
      if (!(error instanceof RefusedUrlError)) throw error;
      throw new AppError(
        'VALIDATION_FAILED',
        `url is refused: ${error.message}. Webhooks may only call public addresses; an operator can allow a host with PLINTH_WEBHOOK_ALLOWED_HOSTS`,
        [{ path: 'url', message: `is refused: ${error.message}` }],
      );
    }
  }

  private async checkCollections(projectId: string, collections: string[] | null | undefined): Promise<void> {
    if (!collections) return;
    const known = (await this.deps.models.get(projectId)).collections;
    collections.forEach((slug, index) => {
      if (!known.has(slug)) throw fieldError(`collections.${index}`, `"${slug}" is not a collection of this project`);
    });
  }

  private async load(grant: ProjectGrant, id: string): Promise<WebhookRow> {
    const row = await this.repository.find(grant.project.id, id);
    if (!row) throw notFound('Webhook');
    return row;
  }

  async list(grant: ProjectGrant, page: Page): Promise<{ items: Webhook[]; total: number }> {
    const { rows, total } = await this.repository.list(grant.project.id, page);
    return { items: rows.map(toWebhook), total };
  }

  /** How many webhooks the project has, active or not (its overview). */
  count(projectId: string): Promise<number> {
    return this.repository.count(projectId);
  }

  async get(grant: ProjectGrant, id: string): Promise<Webhook> {
    return toWebhook(await this.load(grant, id));
  }

  async create(grant: ProjectGrant, body: CreateWebhookBody): Promise<CreatedWebhook> {
    const url = await this.checkUrl(body.url);
    await this.checkCollections(grant.project.id, body.collections);
    const now = this.now();
    const secret = body.secret ?? newWebhookSecret();
    const row: WebhookRow = {
      id: newId(),
      project_id: grant.project.id,
      url,
      events: JSON.stringify(body.events),
      collections: body.collections ? JSON.stringify(body.collections) : null,
      active: body.active === false ? 0 : 1,
      description: body.description?.trim() ?? '',
      secret,
      sequence: 0,
      failed_deliveries: 0,
      disabled_reason: null,
      created_by: userIdOf(grant.actor),
      created_at: now,
      updated_at: now,
    };
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).insert(row);
      await this.audit.recordGrant(
        trx,
        grant,
        'webhook.created',
        { type: 'webhook', id: row.id },
        { url, events: body.events },
      );
    });
    return { ...toWebhook(row), secret };
  }

  async update(grant: ProjectGrant, id: string, body: UpdateWebhookBody): Promise<Webhook> {
    const existing = await this.load(grant, id);
    const url = body.url !== undefined ? await this.checkUrl(body.url) : undefined;
    await this.checkCollections(grant.project.id, body.collections);
    const reactivated = body.active === true && existing.active !== 1;
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).update(grant.project.id, id, {
        ...(url !== undefined ? { url } : {}),
        ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
        ...(body.collections !== undefined
          ? { collections: body.collections === null ? null : JSON.stringify(body.collections) }
          : {}),
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.secret !== undefined ? { secret: body.secret } : {}),
        // Turning a webhook on again starts a fresh count of failures.
        ...(reactivated ? { failed_deliveries: 0, disabled_reason: null } : {}),
        updated_at: this.now(),
      });
      // Never the secret itself.
      await this.audit.recordGrant(
        trx,
        grant,
        'webhook.updated',
        { type: 'webhook', id },
        { changes: Object.keys(body) },
      );
    });
    return this.get(grant, id);
  }

  async delete(grant: ProjectGrant, id: string): Promise<void> {
    await this.deps.transaction(async (trx) => {
      if (!(await this.repository.in(trx).delete(grant.project.id, id))) throw notFound('Webhook');
      await this.audit.recordGrant(trx, grant, 'webhook.deleted', { type: 'webhook', id });
    });
  }

  private async present(webhook: WebhookRow, deliveryId: string): Promise<Delivery> {
    const row = await this.repository.findDelivery(webhook.id, deliveryId);
    if (!row) throw notFound('Delivery');
    const attempts = await this.repository.attempts(row.id);
    return toDelivery(row, attempts, { url: webhook.url, headers: fixedHeaders(row) });
  }

  /** Sends a `ping` event now (a single attempt, even to a webhook that is turned off). */
  async test(grant: ProjectGrant, id: string): Promise<Delivery> {
    const webhook = await this.load(grant, id);
    const delivery = await this.deps.transaction((trx) =>
      this.deps.events.createDelivery(trx, {
        webhook,
        event: 'ping',
        data: { message: 'Hello from Plinth: this webhook works.', webhook: toWebhook(webhook) },
        manual: true,
      }),
    );
    return this.present(webhook, delivery.id);
  }

  async deliveries(
    grant: ProjectGrant,
    webhookId: string,
    query: DeliveryListQuery,
    page: Page,
  ): Promise<{ items: DeliverySummary[]; total: number }> {
    const webhook = await this.load(grant, webhookId);
    const { rows, total } = await this.repository.listDeliveries(
      webhook.id,
      { status: query.status, event: query.event },
      page,
    );
    return { items: rows.map(toDeliverySummary), total };
  }

  async delivery(grant: ProjectGrant, webhookId: string, deliveryId: string): Promise<Delivery> {
    return this.present(await this.load(grant, webhookId), deliveryId);
  }

  /**
   * Sends a delivery again with the same id and body (new timestamp and signature): a single
   * attempt, made even when the webhook is turned off. A delivery still waiting for automatic
   * retries keeps them: they go on if this attempt fails, and stop once one attempt succeeds.
   */
  async redeliver(grant: ProjectGrant, webhookId: string, deliveryId: string): Promise<Delivery> {
    const webhook = await this.load(grant, webhookId);
    await this.deps.transaction(async (trx) => {
      const deliveries = this.repository.in(trx);
      const delivery = await deliveries.findDelivery(webhook.id, deliveryId);
      if (!delivery) throw notFound('Delivery');
      const hasRetries = delivery.manual === 0 && delivery.status === 'pending';
      if (!hasRetries) {
        // Its retries are over (or it never had any): this attempt alone decides how it ends.
        const now = this.now();
        await deliveries.updateDelivery(delivery.id, {
          status: 'pending',
          manual: 1,
          next_attempt_at: now,
          updated_at: now,
        });
      }
      await this.deps.events.queueRedelivery(trx, delivery.id);
      await this.audit.recordGrant(
        trx,
        grant,
        'webhook.redelivered',
        { type: 'webhook', id: webhook.id },
        { delivery_id: delivery.id },
      );
    });
    return this.present(webhook, deliveryId);
  }
}
