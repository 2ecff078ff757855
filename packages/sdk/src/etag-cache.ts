/** An answer kept for revalidation: its ETag and parsed body. */
export interface CachedAnswer {
  etag: string;
  body: unknown;
}

/**
 * Where a client keeps answers that carry an ETag. On the next identical call it sends
 * `If-None-Match`, and a 304 returns the kept body without transferring it again.
 */
export interface EtagCache {
  get(key: string): CachedAnswer | undefined;
  set(key: string, answer: CachedAnswer): void;
  delete(key: string): void;
}

/**
 * An in-memory EtagCache that keeps the `maxEntries` most recently used answers.
 * @example const client = createClient({ url, token, projectId, etagCache: createEtagCache({ maxEntries: 200 }) });
 */
export function createEtagCache(options: { maxEntries?: number } = {}): EtagCache {
  const maxEntries = options.maxEntries ?? 500;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');
  // A Map iterates in insertion order, so re-inserting on use makes the first key the least recent.
  const entries = new Map<string, CachedAnswer>();
  return {
    get(key) {
      const answer = entries.get(key);
      if (answer) {
        entries.delete(key);
        entries.set(key, answer);
      }
      return answer;
    },
    set(key, answer) {
      entries.delete(key);
      entries.set(key, answer);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
