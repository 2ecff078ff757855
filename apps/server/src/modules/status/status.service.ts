import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  CreateIncidentBody,
  Incident,
  IncidentStatus,
  ServiceStatus,
  ServiceStatusReport,
  UpdateIncidentBody,
  UptimeDay,
} from '@plinth/contract';
import type { Config } from '../../config.js';
import type { Transact, Trx } from '../../db/repository.js';
import type {
  StatusIncidentRow,
  StatusIncidentUpdateRow,
  StatusSampleRow,
  StatusSubscriberRow,
} from '../../db/schema.js';
import { queueEmail } from '../../jobs/email.job.js';
import type { JobQueue } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import { SlidingWindowLimiter, type WindowStore } from '../../lib/rate-limiter.js';
import type { UserPrincipal } from '../auth/principal.js';
import type { RequestFigures, RequestWindow } from './request-window.js';
import type { StatusRepository } from './status.repository.js';

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 90;
const RECENT_INCIDENT_DAYS = 30;
const RECENT_INCIDENT_LIMIT = 10;
/** The measured error rate (percent of 5xx) from which the service counts as degraded… */
export const DEGRADED_ERROR_PERCENT = 5;
/** …once the window holds at least this many requests (a single failure is not a trend). */
export const DEGRADED_MIN_REQUESTS = 10;
/** A pending subscription must be confirmed within this time. */
const CONFIRM_TTL_MS = 7 * DAY_MS;
const HISTORY_CACHE_MS = 60_000;

const INVALID_LINK = 'This link is invalid or has expired';
const STATUS_WORDS: Record<IncidentStatus, string> = {
  investigating: 'Investigating',
  outage: 'Outage',
  resolved: 'Resolved',
};

type Purpose = 'confirm' | 'unsubscribe';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The overall status, worst first: an open outage, open maintenance, then anything that makes
 * the service degraded (an incident under investigation, a failed latest health sample, or a
 * measured 5xx rate at or above the threshold).
 * @example overallStatus({ open: [{ status: 'outage', impact: null }], figures, latestOk: true }) // 'outage'
 */
export function overallStatus(input: {
  open: Pick<StatusIncidentRow, 'status' | 'impact'>[];
  figures: Pick<RequestFigures, 'requests' | 'errorPercent'>;
  latestOk: boolean;
}): ServiceStatus {
  if (input.open.some((incident) => incident.status === 'outage')) return 'outage';
  if (input.open.some((incident) => incident.impact === 'maintenance')) return 'maintenance';
  if (input.open.length > 0 || !input.latestOk) return 'degraded';
  const { requests, errorPercent } = input.figures;
  if (requests >= DEGRADED_MIN_REQUESTS && errorPercent >= DEGRADED_ERROR_PERCENT) return 'degraded';
  return 'operational';
}

const toIncident = (row: StatusIncidentRow, updates: StatusIncidentUpdateRow[]): Incident => ({
  id: row.id,
  title: row.title,
  message: row.message,
  status: row.status,
  impact: row.impact,
  created_at: row.created_at,
  updated_at: row.updated_at,
  resolved_at: row.resolved_at,
  updates: updates.map((update) => ({
    id: update.id,
    status: update.status,
    message: update.message,
    created_at: update.created_at,
  })),
});

/**
 * The status page: figures measured by this service, incidents written by instance admins, and
 * email subscribers told of every new incident and every update of its timeline.
 */
export class StatusService {
  private history: { at: number; days: UptimeDay[]; percent: number | null } | null = null;
  private readonly perIp: SlidingWindowLimiter;
  private readonly perEmail: SlidingWindowLimiter;

  private readonly repository: StatusRepository;

