import { isDeepStrictEqual } from 'node:util';
import type { Field, VersionChange } from '@plinth/contract';
import { isLocaleMap } from '../collections/model.js';

type Stored = Record<string, unknown>;

/**
 * Field-by-field changes between two stored states; localized fields are compared per locale
 * (`title.es`). Fields no longer in the model are compared too, so history shows what was
 * removed.
 * @example diffData(fields, { title: { en: 'A' } }, { title: { en: 'B' } })
 *   // [{ path: 'title.en', before: 'A', after: 'B' }]
 */
export function diffData(fields: readonly Field[], before: Stored, after: Stored): VersionChange[] {
  const localized = new Set(fields.filter((field) => field.localized).map((field) => field.name));
  const names = [...new Set([...fields.map((field) => field.name), ...Object.keys(before), ...Object.keys(after)])];
  const changes: VersionChange[] = [];
  for (const name of names) {
    const a = before[name];
    const b = after[name];
    if (localized.has(name) && (isLocaleMap(a) || isLocaleMap(b))) {
      const mapA = isLocaleMap(a) ? a : {};
      const mapB = isLocaleMap(b) ? b : {};
      for (const locale of [...new Set([...Object.keys(mapA), ...Object.keys(mapB)])].sort()) {
        if (!isDeepStrictEqual(mapA[locale], mapB[locale])) {
          changes.push({ path: `${name}.${locale}`, before: mapA[locale] ?? null, after: mapB[locale] ?? null });
        }
      }
    } else if (!isDeepStrictEqual(a, b)) {
      changes.push({ path: name, before: a ?? null, after: b ?? null });
    }
  }
  return changes;
}

/** Names of the top-level fields that differ (a version's `changed_fields`). */
export const changedFieldNames = (fields: readonly Field[], before: Stored, after: Stored): string[] => [
  ...new Set(diffData(fields, before, after).map((change) => change.path.split('.')[0] as string)),
];
