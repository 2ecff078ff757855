import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { emptyHistogram, merge, observe } from './latency-histogram.js';

interface Bucket {
  projectId: string;
  hour: string;
  collection: string;
  statusCode: number;
  requests: number;
  bytes: number;
  latencySum: number;
  histogram: number[];
}

/**
 * API-token requests rolled up per project, hour, collection and status code. Raw requests are
 * never stored: buckets grow in memory and are added to their stored rows every few seconds.
 */
export class AnalyticsRecorder {
  private buckets = new Map<string, Bucket>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(entry: {
    projectId: string;
    hour: string;
    collection: string;
    statusCode: number;
    bytes: number;
    latencyMs: number;
  }) {
    const key = `${entry.projectId}|${entry.hour}|${entry.collection}|${entry.statusCode}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = {
        projectId: entry.projectId,
        hour: entry.hour,
        collection: entry.collection,
        statusCode: entry.statusCode,
        requests: 0,
        bytes: 0,
        latencySum: 0,
        histogram: emptyHistogram(),
      };
      this.buckets.set(key, bucket);
    }
    bucket.requests += 1;
    bucket.bytes += entry.bytes;
    bucket.latencySum += entry.latencyMs;
    observe(bucket.histogram, entry.latencyMs);
  }

  /** Adds the buckets gathered so far to their stored rows. */
  async flush(): Promise<void> {
    const buckets = [...this.buckets.values()];
    this.buckets = new Map();
    for (const bucket of buckets) {
      try {
        await this.db.transaction().execute(async (trx) => {
          const where = trx
            .selectFrom('analytics_hourly')
            .selectAll()
            .where('project_id', '=', bucket.projectId)
            .where('hour', '=', bucket.hour)
            .where('collection', '=', bucket.collection)
            .where('status_code', '=', bucket.statusCode);
          const stored = await where.executeTakeFirst();
          if (!stored) {
            await trx
              .insertInto('analytics_hourly')
              .values({
                project_id: bucket.projectId,
                hour: bucket.hour,
                collection: bucket.collection,
                status_code: bucket.statusCode,
                requests: bucket.requests,
                bytes: bucket.bytes,
                latency_ms_sum: Math.round(bucket.latencySum),
                latency_histogram: JSON.stringify(bucket.histogram),
              })
              .execute();
            return;
          }
          const histogram = JSON.parse(stored.latency_histogram) as number[];
          merge(histogram, bucket.histogram);
          await trx
            .updateTable('analytics_hourly')
            .set({
              requests: Number(stored.requests) + bucket.requests,
              bytes: Number(stored.bytes) + bucket.bytes,
              latency_ms_sum: Number(stored.latency_ms_sum) + Math.round(bucket.latencySum),
              latency_histogram: JSON.stringify(histogram),
            })
            .where('project_id', '=', bucket.projectId)
            .where('hour', '=', bucket.hour)
            .where('collection', '=', bucket.collection)
            .where('status_code', '=', bucket.statusCode)
            .execute();
        });
      } catch (error) {
        this.log.error({ err: error }, 'Analytics rollup could not be written');
      }
    }
  }

  start(intervalMs = 10_000): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
