/**
 * Where a value holds a NUL character (in a string or an object key, at any depth), as a dotted
 * path from `path`, or null. Nothing can store one: PostgreSQL refuses it in text and jsonb, and
 * SQLite's LIKE stops at it; so written values with one are refused on both databases.
 * @example nulPath({ data: { title: 'a\u0000b' } }, '') // 'data.title'
 */
export function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path || 'body';
    const found = nulPath(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}
