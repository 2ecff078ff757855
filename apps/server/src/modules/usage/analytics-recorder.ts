import type { Clock } from '../../lib/clock.js';
import { emptyHistogram, merge, observe } from '../../lib/latency-histogram.js';
import type { Logger } from '../../lib/logger.js';
import type { AnalyticsRepository, Rollup } from './analytics.repository.js';
import { hourOf } from './periods.js';

/** Hourly rollups older than this are deleted (documented with GET /projects/:p/analytics). */
export const ANALYTICS_RETENTION_DAYS = 400;
const HOUR_MS = 3600_000;

const keyOf = (entry: Pick<Rollup, 'projectId' | 'hour' | 'collection' | 'statusCode'>) =>
  `${entry.projectId}|${entry.hour}|${entry.collection}|${entry.statusCode}`;

/**
 * API-token requests rolled up per project, hour, collection and status code. Raw requests are
 * never stored: buckets grow in memory and are added to their stored rows every few seconds,
 * and rollups older than the retention are pruned once an hour.
 */
export class AnalyticsRecorder {
  private buckets = new Map<string, Rollup>();
  private timer: NodeJS.Timeout | null = null;
  /** The flush under way; the next one waits for it, so a read that flushes sees what it wrote. */
  private flushing: Promise<void> = Promise.resolve();
  private prunedAt: number | null = null;
  private readonly repository: AnalyticsRepository;
  private readonly clock: Clock;
  private readonly log: Logger;

  constructor(deps: { repository: AnalyticsRepository; clock: Clock; log: Logger }) {
    this.repository = deps.repository;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  record(entry: {
    projectId: string;
    hour: string;
    collection: string;
    statusCode: number;
    bytes: number;
    latencyMs: number;
  }) {
    const bucket = this.bucket(entry);
    bucket.requests += 1;
    bucket.bytes += entry.bytes;
    bucket.latencySum += entry.latencyMs;
    observe(bucket.histogram, entry.latencyMs);
  }

  /** Adds the buckets gathered so far to their stored rows, after any flush under way. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  start(intervalMs = 10_000): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private bucket(key: Pick<Rollup, 'projectId' | 'hour' | 'collection' | 'statusCode'>): Rollup {
    let bucket = this.buckets.get(keyOf(key));
    if (!bucket) {
      bucket = {
        projectId: key.projectId,
        hour: key.hour,
        collection: key.collection,
        statusCode: key.statusCode,
        requests: 0,
        bytes: 0,
        latencySum: 0,
        histogram: emptyHistogram(),
      };
      this.buckets.set(keyOf(key), bucket);
    }
    return bucket;
  }

  /** Never rejects: counts that could not be written go back into the buckets for the next flush. */
  private async write(): Promise<void> {
    const buckets = [...this.buckets.values()];
    this.buckets = new Map();
    if (buckets.length > 0) {
      try {
        await this.repository.add(buckets);
      } catch (error) {
        for (const failed of buckets) {
          const bucket = this.bucket(failed);
          bucket.requests += failed.requests;
          bucket.bytes += failed.bytes;
          bucket.latencySum += failed.latencySum;
          merge(bucket.histogram, failed.histogram);
        }
        this.log.error({ err: error, buckets: buckets.length }, 'Analytics rollups could not be written; will retry');
      }
    }
    await this.prune();
  }

  private async prune(): Promise<void> {
    const now = this.clock().getTime();
    if (this.prunedAt !== null && now - this.prunedAt < HOUR_MS && now >= this.prunedAt) return;
    try {
      await this.repository.pruneBefore(hourOf(new Date(now - ANALYTICS_RETENTION_DAYS * 24 * HOUR_MS)));
      this.prunedAt = now;
    } catch (error) {
      this.log.error({ err: error }, 'Old analytics rollups could not be pruned; will retry');
    }
  }
}
