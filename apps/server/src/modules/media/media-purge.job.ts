import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { MediaService } from './media.service.js';

export const MEDIA_PURGE_JOB = 'media.purge-project';

interface PurgePayload {
  projectId: string;
}

/**
 * Queues the removal of a deleted project's files, in the transaction that deletes it: the
 * deletion cannot commit without the purge, which is retried until storage answers.
 * @example await queueMediaPurge(ctx, trx, projectId);
 */
export async function queueMediaPurge(
  ctx: Pick<AppContext, 'jobs'>,
  db: Kysely<Database> | Transaction<Database>,
  projectId: string,
): Promise<void> {
  const payload: PurgePayload = { projectId };
  await ctx.jobs.enqueue(db, { kind: MEDIA_PURGE_JOB, payload, dedupeKey: `media-purge:${projectId}` });
}

export function registerMediaPurgeJob(ctx: AppContext, media: MediaService): void {
  ctx.jobHandlers.set(MEDIA_PURGE_JOB, {
    run: (payload) => media.purgeProject((payload as PurgePayload).projectId),
    retryDelaysMs: [60_000, 600_000, 3_600_000],
    maxAttempts: 20,
  });
}