  constructor(
    private readonly deps: {
      repository: StatusRepository;
      requests: RequestWindow;
      jobs: JobQueue;
      rateLimits: WindowStore;
      transaction: Transact;
      clock: Clock;
      /** Keys the subscription links' signatures. */
      linkKey: Uint8Array;
      config: Pick<Config, 'publicUrl'>;
      sampleIntervalMs: number;
      startedAt: number;
    },
  ) {
    this.repository = deps.repository;
    const { rateLimits: store, clock } = deps;
    this.perIp = new SlidingWindowLimiter({ store, name: 'status-ip', limit: 5, windowMs: 3600_000, clock });
    this.perEmail = new SlidingWindowLimiter({ store, name: 'status-email', limit: 3, windowMs: DAY_MS, clock });
  }

  /** Drops the cached uptime history (new samples were written). */
  samplesChanged(): void {
    this.history = null;
  }

  async report(): Promise<ServiceStatusReport> {
    const now = this.deps.clock();
    const figures = this.deps.requests.figures();
    const [latest, open, recent, last, history] = await Promise.all([
      this.repository.latestSample(),
      this.repository.openIncidents(),
      this.repository.recentIncidents(
        new Date(now.getTime() - RECENT_INCIDENT_DAYS * DAY_MS).toISOString(),
        RECENT_INCIDENT_LIMIT,
      ),
      this.repository.lastIncident(),
      this.uptimeHistory(now),
    ]);
    const rows = last && !recent.some((row) => row.id === last.id) ? [...recent, last] : recent;
    const incidents = await this.withUpdates(rows);
    return {
      status: overallStatus({ open, figures, latestOk: this.latestOk(latest, now) }),
      uptime_seconds: Math.max(0, Math.floor((Date.now() - this.deps.startedAt) / 1000)),
      uptime_percent: history.percent,
      response_time_ms: figures.medianResponseMs,
      last_incident: last ? (incidents.find((incident) => incident.id === last.id) ?? null) : null,
      incidents: incidents.filter((incident) => recent.some((row) => row.id === incident.id)),
      metrics: {
        avg_response_ms: figures.avgResponseMs,
        error_rate: figures.errorPercent,
        requests_per_minute: figures.requestsPerMinute,
      },
      system: {
        cpu_percent: latest?.cpu_percent ?? null,
        memory_percent: latest?.memory_percent ?? null,
        disk_percent: latest?.disk_percent ?? null,
        database_ms: latest?.db_ms ?? null,
      },
      uptime_history: history.days,
    };
  }

  /** A failed sample counts while it is the current one (not older than three intervals). */
  private latestOk(latest: StatusSampleRow | undefined, now: Date): boolean {
    if (!latest || Number(latest.ok) === 1) return true;
    return now.getTime() - new Date(latest.taken_at).getTime() > 3 * this.deps.sampleIntervalMs;
  }

