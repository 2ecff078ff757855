import { type Clock, isoNow } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { monthOf } from './periods.js';
import type { UsageRepository } from './usage.repository.js';

interface Counter {
  /** The stored count when this process loaded it. */
  base: number;
  /** Requests this process counted since then (flushed or not). */
  local: number;
  /** Counted but not yet written. */
  pending: number;
}

/**
 * Counts API-token requests per project and month. Counting is in memory and written in
 * batches (one upsert per project every few seconds, never one write per request), yet exact at
 * the quota boundary on one instance: a counter is loaded once, then checked and incremented
 * synchronously.
 */
export class UsageMeter {
  private readonly counters = new Map<string, Promise<Counter>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: { repository: UsageRepository; clock: Clock; log: Logger }) {}

  private counter(projectId: string, period: string): Promise<Counter> {
    const key = `${projectId}|${period}`;
    let counter = this.counters.get(key);
    if (!counter) {
      counter = this.deps.repository.count(projectId, period).then((base) => ({ base, local: 0, pending: 0 }));
      this.counters.set(key, counter);
      counter.catch(() => this.counters.delete(key));
    }
    return counter;
  }

  /**
   * Counts one request unless the month's quota is used up. Returns the count after it, or
   * null when the request must be refused (and is not counted).
   */
  async admit(projectId: string, limit: number | null): Promise<{ used: number; admitted: boolean }> {
    const counter = await this.counter(projectId, monthOf(this.deps.clock()));
    const used = counter.base + counter.local;
    if (limit !== null && used >= limit) return { used, admitted: false };
    counter.local += 1;
    counter.pending += 1;
    return { used: used + 1, admitted: true };
  }

  async used(projectId: string, time: Date): Promise<number> {
    const counter = await this.counter(projectId, monthOf(time));
    return counter.base + counter.local;
  }

  /** Writes pending counts (an upsert adding them to the stored value). */
  async flush(): Promise<void> {
    const now = isoNow(this.deps.clock);
    for (const [key, promise] of this.counters) {
      const counter = await promise;
      if (counter.pending === 0) continue;
      const [projectId, period] = key.split('|') as [string, string];
      const pending = counter.pending;
      counter.pending = 0;
      try {
        await this.deps.repository.add(projectId, period, pending, now);
      } catch (error) {
        counter.pending += pending;
        this.deps.log.error({ err: error, projectId }, 'Usage counts could not be written; will retry');
      }
    }
    // Months that ended are done once written.
    const current = monthOf(this.deps.clock());
    for (const [key, promise] of this.counters) {
      if (!key.endsWith(`|${current}`) && (await promise).pending === 0) this.counters.delete(key);
    }
  }

  start(intervalMs = 5_000): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
