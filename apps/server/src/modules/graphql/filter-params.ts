import { fieldError } from '../../lib/errors.js';

/** The key of a reference filter that holds conditions on the referenced document's fields. */
export const WHERE = 'where';

type OperatorInput = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function scalarText(value: unknown, path: string): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw fieldError(path, 'must be a string, a number or a boolean');
}

function operatorParams(target: string, input: OperatorInput, path: string, params: Record<string, string>): void {
  for (const [op, value] of Object.entries(input)) {
    if (value === null || value === undefined || op === WHERE) continue;
    const at = `${path}.${op}`;
    let text: string;
    if (op === 'in' || op === 'nin') {
      const values = Array.isArray(value) ? value : [value];
      if (values.length === 0) throw fieldError(at, 'must list at least one value');
      text = values
        .map((item) => {
          const part = scalarText(item, at);
          // REST separates the values with commas, so a value with a comma would become two.
          if (part.includes(',')) throw fieldError(at, 'values cannot contain commas');
          return part;
        })
        .join(',');
    } else {
      text = scalarText(value, at);
    }
    params[`filter[${target}][${op}]`] = text;
  }
}

/**
 * Turns a GraphQL filter input into the REST list query's `filter[field][op]` parameters, so the
 * documents service parses and checks them exactly as it does for REST (one allow-list, one SQL
 * builder). A reference field's `where` filters through the reference (`filter[author.name][eq]`).
 * @example filterParams({ views: { gt: 10 }, author: { where: { name: { eq: 'Ada' } } } })
 * // { 'filter[views][gt]': '10', 'filter[author.name][eq]': 'Ada' }
 */
export function filterParams(filter: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (!isObject(filter)) return params;
  for (const [name, input] of Object.entries(filter)) {
    if (!isObject(input)) continue;
    operatorParams(name, input, `filter.${name}`, params);
    const where = input[WHERE];
    if (!isObject(where)) continue;
    for (const [subName, subInput] of Object.entries(where)) {
      if (isObject(subInput)) operatorParams(`${name}.${subName}`, subInput, `filter.${name}.where.${subName}`, params);
    }
  }
  return params;
}
