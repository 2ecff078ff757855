/** Tokens tracked at once by one instance. */
const MAX_BUCKETS = 100_000;

/**
 * A token bucket per API token: `perSecond` requests a second on average, bursts up to the same
 * number. In memory, per instance, for at most MAX_BUCKETS tokens: past that, the buckets used
 * least recently go first. A bucket left alone for a second is full again, so dropping idle ones
 * changes nobody's limit.
 * @example const wait = new BurstLimiter().take(tokenId, 50, Date.now()); // 0: go ahead
 */
export class BurstLimiter {
  /** Least recently used first: every take moves its bucket to the end. */
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** 0 when the request may go, else the seconds to wait. */
  take(key: string, perSecond: number, nowMs: number): number {
    const bucket = this.buckets.get(key) ?? { tokens: perSecond, at: nowMs };
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((nowMs - bucket.at) / 1000) * perSecond);
    bucket.at = nowMs;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= MAX_BUCKETS) break;
      this.buckets.delete(oldest);
    }
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    bucket.tokens -= 1;
    return 0;
  }
}
