import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import type { MailMessage } from '../lib/mailer.js';

export const EMAIL_JOB = 'email.send';

/**
 * Queues an email in the caller's transaction (or on its own), so it is sent even if the
 * process stops right after the answer, and retried while the mail server is down.
 */
export async function queueEmail(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  message: MailMessage,
  db: Kysely<Database> | Transaction<Database> = ctx.db,
): Promise<void> {
  await ctx.jobs.enqueue(db, { kind: EMAIL_JOB, payload: message, maxAttempts: 10 });
}

export function registerEmailJob(ctx: AppContext): void {
  ctx.jobHandlers.set(EMAIL_JOB, {
    run: (payload) => ctx.mailer.send(payload as MailMessage),
    retryDelaysMs: [10_000, 60_000, 300_000, 1_800_000],
    maxAttempts: 10,
    // Password-reset and invitation links stay valid after sending: keep no copy of them.
    clearPayloadWhenDone: true,
  });
}
