import type { Trx } from '../db/repository.js';
import type { Mailer, MailMessage } from '../lib/mailer.js';
import type { JobHandler, JobQueue } from './queue.js';

export const EMAIL_JOB = 'email.send';

/**
 * Queues an email in the caller's transaction, so it is sent only if the change that causes it
 * commits, even if the process stops right after the answer, and retried while the mail server is down.
 * @example await queueEmail(jobs, trx, { to, subject, text });
 */
export async function queueEmail(jobs: JobQueue, trx: Trx, message: MailMessage): Promise<void> {
  await jobs.in(trx).enqueue({ kind: EMAIL_JOB, payload: message, maxAttempts: 10 });
}

/** Sends queued emails through the mailer. */
export const emailJob = (mailer: Mailer): JobHandler => ({
  run: (payload) => mailer.send(payload as MailMessage),
  retryDelaysMs: [10_000, 60_000, 300_000, 1_800_000],
  maxAttempts: 10,
  // Password-reset and invitation links stay valid after sending: keep no copy of them.
  clearPayloadWhenDone: true,
});
