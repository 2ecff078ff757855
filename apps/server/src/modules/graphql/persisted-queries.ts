import { createHash } from 'node:crypto';
import type { GraphqlError } from '@plinth/contract';
import { fieldError } from '../../lib/errors.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a request's `extensions.persistedQuery` resolves to: the query text, or GraphQL errors to answer. */
export type PersistedQueryOutcome = { query: string } | { errors: GraphqlError[] };

/**
 * Automatic persisted queries (the protocol Apollo and urql clients speak): a client sends a
 * query's SHA-256 hash instead of its text; the first time, the server answers
 * `PersistedQueryNotFound` and the client sends both, which registers the text. Queries are
 * held in memory, least recently used first out within a budget of characters: another
 * instance, or this one after a restart, simply asks for the text again.
 */
export class PersistedQueries {
  private readonly queries = new Map<string, string>();
  private characters = 0;

  constructor(private readonly maxCharacters = 8_000_000) {}

  /**
   * The query of a request: `query` itself (registered under `extensions.persistedQuery` when
   * that is present), or the one registered under the hash.
   * @example persisted.resolve(undefined, { persistedQuery: { version: 1, sha256Hash: 'ab12…' } })
   */
  resolve(query: string | undefined, extensions: Record<string, unknown> | null): PersistedQueryOutcome {
    const persisted = extensions?.persistedQuery;
    if (persisted === undefined || persisted === null) {
      if (query === undefined) throw fieldError('query', 'is required');
      return { query };
    }
    const { version, sha256Hash: hash } = persisted as { version?: unknown; sha256Hash?: unknown };
    if (version !== 1) throw fieldError('extensions.persistedQuery.version', 'must be 1');
    if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) {
      throw fieldError('extensions.persistedQuery.sha256Hash', 'must be a SHA-256 hash in hexadecimal');
    }
    if (query !== undefined) {
      if (sha256(query) !== hash) {
        throw fieldError('extensions.persistedQuery.sha256Hash', 'is not the SHA-256 of the query');
      }
      this.remember(hash, query);
      return { query };
    }
    const known = this.queries.get(hash);
    if (known === undefined) {
      return { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] };
    }
    // Re-inserted: Map order is the LRU order.
    this.queries.delete(hash);
    this.queries.set(hash, known);
    return { query: known };
  }

  private remember(hash: string, query: string): void {
    if (this.queries.has(hash) || query.length > this.maxCharacters) return;
    this.queries.set(hash, query);
    this.characters += query.length;
    for (const [oldest, text] of this.queries) {
      if (this.characters <= this.maxCharacters) break;
      this.queries.delete(oldest);
      this.characters -= text.length;
    }
  }
}
