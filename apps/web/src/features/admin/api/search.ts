/**
 * A query string of the set values (undefined and empty strings are left out), with its `?`.
 * @example searchOf({ status: 'pending', page: 2 }) // "?status=pending&page=2"
 */
export function searchOf(params: object): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params) as [string, unknown][]) {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
