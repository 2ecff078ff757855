import { createHash } from 'node:crypto';

/**
 * Serialized delivery answers (document reads and lists), kept until the project's content or
 * model changes. Each project has a version number; writers bump it after their transaction
 * commits, and an entry is served only while it was stored under the current version. A read
 * remembers the version it started under, so an answer computed from data that changed while
 * it ran is never served as current.
 */
export interface CachedAnswer {
  /** The JSON answer, encoded once: sending bytes skips a UTF-8 encoding per request. */
  body: Buffer;
  etag: string;
}

/** A serialized answer as the cache keeps it: its bytes and a weak ETag over them. */
export function toCachedAnswer(json: string): CachedAnswer {
  const body = Buffer.from(json, 'utf8');
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

interface Entry extends CachedAnswer {
  projectId: string;
  version: number;
}

export class DeliveryCache {
  private readonly versions = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly listeners = new Set<(projectId: string) => void>();

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  version(projectId: string): number {
    return this.versions.get(projectId) ?? 0;
  }

  /** Marks everything cached for the project stale (call after the change committed). */
  invalidate(projectId: string, options: { broadcast?: boolean } = {}): void {
    this.versions.set(projectId, this.version(projectId) + 1);
    if (options.broadcast !== false) for (const listener of this.listeners) listener(projectId);
  }

  /** Told of local invalidations, so another instance can be told too (Redis). */
  onInvalidate(listener: (projectId: string) => void): void {
    this.listeners.add(listener);
  }

  get(key: string, projectId: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.version(projectId)) {
      this.delete(key, entry);
      return undefined;
    }
    // Re-insert: Map order is the LRU order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, projectId: string, version: number, answer: CachedAnswer): void {
    if (version !== this.version(projectId) || answer.body.length > this.maxBytes / 16) return;
    const previous = this.entries.get(key);
    if (previous) this.delete(key, previous);
    this.entries.set(key, { ...answer, projectId, version });
    this.bytes += answer.body.length;
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldKey, oldEntry);
    }
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
