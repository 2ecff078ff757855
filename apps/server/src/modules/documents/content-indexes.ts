import type { Field, FieldType } from '@plinth/contract';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { indexName, type JsonPath, valueExpression } from './json-paths.js';

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
 * Expression indexes on `(collection_id, <value>)` for every scalar field, over the working
 * copy and the published snapshot. They are keyed by field name (and locale), not by
 * collection, so collections that share a field name share its index.
 */
export class ContentIndexes {
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async ensure(fields: readonly Field[], locales: readonly string[]): Promise<void> {
    const paths: JsonPath[] = [];
    for (const field of fields) {
      if (!INDEXED_TYPES.includes(field.type) || field.options?.multiple) continue;
      for (const column of ['data', 'published_data'] as const) {
        if (field.localized) for (const locale of locales) paths.push({ column, field: field.name, locale });
        else paths.push({ column, field: field.name });
      }
    }
    for (const path of paths) {
      const name = indexName(path);
      if (this.known.has(name)) continue;
      const registered = await this.db
        .selectFrom('content_indexes')
        .select('name')
        .where('name', '=', name)
        .executeTakeFirst();
      if (!registered) {
        const expression = valueExpression(this.dialect, path);
        // NULLS FIRST on PostgreSQL matches SQLite's order (nulls sort lowest) in both directions.
        const order = this.dialect === 'postgres' ? sql` NULLS FIRST` : sql``;
        await sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON documents (collection_id, ${expression}${order})`.execute(
          this.db,
        );
        await this.db
          .insertInto('content_indexes')
          .values({ name, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
      this.known.add(name);
    }
  }
}