  private async uptimeHistory(now: Date): Promise<{ days: UptimeDay[]; percent: number | null }> {
    if (this.history && now.getTime() - this.history.at < HISTORY_CACHE_MS && now.getTime() >= this.history.at) {
      return this.history;
    }
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (HISTORY_DAYS - 1) * DAY_MS).toISOString();
    const counts = await this.repository.samplesPerDay(from);
    let samples = 0;
    let ok = 0;
    const days = counts
      .filter((day) => day.samples > 0)
      .map((day) => {
        samples += day.samples;
        ok += day.okSamples;
        return { date: day.date, uptime_percent: round2((day.okSamples / day.samples) * 100) };
      });
    this.history = { at: now.getTime(), days, percent: samples === 0 ? null : round2((ok / samples) * 100) };
    return this.history;
  }

  private async withUpdates(rows: StatusIncidentRow[]): Promise<Incident[]> {
    const updates = await this.repository.updatesOf(rows.map((row) => row.id));
    return rows.map((row) =>
      toIncident(
        row,
        updates.filter((update) => update.incident_id === row.id),
      ),
    );
  }

  async listIncidents(options: { status?: IncidentStatus | undefined; page: Page }) {
    const { rows, total } = await this.repository.listIncidents(options);
    return { items: await this.withUpdates(rows), total };
  }

  async getIncident(id: string): Promise<Incident> {
    const row = await this.repository.findIncident(id);
    if (!row) throw notFound('Incident');
    const [incident] = await this.withUpdates([row]);
    if (!incident) throw notFound('Incident');
    return incident;
  }

  /** Creates an incident (status `investigating` unless given) and tells confirmed subscribers. */
  async createIncident(admin: UserPrincipal, body: CreateIncidentBody): Promise<Incident> {
    const now = isoNow(this.deps.clock);
    const status = body.status ?? 'investigating';
    const row: StatusIncidentRow = {
      id: newId(),
      title: body.title.trim(),
      message: body.message,
      status,
      impact: body.impact ?? null,
      created_by: admin.userId,
      created_at: now,
      updated_at: now,
      resolved_at: status === 'resolved' ? now : null,
    };
    await this.deps.transaction(async (trx) => {
      const incidents = this.repository.in(trx);
      await incidents.insertIncident(row);
      await incidents.insertUpdate({
        id: newId(),
        incident_id: row.id,
        status,
        message: body.message,
        created_by: admin.userId,
        created_at: now,
      });
      await this.notify(trx, row, body.message, 'created');
    });
    return this.getIncident(row.id);
  }

  /**
   * Changes an incident. A new status or message is appended to its timeline, and confirmed
   * subscribers are told of it (a new message, a status change, the resolution). Edits of the
   * title or impact alone add nothing to the timeline and send nothing.
   */
  async updateIncident(admin: UserPrincipal, id: string, body: UpdateIncidentBody): Promise<Incident> {
    await this.deps.transaction(async (trx) => {
      const incidents = this.repository.in(trx);
      const current = await incidents.findIncident(id);
      if (!current) throw notFound('Incident');
      const now = isoNow(this.deps.clock);
      const status = body.status ?? current.status;
      const statusChanged = status !== current.status;
      const next: StatusIncidentRow = {
        ...current,
        title: body.title?.trim() ?? current.title,
        message: body.message ?? current.message,
        impact: body.impact === undefined ? current.impact : body.impact,
        status,
        updated_at: now,
        resolved_at: status === 'resolved' ? (current.resolved_at ?? now) : null,
      };
      await incidents.updateIncident(id, {
        title: next.title,
        message: next.message,
        impact: next.impact,
        status: next.status,
        updated_at: next.updated_at,
        resolved_at: next.resolved_at,
      });
      if (statusChanged || body.message !== undefined) {
        const message = body.message ?? `Status changed to ${status}.`;
        await incidents.insertUpdate({
          id: newId(),
          incident_id: id,
          status,
          message,
          created_by: admin.userId,
          created_at: now,
        });
        await this.notify(trx, next, message, 'changed');
      }
    });
    return this.getIncident(id);
  }

  async deleteIncident(id: string): Promise<void> {
    if (!(await this.repository.deleteIncident(id))) throw notFound('Incident');
  }

  /** One email per confirmed subscriber, queued in the transaction of the incident change. */
  private async notify(
    trx: Trx,
    incident: StatusIncidentRow,
    message: string,
    kind: 'created' | 'changed',
  ): Promise<void> {
    const subscribers = await this.repository.in(trx).confirmedSubscribers();
    const { publicUrl } = this.deps.config;
    const heading = kind === 'created' ? 'New incident' : 'Incident update';
    for (const subscriber of subscribers) {
      const unsubscribe = this.unsubscribeLink(subscriber);
      await queueEmail(this.deps.jobs, trx, {
        to: subscriber.email,
        subject: `[Plinth status] ${STATUS_WORDS[incident.status]}: ${incident.title}`,
        text: `${heading}: ${incident.title}\nStatus: ${STATUS_WORDS[incident.status]}\n\n${message}\n\nCurrent status: ${publicUrl}/status\n\nTo stop these emails: ${unsubscribe}\n`,
      });
    }
  }

  /**
   * Starts a subscription. The answer never tells whether the address was known: a new or
   * pending address gets a confirmation link, a confirmed one a reminder with its unsubscribe
   * link. Limited per IP (429) and, silently, per address (so nobody can flood a mailbox).
   */
  async subscribe(rawEmail: string, ip: string): Promise<void> {
    // Checked and counted in one step, so a burst of simultaneous requests cannot all pass.
    if ((await this.perIp.take(ip)) === null) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many subscription requests from your address; please try again later',
        undefined,
        { 'Retry-After': String(await this.perIp.retryAfterSeconds(ip)) },
      );
    }
    const email = rawEmail.trim().toLowerCase();
    if ((await this.perEmail.take(email)) === null) return;

    const now = this.deps.clock();
    const fresh: StatusSubscriberRow = { id: newId(), email, created_at: now.toISOString(), confirmed_at: null };
    // The subscriber row and its email commit together: never a row whose email was not queued.
    await this.deps.transaction(async (trx) => {
      const subscribers = this.repository.in(trx);
      let subscriber = await subscribers.upsertSubscriber(fresh);
      if (subscriber.confirmed_at === null && this.expired(subscriber, now)) {
        await subscribers.replaceSubscriber(subscriber.id, fresh);
        subscriber = fresh;
      }
      const unsubscribe = this.unsubscribeLink(subscriber);
      if (subscriber.confirmed_at !== null) {
        await queueEmail(this.deps.jobs, trx, {
          to: email,
          subject: 'You are subscribed to Plinth status updates',
          text: `Someone (maybe you) asked to subscribe this address to Plinth status updates. It is subscribed already, so nothing changed.\n\nTo stop these emails: ${unsubscribe}\n`,
        });
        return;
      }
      const confirm = `${this.deps.config.publicUrl}/api/v1/status/subscriptions/confirm?token=${this.token('confirm', subscriber.id)}`;
      await queueEmail(this.deps.jobs, trx, {
        to: email,
        subject: 'Confirm your subscription to Plinth status updates',
        text: `Confirm that you want an email when a Plinth incident starts or is updated:\n${confirm}\n\nThe link works for 7 days. If you did not ask for this, ignore this email.\n\nTo unsubscribe: ${unsubscribe}\n`,
        link: confirm,
      });
    });
  }

  async confirm(token: string): Promise<void> {
    const id = this.verify('confirm', token);
    const subscriber = id ? await this.repository.findSubscriber(id) : undefined;
    if (!subscriber) throw new AppError('VALIDATION_FAILED', INVALID_LINK);
    if (subscriber.confirmed_at !== null) return;
    if (this.expired(subscriber, this.deps.clock())) throw new AppError('VALIDATION_FAILED', INVALID_LINK);
    await this.repository.confirmSubscriber(subscriber.id, isoNow(this.deps.clock));
  }

  /** Ends a subscription; a valid link used twice answers the same. */
  async unsubscribe(token: string): Promise<void> {
    const id = this.verify('unsubscribe', token);
    if (!id) throw new AppError('VALIDATION_FAILED', INVALID_LINK);
    await this.repository.deleteSubscriber(id);
  }

  private expired(subscriber: StatusSubscriberRow, now: Date): boolean {
    return now.getTime() - new Date(subscriber.created_at).getTime() > CONFIRM_TTL_MS;
  }

  private unsubscribeLink(subscriber: StatusSubscriberRow): string {
    return `${this.deps.config.publicUrl}/api/v1/status/subscriptions/unsubscribe?token=${this.token('unsubscribe', subscriber.id)}`;
  }

  /** `<subscriber id>.<HMAC>`: nothing to store, and a new subscription (new id) voids old links. */
  private token(purpose: Purpose, id: string): string {
    return `${id}.${this.mac(purpose, id)}`;
  }

  private mac(purpose: Purpose, id: string): string {
    return createHmac('sha256', this.deps.linkKey).update(`status-subscription:${purpose}:${id}`).digest('base64url');
  }

  private verify(purpose: Purpose, token: string): string | null {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.mac(purpose, id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }
}
