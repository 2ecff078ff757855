import type { ContactBody, SiteMessage, SupportBody } from '@plinth/contract';
import type { Config } from '../../config.js';
import type { Transact } from '../../db/repository.js';
import type { MessageRow } from '../../db/schema.js';
import { queueEmail } from '../../jobs/email.job.js';
import type { JobQueue } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import type { Page } from '../../lib/pagination.js';
import { SlidingWindowLimiter, type WindowStore } from '../../lib/rate-limiter.js';
import type { MessagesRepository } from './messages.repository.js';

const toSiteMessage = (row: MessageRow): SiteMessage => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  email: row.email,
  company: row.company,
  subject: row.subject,
  message: row.message,
  created_at: row.created_at,
});

/** Contact and support messages from the public site: stored, then emailed to the inbox. */
export class SiteService {
  private readonly perIp: SlidingWindowLimiter;

  constructor(
    private readonly deps: {
      repository: MessagesRepository;
      jobs: JobQueue;
      rateLimits: WindowStore;
      transaction: Transact;
      clock: Clock;
      log: Logger;
      config: Pick<Config, 'inboxEmail'>;
    },
  ) {
    this.perIp = new SlidingWindowLimiter({
      store: deps.rateLimits,
      name: 'site-ip',
      limit: 10,
      windowMs: 3600_000,
      clock: deps.clock,
    });
  }

  /** The messages, newest first, for instance admins. */
  async list(options: { kind?: SiteMessage['kind'] | undefined; page: Page }) {
    const { rows, total } = await this.deps.repository.list(options);
    return { items: rows.map(toSiteMessage), total };
  }

  async get(id: string): Promise<SiteMessage> {
    const row = await this.deps.repository.findById(id);
    if (!row) throw notFound('Message');
    return toSiteMessage(row);
  }

  /**
   * Stores a message and forwards it. A filled honeypot means a bot: it gets the same answer
   * as a person (so it learns nothing) but nothing is stored or sent.
   */
  async receive(kind: MessageRow['kind'], body: ContactBody | SupportBody, ip: string): Promise<{ id: string }> {
    // The schema counts characters; a name or message of spaces alone is still empty.
    for (const field of ['name', 'message'] as const) {
      if (body[field].trim() === '') throw fieldError(field, 'must not be empty');
    }
    // Checked and counted in one step, so a burst of simultaneous messages cannot all pass.
    if ((await this.perIp.take(ip)) === null) {
      throw new AppError('RATE_LIMITED', 'Too many messages from your address; please try again later', undefined, {
        'Retry-After': String(await this.perIp.retryAfterSeconds(ip)),
      });
    }
    const id = newId();
    if (body.website) {
      this.deps.log.info({ ip, kind }, 'Honeypot filled; message dropped');
      return { id };
    }
    const row: MessageRow = {
      id,
      kind,
      name: body.name.trim(),
      email: body.email.trim(),
      company: 'company' in body ? body.company?.trim() || null : null,
      subject: 'subject' in body ? body.subject : null,
      message: body.message,
      ip,
      created_at: isoNow(this.deps.clock),
    };
    const inbox = this.deps.config.inboxEmail;
    // Stored and queued together: no message is kept without its email, nor sent without being kept.
    await this.deps.transaction(async (trx) => {
      await this.deps.repository.in(trx).insert(row);
      if (!inbox) return;
      const heading = kind === 'contact' ? 'Contact form' : `Support: ${row.subject}`;
      await queueEmail(this.deps.jobs, trx, {
        to: inbox,
        replyTo: row.email,
        subject: `[Plinth] ${heading} from ${row.name}`,
        text: `From: ${row.name} <${row.email}>\n${row.company ? `Company: ${row.company}\n` : ''}${row.subject ? `Subject: ${row.subject}\n` : ''}\n${row.message}\n`,
      });
    });
    return { id };
  }
}
