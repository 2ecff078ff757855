import type { Field, FieldType } from '@plinth/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { type Executor, Repository } from '../../db/repository.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { comparesAsText, indexName, type JsonPath, valueExpression } from './json-paths.js';

/** Field types whose values are filtered and sorted as scalars, and so get an index. */
const INDEXED_TYPES: readonly FieldType[] = [
  'text',
  'slug',
  'email',
  'url',
  'number',
  'integer',
  'boolean',
  'date',
  'datetime',
  'select',
  'reference',
];

/**
 * The expressions list queries and unique checks use for one field: per copy (working and
 * published), the value itself, or for localized fields the default locale's value and, in
 * the other locales, the value with the default locale's as fallback. Unique localized fields
 * also get each locale's own value (uniqueness holds per locale, without fallback).
 */
export function indexedPaths(field: Field, project: { locales: readonly string[]; defaultLocale: string }): JsonPath[] {
  if (!INDEXED_TYPES.includes(field.type) || field.options?.multiple) return [];
  const text = comparesAsText(field);
  const paths: JsonPath[] = [];
  for (const column of ['data', 'published_data'] as const) {
    if (!field.localized) {
      paths.push({ column, field: field.name, text });
      continue;
    }
    for (const locale of project.locales) {
      if (locale === project.defaultLocale) {
        paths.push({ column, field: field.name, locale, text });
        continue;
      }
      paths.push({ column, field: field.name, locale, fallback: project.defaultLocale, text });
      if (field.unique && column === 'data') paths.push({ column, field: field.name, locale, text });
    }
  }
  return paths;
}

/**
 * Expression indexes on `(collection_id, <value>)` for every scalar field, so that filters,
 * sorts and unique checks stay fast at 100,000 documents per collection. They are keyed by
 * expression, not by collection, so collections that share a field name share its index.
 * On PostgreSQL they are built with CREATE INDEX CONCURRENTLY, outside any transaction, so a
 * build never blocks writes to the documents table.
 */
export class ContentIndexes extends Repository {
  private readonly known = new Set<string>();

  constructor(
    db: Executor,
    dialect: Dialect,
    private readonly clock: Clock,
  ) {
    super(db, dialect);
  }

  async ensure(
    fields: readonly Field[],
    project: { locales: readonly string[]; defaultLocale: string },
  ): Promise<void> {
    for (const path of fields.flatMap((field) => indexedPaths(field, project))) {
      const name = indexName(this.dialect, path);
      if (this.known.has(name)) continue;
      const registered = await this.db
        .selectFrom('content_indexes')
        .select('name')
        .where('name', '=', name)
        .executeTakeFirst();
      if (!registered) {
        await this.build(name, valueExpression(this.dialect, path));
        await this.db
          .insertInto('content_indexes')
          .values({ name, created_at: isoNow(this.clock) })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
      this.known.add(name);
    }
  }

  private async build(name: string, expression: RawBuilder<unknown>): Promise<void> {
    if (this.dialect === 'sqlite') {
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON documents (collection_id, ${expression})`.execute(
        this.db,
      );
      return;
    }
    // One connection for the whole build: the session lock makes other instances wait for it
    // rather than see a half-built index, and CONCURRENTLY cannot run inside a transaction.
    await this.db.connection().execute(async (db) => {
      await sql`SELECT pg_advisory_lock(hashtext(${`content-index:${name}`}))`.execute(db);
      try {
        // A concurrent build that failed leaves an invalid index, which IF NOT EXISTS would keep.
        const existing = await sql<{ valid: boolean }>`SELECT i.indisvalid AS valid FROM pg_index i
          JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relname = ${name} AND n.nspname = current_schema()`.execute(db);
        if (existing.rows[0]?.valid === false) {
          await sql`DROP INDEX CONCURRENTLY IF EXISTS ${sql.id(name)}`.execute(db);
        }
        // NULLS FIRST matches SQLite's order (nulls sort lowest) in both directions.
        await sql`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${sql.id(name)} ON documents (collection_id, ${expression} NULLS FIRST)`.execute(
          db,
        );
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext(${`content-index:${name}`}))`.execute(db);
      }
    });
  }
}
