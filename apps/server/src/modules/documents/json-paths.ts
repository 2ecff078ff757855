import { createHash } from 'node:crypto';
import type { Field, FieldType } from '@plinth/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';

/** Where a value lives: a JSON column, a field, and for localized fields a locale. */
export interface JsonPath {
  column: 'data' | 'published_data';
  field: string;
  locale?: string | undefined;
  /** The default locale, read where the value in `locale` is missing (as reads fall back). */
  fallback?: string | undefined;
  /**
   * The value is a string compared as text: bytewise, in Unicode code point order, on both
   * databases (SQLite compares bytes; PostgreSQL would otherwise use the database's collation).
   */
  text: boolean;
}

/** Field types whose single values are strings, so filters and sorts compare them as text. */
const TEXT_TYPES: readonly FieldType[] = [
  'text',
  'longtext',
  'richtext',
  'email',
  'url',
  'slug',
  'select',
  'date',
  'datetime',
  'reference',
  'media',
];

/** Whether a field's stored value is compared as text (single string values; lists stay JSON). */
export const comparesAsText = (field: Pick<Field, 'type' | 'options'>): boolean =>
  TEXT_TYPES.includes(field.type) && !field.options?.multiple;

// Field names (^[a-z][a-z0-9_]*$) and locales (BCP 47) are checked against the model and the
// project before they get here; these patterns make sure nothing else is ever spliced into SQL.
const FIELD = /^[a-z][a-z0-9_]{0,63}$/;
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

function assertSafe(path: JsonPath): void {
  const badLocale = (locale: string | undefined) => locale !== undefined && !LOCALE.test(locale);
  if (!FIELD.test(path.field) || badLocale(path.locale) || badLocale(path.fallback)) {
    throw new Error(`unsafe JSON path ${path.field}.${path.locale ?? ''}`);
  }
}

/** The value at one locale (or none): jsonb, or text with `->>` on PostgreSQL. */
function at(dialect: Dialect, path: JsonPath, locale: string | undefined): RawBuilder<unknown> {
  const column = sql.ref(path.column);
  if (dialect === 'sqlite') {
    return sql`json_extract(${column}, ${sql.lit(locale ? `$.${path.field}."${locale}"` : `$.${path.field}`)})`;
  }
  const field = sql.lit(path.field);
  if (!locale) return path.text ? sql`(${column} ->> ${field})` : sql`(${column} -> ${field})`;
  return path.text
    ? sql`(${column} -> ${field} ->> ${sql.lit(locale)})`
    : sql`(${column} -> ${field} -> ${sql.lit(locale)})`;
}

/**
 * The SQL expression of a stored value, written the same way here and in the expression
 * indexes so the planner can use them: `json_extract(data, '$.title."es"')` on SQLite (native
 * SQL values); on PostgreSQL `(data -> 'views')` as jsonb (numbers order as numbers) and text
 * values as `((data -> 'title' ->> 'es') COLLATE "C")`. With a fallback locale the value is
 * `COALESCE(value in locale, value in fallback)`, as reads return it.
 */
export function valueExpression(dialect: Dialect, path: JsonPath): RawBuilder<unknown> {
  assertSafe(path);
  const value = path.fallback
    ? sql`COALESCE(${at(dialect, path, path.locale)}, ${at(dialect, path, path.fallback)})`
    : at(dialect, path, path.locale);
  return dialect === 'postgres' && path.text ? sql`(${value} COLLATE "C")` : value;
}

/** The value as text (for LIKE matching), whatever its JSON type. */
export function textExpression(dialect: Dialect, path: JsonPath): RawBuilder<string> {
  return valueExpression(dialect, { ...path, text: true }) as RawBuilder<string>;
}

/** A value bound for comparison with `valueExpression` of the same path. */
export function boundValue(dialect: Dialect, path: JsonPath, value: string | number | boolean): RawBuilder<unknown> {
  if (dialect === 'postgres') return path.text ? sql`${String(value)}` : sql`${JSON.stringify(value)}::jsonb`;
  return sql`${typeof value === 'boolean' ? (value ? 1 : 0) : value}`;
}

/** PostgreSQL cuts identifiers at 63 bytes; names stay below it. */
const MAX_NAME = 63;

/**
 * A stable index name for one indexed expression: readable, and unique through a hash of the
 * whole path, so two long field names never share (or lose) an index, and an index whose
 * expression changes gets a new name.
 */
export function indexName(dialect: Dialect, path: JsonPath): string {
  assertSafe(path);
  const hash = createHash('sha256')
    .update(JSON.stringify([dialect, path]))
    .digest('hex')
    .slice(0, 12);
  const locale = path.locale ? `_${path.locale.toLowerCase().replace(/-/g, '_')}` : '';
  const readable = `cx_${path.column === 'data' ? 'd' : 'p'}_${path.field}${locale}`;
  return `${readable.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}
