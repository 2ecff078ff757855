import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { likeEscape } from '../../db/like.js';
import type { Condition, FieldRef, Scalar, SortKey, ValueRef } from './document-query.js';
import { boundValue, comparesAsText, type JsonPath, textExpression, valueExpression } from './json-paths.js';

type Column = 'data' | 'published_data';
type Sql = RawBuilder<unknown>;

const TRUE = sql`1 = 1`;
const FALSE = sql`1 = 0`;

/** Compiles parsed queries into SQL for one dialect; every name in it came from the allow-list. */
export class QueryCompiler {
  constructor(
    readonly dialect: Dialect,
    private readonly column: Column,
  ) {}

  /** A document column; readers of the snapshot filter and sort on its update time as of the last publish. */
  private columnRef(column: ValueRef & { kind: 'column' }): Sql {
    const name =
      this.column === 'published_data' && column.column === 'updated_at' ? 'published_updated_at' : column.column;
    return sql.ref(`documents.${name}`);
  }

  private path(ref: FieldRef): JsonPath {
    return {
      column: this.column,
      field: ref.field.name,
      locale: ref.locale,
      fallback: ref.fallback,
      text: comparesAsText(ref.field),
    };
  }

  private expr(ref: ValueRef): Sql {
    if (ref.kind === 'column') return this.columnRef(ref);
    return valueExpression(this.dialect, this.path(ref));
  }

  private text(ref: ValueRef): Sql {
    if (ref.kind === 'column') return this.columnRef(ref);
    return textExpression(this.dialect, this.path(ref));
  }

  private bind(ref: ValueRef, value: Scalar): Sql {
    return ref.kind === 'column' ? sql`${value}` : boundValue(this.dialect, this.path(ref), value);
  }

  private like(ref: ValueRef, pattern: string): Sql {
    const op = this.dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
    return sql`${this.text(ref)} ${op} ${pattern} ESCAPE '\\'`;
  }

  /** The items of the list stored at a field with several values, as rows of `item(value)`. */
  private arrayItems(ref: FieldRef): Sql {
    const array = valueExpression(this.dialect, this.path(ref));
    return this.dialect === 'postgres'
      ? sql`jsonb_array_elements_text(${array}) AS item(value)`
      : sql`json_each(${array}) AS item`;
  }

  /** `value in the array stored at ref` for fields with several values. */
  private arrayContains(ref: ValueRef, value: Scalar): Sql {
    if (ref.kind === 'column') return FALSE;
    if (this.dialect === 'postgres') {
      return sql`${valueExpression(this.dialect, this.path(ref))} @> ${JSON.stringify([value])}::jsonb`;
    }
    return sql`EXISTS (SELECT 1 FROM ${this.arrayItems(ref)} WHERE item.value = ${value})`;
  }

  condition(condition: Condition, collectionFilter: (target: string) => Sql): Sql {
    if (condition.kind === 'reference') {
      const inner = this.condition(condition.inner, collectionFilter);
      const ids = sql`SELECT documents.id FROM documents WHERE ${collectionFilter(condition.target.id)} AND ${inner}`;
      const { ref } = condition;
      if (ref.field.options?.multiple) {
        return sql`EXISTS (SELECT 1 FROM ${this.arrayItems(ref)} WHERE item.value IN (${ids}))`;
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

  /** Documents whose text in `locale` has every term (as a word prefix), in one collection or any of several. */
  search(
    terms: readonly string[],
    options: { collectionId: string | readonly string[]; variant: 'draft' | 'published'; locale: string },
  ): Sql {
    const ids = typeof options.collectionId === 'string' ? [options.collectionId] : options.collectionId;
    if (ids.length === 0) return FALSE;
    const inCollections =
      ids.length === 1
        ? sql`collection_id = ${ids[0]}`
        : sql`collection_id IN (${sql.join(ids.map((id) => sql`${id}`))})`;
    if (this.dialect === 'postgres') {
      const tsquery = terms.map((term) => `${term}:*`).join(' & ');
      return sql`documents.id IN (SELECT document_id FROM document_search WHERE tsv @@ to_tsquery('simple', ${tsquery}) AND ${inCollections} AND variant = ${options.variant} AND locale = ${options.locale})`;
    }
    const match = terms.map((term) => `"${term}"*`).join(' ');
    return sql`documents.id IN (SELECT document_id FROM document_search WHERE document_search MATCH ${match} AND ${inCollections} AND variant = ${options.variant} AND locale = ${options.locale})`;
  }

  static all(parts: readonly Sql[]): Sql {
    return parts.length ? sql.join(parts, sql` AND `) : TRUE;
  }
}
