import type { FieldType, FilterOperator } from './content.js';

// Which list filters and sorts each kind of value takes, written once: the server refuses any
// other operator or sort with a 400 from this table, and the content list offers from it.

/** What a list filter or sort points at: a field of this type, a document timestamp, or the document id. */
export type QueryValueType = FieldType | 'timestamp' | 'id';

/** What a list can do with one kind of value. */
export interface QueryRule {
  /** The filter operators it takes, the most asked-for first; any other is a 400. */
  readonly operators: readonly FilterOperator[];
  /** Whether `sort` takes it. */
  readonly isSortable: boolean;
}

/** Words: matched by pattern, compared, and ordered by code point. */
const TEXT: QueryRule = {
  operators: ['contains', 'starts_with', 'eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'exists'],
  isSortable: true,
};
/** Numbers and dates: compared and ordered, never matched by pattern. */
const ORDERED: QueryRule = {
  operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'exists'],
  isSortable: true,
};
/** Ids of other documents and assets: equal or not, with no order worth sorting by. */
const POINTER: QueryRule = { operators: ['eq', 'ne', 'in', 'nin', 'exists'], isSortable: false };
/** Structured values (objects, lists of blocks): present or not. */
const PRESENCE: QueryRule = { operators: ['exists'], isSortable: false };

/** The rule of each type when it holds one value. */
export const QUERY_RULES: Readonly<Record<QueryValueType, QueryRule>> = {
  text: TEXT,
  email: TEXT,
  url: TEXT,
  slug: TEXT,
  // Long values: matched and compared whole, but an order of paragraphs means nothing.
  longtext: { operators: ['contains', 'starts_with', 'eq', 'ne', 'in', 'nin', 'exists'], isSortable: false },
  // HTML: equality and order on markup mean nothing; words in it are matched by pattern.
  richtext: { operators: ['contains', 'starts_with', 'exists'], isSortable: false },
  number: ORDERED,
  integer: ORDERED,
  date: ORDERED,
  datetime: ORDERED,
  timestamp: ORDERED,
  // Ids are UUIDv7: they compare and sort in creation order.
  id: ORDERED,
  boolean: { operators: ['eq', 'ne', 'in', 'nin', 'exists'], isSortable: true },
  select: {
    operators: ['eq', 'ne', 'in', 'nin', 'contains', 'starts_with', 'gt', 'gte', 'lt', 'lte', 'exists'],
    isSortable: true,
  },
  reference: POINTER,
  media: POINTER,
  json: PRESENCE,
  blocks: PRESENCE,
};

/** The rule of a field with several values (`options.multiple`): `contains` tests for one of its items. */
export const MULTIPLE_VALUES_QUERY_RULE: QueryRule = { operators: ['contains', 'exists'], isSortable: false };

/**
 * What a list can do with a value of this type, holding one value or several.
 * @example queryRuleOf({ type: 'select', isMultiple: true }).operators // ['contains', 'exists']
 */
export function queryRuleOf(value: { type: QueryValueType; isMultiple?: boolean }): QueryRule {
  return value.isMultiple ? MULTIPLE_VALUES_QUERY_RULE : QUERY_RULES[value.type];
}
