import type { Document, Field } from '@plinth/contract';
import { readable } from './text';

/** One field a translation changed in one locale, as text without markup. */
export interface TranslatedChange {
  field: Field;
  before: string;
  after: string;
}

const isLocaleMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A localized field's value in `locale`, from a document read with every locale or with one. */
function localeValue(document: Document, field: Field, locale: string): unknown {
  const stored = document.data[field.name];
  if (document.locale === '*' || isLocaleMap(stored)) return isLocaleMap(stored) ? (stored[locale] ?? null) : null;
  return document.locale === locale ? (stored ?? null) : undefined;
}

/**
 * What a translation changed, per target locale: each localized field whose value differs from
 * the copy the editor had (only localized fields are translated).
 * @example translationReview({ before, after, fields, locales: ['fr'] }) // [{ locale: 'fr', changes: [{ field, before: '(empty)', after: 'Bonjour' }] }]
 */
export function translationReview({
  before,
  after,
  fields,
  locales,
}: {
  before: Document;
  after: Document;
  fields: readonly Field[];
  locales: readonly string[];
}): { locale: string; changes: TranslatedChange[] }[] {
  return locales.map((locale) => ({
    locale,
    changes: fields.flatMap((field) => {
      if (!field.localized) return [];
      const next = localeValue(after, field, locale);
      const previous = localeValue(before, field, locale);
      if (next === undefined || JSON.stringify(next ?? null) === JSON.stringify(previous ?? null)) return [];
      return [{ field, before: readable(previous), after: readable(next) }];
    }),
  }));
}
