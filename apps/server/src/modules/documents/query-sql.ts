import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { boundValue, textExpression, valueExpression } from './json-paths.js';
import type { Condition, Scalar, SortKey, ValueRef } from './list-query.js';

type Column = 'data' | 'published_data';
type Sql = RawBuilder<unknown>;

const TRUE = sql`1 = 1`;
const FALSE = sql`1 = 0`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Compiles parsed queries into SQL for one dialect; every name in it came from the allow-list. */
export class QueryCompiler {
  constructor(
    readonly dialect: Dialect,
    private readonly column: Column,
  ) {}

  private expr(ref: ValueRef, table = 'documents'): Sql {
    if (ref.kind === 'column') return sql.ref(`${table}.${ref.column}`);
    return valueExpression(this.dialect, { column: this.column, field: ref.field.name, locale: ref.locale });
  }

  private text(ref: ValueRef): Sql {
    if (ref.kind === 'column') return sql.ref(`documents.${ref.column}`);
    return textExpression(this.dialect, { column: this.column, field: ref.field.name, locale: ref.locale });
  }

  private bind(ref: ValueRef, value: Scalar): Sql {
    return ref.kind === 'column' ? sql`${value}` : boundValue(this.dialect, value);
  }

  private like(ref: ValueRef, pattern: string): Sql {
    const op = this.dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
    return sql`${this.text(ref)} ${op} ${pattern} ESCAPE '\\'`;
  }

  /** `value in the array stored at ref` for fields with several values. */
  private arrayContains(ref: ValueRef, value: Scalar): Sql {
    if (ref.kind === 'column') return FALSE;
    const array = valueExpression(this.dialect, { column: this.column, field: ref.field.name, locale: ref.locale });
    if (this.dialect === 'postgres') return sql`${array} @> ${JSON.stringify([value])}::jsonb`;
    return sql`EXISTS (SELECT 1 FROM json_each(${sql.ref(this.column)}, ${sql.lit(
      ref.locale ? `$.${ref.field.name}."${ref.locale}"` : `$.${ref.field.name}`,
    )}) WHERE json_each.value = ${value})`;
  }

  condition(condition: Condition, collectionFilter: (target: string) => Sql): Sql {
    if (condition.kind === 'reference') {
      const inner = this.condition(condition.inner, collectionFilter);
      const ids = sql`SELECT documents.id FROM documents WHERE ${collectionFilter(condition.target.id)} AND ${inner}`;
      const ref: ValueRef = { kind: 'field', field: condition.field, locale: undefined };
      if (condition.field.options?.multiple) {
        const path = `$.${condition.field.name}`;
        return this.dialect === 'postgres'
          ? sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${sql.ref(this.column)} -> ${sql.lit(condition.field.name)}) AS item(value) WHERE item.value IN (${ids}))`
          : sql`EXISTS (SELECT 1 FROM json_each(${sql.ref(this.column)}, ${sql.lit(path)}) WHERE json_each.value IN (${ids}))`;
      }
      return sql`${this.text(ref)} IN (${ids})`;
    }
    const { ref, op, values } = condition;
    const [first] = values as [Scalar];
    const multiple = ref.kind === 'field' && ref.field.options?.multiple === true;
    switch (op) {
      case 'exists':
        return first ? sql`${this.expr(ref)} IS NOT NULL` : sql`${this.expr(ref)} IS NULL`;
      case 'eq':
        return sql`${this.expr(ref)} = ${this.bind(ref, first)}`;
      case 'ne':
        return sql`(${this.expr(ref)} IS NULL OR ${this.expr(ref)} <> ${this.bind(ref, first)})`;
      case 'gt':
        return sql`${this.expr(ref)} > ${this.bind(ref, first)}`;
      case 'gte':
        return sql`${this.expr(ref)} >= ${this.bind(ref, first)}`;
      case 'lt':
        return sql`${this.expr(ref)} < ${this.bind(ref, first)}`;
      case 'lte':
        return sql`${this.expr(ref)} <= ${this.bind(ref, first)}`;
      case 'in':
        return sql`${this.expr(ref)} IN (${sql.join(values.map((value) => this.bind(ref, value)))})`;
      case 'nin':
        return sql`(${this.expr(ref)} IS NULL OR ${this.expr(ref)} NOT IN (${sql.join(values.map((value) => this.bind(ref, value)))}))`;
      case 'contains':
        return multiple ? this.arrayContains(ref, first) : this.like(ref, `%${likeEscape(String(first))}%`);
      case 'starts_with':
        return this.like(ref, `${likeEscape(String(first))}%`);
    }
  }

  /** ORDER BY terms: nulls sort lowest on both databases, and ties break on id. */
  orderBy(keys: readonly SortKey[]): Sql {
    const terms = keys.map(({ ref, descending }) => {
      const direction = descending ? sql`DESC` : sql`ASC`;
      const nulls = this.dialect === 'postgres' ? (descending ? sql` NULLS LAST` : sql` NULLS FIRST`) : sql``;
      return sql`${this.expr(ref)} ${direction}${nulls}`;
    });
    return sql.join([...terms, sql`documents.id ASC`]);
  }

  /**
   * Rows strictly after a cursor in the order of `keys` (keyset pagination): no duplicates or
   * gaps while paging, even when rows are added between pages.
   */
  after(keys: readonly SortKey[], values: readonly (Scalar | null)[], lastId: string): Sql {
    const alternatives: Sql[] = [];
    const equalities: Sql[] = [];
    keys.forEach((key, index) => {
      const value = values[index] ?? null;
      const expr = this.expr(key.ref);
      let greater: Sql;
      if (value === null) greater = key.descending ? FALSE : sql`${expr} IS NOT NULL`;
      else if (key.descending) greater = sql`(${expr} < ${this.bind(key.ref, value)} OR ${expr} IS NULL)`;
      else greater = sql`${expr} > ${this.bind(key.ref, value)}`;
      alternatives.push(equalities.length ? sql`(${sql.join(equalities, sql` AND `)} AND ${greater})` : greater);
      equalities.push(value === null ? sql`${expr} IS NULL` : sql`${expr} = ${this.bind(key.ref, value)}`);
    });
    const idAfter = sql`documents.id > ${lastId}`;
    alternatives.push(equalities.length ? sql`(${sql.join(equalities, sql` AND `)} AND ${idAfter})` : idAfter);
    return sql`(${sql.join(alternatives, sql` OR `)})`;
  }

  /** Documents whose text in `locale` has every term (as a word prefix). */
  search(
    terms: readonly string[],
    options: { collectionId: string; variant: 'draft' | 'published'; locale: string },
  ): Sql {
    if (this.dialect === 'postgres') {
      const tsquery = terms.map((term) => `${term}:*`).join(' & ');
      return sql`documents.id IN (SELECT document_id FROM document_search WHERE tsv @@ to_tsquery('simple', ${tsquery}) AND collection_id = ${options.collectionId} AND variant = ${options.variant} AND locale = ${options.locale})`;
    }
    const match = terms.map((term) => `"${term}"*`).join(' ');
    return sql`documents.id IN (SELECT document_id FROM document_search WHERE document_search MATCH ${match} AND collection_id = ${options.collectionId} AND variant = ${options.variant} AND locale = ${options.locale})`;
  }

  static all(parts: readonly Sql[]): Sql {
    return parts.length ? sql.join(parts, sql` AND `) : TRUE;
  }
}
