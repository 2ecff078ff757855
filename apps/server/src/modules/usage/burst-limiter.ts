/**
 * A token bucket per API token: `perSecond` requests a second on average, bursts up to the same
 * number. In memory, per instance.
 */
export class BurstLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** 0 when the request may go, else the seconds to wait. */
  take(key: string, perSecond: number, nowMs: number): number {
    const bucket = this.buckets.get(key) ?? { tokens: perSecond, at: nowMs };
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((nowMs - bucket.at) / 1000) * perSecond);
    bucket.at = nowMs;
    if (this.buckets.size > 100_000) this.buckets.clear();
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    bucket.tokens -= 1;
    return 0;
  }
}
