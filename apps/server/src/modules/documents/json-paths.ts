import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';

/** Where a value lives: a JSON column, a field, and for localized fields a locale. */
export interface JsonPath {
  column: 'data' | 'published_data';
  field: string;
  locale?: string | undefined;
}

// Field names (^[a-z][a-z0-9_]*$) and locales (BCP 47) are checked against the model and the
// project before they get here; these patterns make sure nothing else is ever spliced into SQL.
const FIELD = /^[a-z][a-z0-9_]{0,63}$/;
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

function assertSafe(path: JsonPath): void {
  if (!FIELD.test(path.field) || (path.locale !== undefined && !LOCALE.test(path.locale))) {
    throw new Error(`unsafe JSON path ${path.field}.${path.locale ?? ''}`);
  }
}

/**
 * The SQL expression of a stored value, written the same way here and in the expression
 * indexes so the planner can use them: `json_extract(data, '$.title."es"')` on SQLite (native
 * SQL values) and `(data -> 'title' -> 'es')` on PostgreSQL (jsonb, which orders numbers as
 * numbers and strings as strings).
 */
export function valueExpression(dialect: Dialect, path: JsonPath): RawBuilder<unknown> {
  assertSafe(path);
  if (dialect === 'sqlite') {
    const jsonPath = path.locale ? `$.${path.field}."${path.locale}"` : `$.${path.field}`;
    return sql`json_extract(${sql.ref(path.column)}, ${sql.lit(jsonPath)})`;
  }
  return path.locale
    ? sql`(${sql.ref(path.column)} -> ${sql.lit(path.field)} -> ${sql.lit(path.locale)})`
    : sql`(${sql.ref(path.column)} -> ${sql.lit(path.field)})`;
}

/** The value as text (for LIKE matching and reference ids). */
export function textExpression(dialect: Dialect, path: JsonPath): RawBuilder<string> {
  assertSafe(path);
  if (dialect === 'sqlite') return valueExpression(dialect, path) as RawBuilder<string>;
  return path.locale
    ? sql`(${sql.ref(path.column)} -> ${sql.lit(path.field)} ->> ${sql.lit(path.locale)})`
    : sql`(${sql.ref(path.column)} ->> ${sql.lit(path.field)})`;
}

/** A value bound for comparison with `valueExpression`. */
export function boundValue(dialect: Dialect, value: string | number | boolean): RawBuilder<unknown> {
  if (dialect === 'postgres') return sql`${JSON.stringify(value)}::jsonb`;
  return sql`${typeof value === 'boolean' ? (value ? 1 : 0) : value}`;
}

/** A stable index name for one JSON path. */
export function indexName(path: JsonPath): string {
  assertSafe(path);
  const locale = path.locale ? `__${path.locale.toLowerCase().replace(/-/g, '_')}` : '';
  return `cx_${path.column === 'data' ? 'd' : 'p'}_${path.field}${locale}`;
}
