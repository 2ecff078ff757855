import type { Clock } from '../../lib/clock.js';
import { emptyHistogram, merge, observe, percentile } from '../../lib/latency-histogram.js';

interface Slot {
  start: number;
  requests: number;
  errors: number;
  latencySum: number;
  histogram: number[];
}

export interface RequestFigures {
  requests: number;
  errors: number;
  /** Mean latency in ms; null without requests. */
  avgResponseMs: number | null;
  /** Median latency in ms (read from latency buckets); null without requests. */
  medianResponseMs: number | null;
  /** 5xx answers as a percentage of all requests (0–100). */
  errorPercent: number;
  requestsPerMinute: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Recent API requests of this process in fixed slots (10 s by default) over a rolling window
 * (5 minutes by default). Memory stays bounded by the number of slots, whatever the traffic.
 * @example const window = new RequestWindow({ clock }); window.record(200, 12.5); window.figures();
 */
export class RequestWindow {
  private readonly slots: Slot[] = [];
  private readonly windowMs: number;
  private readonly slotMs: number;
  private readonly startedAt: number;

  constructor(private readonly options: { clock: Clock; windowMs?: number; slotMs?: number }) {
    this.windowMs = options.windowMs ?? 5 * 60_000;
    this.slotMs = options.slotMs ?? 10_000;
    this.startedAt = options.clock().getTime();
  }

  record(statusCode: number, latencyMs: number): void {
    const now = this.options.clock().getTime();
    const start = now - (now % this.slotMs);
    let slot = this.slots.at(-1);
    if (!slot || slot.start !== start) {
      slot = { start, requests: 0, errors: 0, latencySum: 0, histogram: emptyHistogram() };
      this.slots.push(slot);
      this.drop(now);
    }
    slot.requests += 1;
    if (statusCode >= 500) slot.errors += 1;
    slot.latencySum += latencyMs;
    observe(slot.histogram, latencyMs);
  }

  /**
   * Figures over the window. Requests per minute divide by the time covered: the whole window,
   * or less while the process is younger than it (never less than one minute).
   */
  figures(): RequestFigures {
    const now = this.options.clock().getTime();
    this.drop(now);
    let requests = 0;
    let errors = 0;
    let latencySum = 0;
    const histogram = emptyHistogram();
    for (const slot of this.slots) {
      requests += slot.requests;
      errors += slot.errors;
      latencySum += slot.latencySum;
      merge(histogram, slot.histogram);
    }
    const coveredMs = Math.min(this.windowMs, Math.max(60_000, now - this.startedAt));
    return {
      requests,
      errors,
      avgResponseMs: requests === 0 ? null : round2(latencySum / requests),
      medianResponseMs: percentile(histogram, 0.5),
      errorPercent: requests === 0 ? 0 : round2((errors / requests) * 100),
      requestsPerMinute: round2(requests / (coveredMs / 60_000)),
    };
  }

  private drop(now: number): void {
    const oldest = now - this.windowMs;
    while (this.slots.length > 0 && (this.slots[0]?.start ?? 0) + this.slotMs <= oldest) this.slots.shift();
  }
}
