import type { Analytics, AnalyticsPoint, AnalyticsQuery } from '@plinth/contract';
import type { Clock } from '../../lib/clock.js';
import { fieldError } from '../../lib/errors.js';
import { emptyHistogram, merge, percentile } from '../../lib/latency-histogram.js';
import type { AnalyticsRepository } from './analytics.repository.js';
import type { AnalyticsRecorder } from './analytics-recorder.js';
import { hourOf } from './periods.js';

const HOUR_MS = 3600_000;
const MAX_POINTS = 24 * 93;

interface Totals {
  requests: number;
  errors: number;
  bytes: number;
  histogram: number[];
}

const empty = (): Totals => ({ requests: 0, errors: 0, bytes: 0, histogram: emptyHistogram() });

/** Reads the hourly rollups back as a series (hours or days), per collection and status code. */
export class AnalyticsService {
  private readonly repository: AnalyticsRepository;
  private readonly recorder: AnalyticsRecorder;

  constructor(private readonly deps: { repository: AnalyticsRepository; recorder: AnalyticsRecorder; clock: Clock }) {
    this.repository = deps.repository;
    this.recorder = deps.recorder;
  }

  async read(projectId: string, query: AnalyticsQuery): Promise<Analytics> {
    const granularity = query.granularity ?? 'hour';
    const step = granularity === 'hour' ? HOUR_MS : 24 * HOUR_MS;
    const now = this.deps.clock();
    const to = query.to ? new Date(query.to) : now;
    const from = query.from
      ? new Date(query.from)
      : new Date(to.getTime() - (granularity === 'hour' ? 24 : 30 * 24) * HOUR_MS);
    if (from.getTime() >= to.getTime()) throw fieldError('from', 'must be before to');
    const start = Math.floor(from.getTime() / step) * step;
    if ((to.getTime() - start) / step > MAX_POINTS) throw fieldError('from', `asks for more than ${MAX_POINTS} points`);
    // What this process gathered but has not written yet belongs in the answer too.
    await this.recorder.flush();
    const rows = await this.repository.between(projectId, hourOf(new Date(start)), hourOf(to));
    const points = new Map<number, Totals>();
    for (let t = start; t <= to.getTime(); t += step) points.set(t, empty());
    const collections = new Map<string, Totals>();
    const statusCodes: Record<string, number> = {};
    const totals = empty();
    for (const row of rows) {
      const time = Date.parse(`${row.hour}:00:00.000Z`);
      const point = points.get(Math.floor(time / step) * step);
      const errors = row.statusCode >= 400 ? row.requests : 0;
      const collection = collections.get(row.collection) ?? empty();
      collections.set(row.collection, collection);
      for (const target of [point, collection, totals]) {
        if (!target) continue;
        target.requests += row.requests;
        target.errors += errors;
        target.bytes += row.bytes;
        merge(target.histogram, row.histogram);
      }
      statusCodes[String(row.statusCode)] = (statusCodes[String(row.statusCode)] ?? 0) + row.requests;
    }
    const series: AnalyticsPoint[] = [...points].map(([t, point]) => ({
      t: new Date(t).toISOString(),
      requests: point.requests,
      errors: point.errors,
      bytes: point.bytes,
      p50_ms: percentile(point.histogram, 0.5),
      p95_ms: percentile(point.histogram, 0.95),
    }));
    return {
      from: new Date(start).toISOString(),
      to: to.toISOString(),
      granularity,
      series,
      by_collection: [...collections]
        .map(([collection, value]) => ({
          collection: collection || '(other)',
          requests: value.requests,
          errors: value.errors,
          bytes: value.bytes,
          p50_ms: percentile(value.histogram, 0.5),
          p95_ms: percentile(value.histogram, 0.95),
        }))
        .sort((a, b) => b.requests - a.requests),
      status_codes: statusCodes,
      totals: { requests: totals.requests, errors: totals.errors, bytes: totals.bytes },
    };
  }
}
