/*
 * Latencies counted in fixed buckets, so that percentiles of any number of requests are read
 * from a few numbers that add up across time slots, instances and stored rollups (API analytics
 * and the status page's recent requests).
 */

/** Upper bounds (ms) of the latency buckets; the last bucket holds everything slower. */
export const LATENCY_BOUNDS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] as const;

export const emptyHistogram = (): number[] => new Array(LATENCY_BOUNDS_MS.length + 1).fill(0);

export function observe(histogram: number[], ms: number): void {
  const index = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  const slot = index === -1 ? LATENCY_BOUNDS_MS.length : index;
  histogram[slot] = (histogram[slot] ?? 0) + 1;
}

export function merge(into: number[], from: readonly number[]): void {
  from.forEach((count, index) => {
    into[index] = (into[index] ?? 0) + count;
  });
}

/**
 * The latency under which `q` of the requests fell, interpolated inside its bucket.
 * @example percentile([0, 10, 0, …], 0.5) // somewhere between 1 and 2 ms
 */
export function percentile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let index = 0; index < histogram.length; index++) {
    const count = histogram[index] ?? 0;
    if (count > 0 && seen + count >= rank) {
      const low = index === 0 ? 0 : (LATENCY_BOUNDS_MS[index - 1] ?? 0);
      const high = LATENCY_BOUNDS_MS[index] ?? low * 2;
      return Math.round((low + ((rank - seen) / count) * (high - low)) * 100) / 100;
    }
    seen += count;
  }
  return LATENCY_BOUNDS_MS.at(-1) ?? null;
}
