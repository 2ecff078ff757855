import { blockValues } from '../collections/block-values.js';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type { StoredData } from './stored-document.js';

const idsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((id) => typeof id === 'string') : [];

/**
 * Every document id a stored copy references, in every locale, inside blocks too.
 * @example referencedIds(collection, document.data).has(authorId)
 */
export function referencedIds(collection: CollectionModel, data: StoredData): Set<string> {
  const ids = new Set<string>();
  for (const field of collection.fields) {
    if (field.type !== 'reference' && field.type !== 'blocks') continue;
    const stored = data[field.name];
    const values = field.localized && isLocaleMap(stored) ? Object.values(stored) : [stored];
    for (const value of values) {
      const found =
        field.type === 'reference'
          ? idsIn(value)
          : blockValues(value, collection.components, (inner) => inner.type === 'reference').flatMap((item) =>
              idsIn(item.value),
            );
      for (const id of found) ids.add(id);
    }
  }
  return ids;
}
