import type { FilterOperator } from '@plinth/contract';
import { fieldError } from '../../lib/errors.js';
import type { DocumentFilter, Scalar } from '../documents/document-query.js';

/** The key of a reference filter that holds conditions on the referenced document's fields. */
export const WHERE = 'where';

type OperatorInput = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function scalar(value: unknown, path: string): Scalar {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw fieldError(path, 'must be a string, a number or a boolean');
}

function conditions(field: string, input: OperatorInput, path: string): DocumentFilter[] {
  const found: DocumentFilter[] = [];
  for (const [op, value] of Object.entries(input)) {
    if (value === null || value === undefined || op === WHERE) continue;
    const at = `${path}.${op}`;
    if (op === 'in' || op === 'nin') {
      const values = Array.isArray(value) ? value : [value];
      if (values.length === 0) throw fieldError(at, 'must list at least one value');
      found.push({ field, op, value: values.map((item) => scalar(item, at)) });
    } else {
      found.push({ field, op: op as FilterOperator, value: scalar(value, at) });
    }
  }
  return found;
}

/**
 * A GraphQL filter input as the typed conditions of a document list, which the documents
 * service checks exactly as it does REST's (one allow-list, one SQL builder). Values keep their
 * GraphQL types, and lists stay lists, so a value may hold a comma. A reference field's `where`
 * filters through the reference (`author.name`).
 * @example documentFilters({ views: { gt: 10 }, author: { where: { name: { eq: 'Ada' } } } })
 * // [{ field: 'views', op: 'gt', value: 10 }, { field: 'author.name', op: 'eq', value: 'Ada' }]
 */
export function documentFilters(filter: unknown): DocumentFilter[] {
  if (!isObject(filter)) return [];
  const found: DocumentFilter[] = [];
  for (const [name, input] of Object.entries(filter)) {
    if (!isObject(input)) continue;
    found.push(...conditions(name, input, `filter.${name}`));
    const where = input[WHERE];
    if (!isObject(where)) continue;
    for (const [subName, subInput] of Object.entries(where)) {
      if (isObject(subInput))
        found.push(...conditions(`${name}.${subName}`, subInput, `filter.${name}.where.${subName}`));
    }
  }
  return found;
}
