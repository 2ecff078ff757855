import type { Clock } from './clock.js';

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Counts events per key in fixed windows (for example failed logins per account).
 * In memory: with several instances each one counts its own share.
 * @example const limiter = new WindowCounter({ limit: 10, windowMs: 15 * 60_000, clock });
 */
export class WindowCounter {
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly clock: Clock;

  constructor(options: { limit: number; windowMs: number; clock: Clock }) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.clock = options.clock;
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.clock().getTime() - window.startedAt >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Seconds until the key may act again, or 0 when it is under the limit. */
  retryAfterSeconds(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - this.clock().getTime()) / 1000));
  }

  record(key: string): void {
    const window = this.current(key);
    if (window) window.count += 1;
    else {
      if (this.windows.size > 100_000) this.prune();
      this.windows.set(key, { startedAt: this.clock().getTime(), count: 1 });
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(): void {
    for (const key of this.windows.keys()) this.current(key);
  }
}
