import { isDeepStrictEqual } from 'node:util';
import type { DocumentStatus, LocaleStatus } from '@plinth/contract';
import { fieldError } from '../../lib/errors.js';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type { StoredData, StoredDocument } from './stored-document.js';

/** The project's locales as publishing sees them. */
export interface ProjectLocales {
  readonly locales: readonly string[];
  readonly defaultLocale: string;
}

/** The locales a snapshot holds: what was recorded, or every locale for a snapshot from before per-locale publishing. */
export const snapshotLocales = (document: StoredDocument, project: ProjectLocales): readonly string[] =>
  document.publishedData === null ? [] : (document.publishedLocales ?? project.locales);

const valueIn = (stored: StoredData, name: string, locale: string): unknown => {
  const value = stored[name];
  return isLocaleMap(value) ? value[locale] : undefined;
};

/**
 * Whether the working copy and the snapshot hold the same values for `locale`: its values of
 * localized fields, and the shared fields too when `withShared` (they follow the default locale).
 */
function sameInLocale(
  model: CollectionModel,
  working: StoredData,
  snapshot: StoredData,
  locale: string,
  withShared: boolean,
) {
  return model.fields.every((field) =>
    field.localized
      ? isDeepStrictEqual(valueIn(working, field.name, locale), valueIn(snapshot, field.name, locale))
      : !withShared || isDeepStrictEqual(working[field.name], snapshot[field.name]),
  );
}

/**
 * Each project locale's state: `draft` where the snapshot does not hold it, `published` where
 * the working copy still equals what was published, `changed` where it has moved on. Comparing
 * values (not counting edits) means an edit undone is not a change.
 * @example localeStatuses(model, document, { locales: ['en', 'es'], defaultLocale: 'en' }) // { en: 'published', es: 'changed' }
 */
export function localeStatuses(
  model: CollectionModel,
  document: StoredDocument,
  project: ProjectLocales,
): LocaleStatus {
  const published = new Set(snapshotLocales(document, project));
  const snapshot = document.publishedData;
  const statuses: LocaleStatus = {};
  for (const locale of project.locales) {
    statuses[locale] =
      snapshot === null || !published.has(locale)
        ? 'draft'
        : sameInLocale(model, document.data, snapshot, locale, locale === project.defaultLocale)
          ? 'published'
          : 'changed';
  }
  return statuses;
}

/** The document's status from its locales: draft while nothing is published, changed when any published locale moved on. */
export function documentStatus(
  model: CollectionModel,
  document: StoredDocument,
  project: ProjectLocales,
): DocumentStatus {
  if (document.publishedData === null) return 'draft';
  const statuses = Object.values(localeStatuses(model, document, project));
  return statuses.includes('changed') ? 'changed' : 'published';
}

/**
 * The locales a publish, unpublish or schedule names, checked against the project's: null (every
 * locale) when none are named or when they are all of them.
 */
export function requestedLocales(
  locales: readonly string[] | undefined | null,
  project: ProjectLocales,
  path = 'locales',
): readonly string[] | null {
  if (!locales) return null;
  const unknown = locales.find((locale) => !project.locales.includes(locale));
  if (unknown !== undefined) {
    throw fieldError(path, `"${unknown}" is not one of the project's locales (${project.locales.join(', ')})`);
  }
  return project.locales.every((locale) => locales.includes(locale)) ? null : [...locales];
}

/** Whether a scheduled action over `scheduled` locales (null: every one) is covered by one over `done`. */
export const coversLocales = (done: readonly string[] | null, scheduled: readonly string[] | null): boolean =>
  done === null || (scheduled?.every((locale) => done.includes(locale)) ?? false);

/**
 * The snapshot after publishing `locales` (null: every locale): the working copy's values of
 * localized fields in those locales, the other locales' published values exactly as they were,
 * and the shared fields only when the default locale is published. The first publish must
 * include the default locale, whose values readers fall back to.
 */
export function publishedSnapshot(
  model: CollectionModel,
  document: StoredDocument,
  locales: readonly string[] | null,
  project: ProjectLocales,
): { data: StoredData; locales: readonly string[] } {
  if (locales === null) return { data: structuredClone(document.data), locales: [...project.locales] };
  const withShared = locales.includes(project.defaultLocale);
  if (document.publishedData === null && !withShared) {
    throw fieldError(
      'locales',
      `must include the default locale (${project.defaultLocale}): the document has not been published yet`,
    );
  }
  const data: StoredData = structuredClone(document.publishedData ?? {});
  for (const field of model.fields) {
    const working = document.data[field.name];
    if (field.localized) {
      const values: Record<string, unknown> = isLocaleMap(data[field.name]) ? { ...(data[field.name] as object) } : {};
      for (const locale of locales) {
        const value = isLocaleMap(working) ? working[locale] : undefined;
        if (value === undefined) delete values[locale];
        else values[locale] = structuredClone(value);
      }
      if (Object.keys(values).length > 0) data[field.name] = values;
      else delete data[field.name];
    } else if (withShared) {
      if (working === undefined) delete data[field.name];
      else data[field.name] = structuredClone(working);
    }
  }
  const published = new Set([...snapshotLocales(document, project), ...locales]);
  return { data, locales: project.locales.filter((locale) => published.has(locale)) };
}

/**
 * The snapshot after unpublishing `locales`, which never include the default locale (that
 * unpublishes the whole document): their values leave the localized fields, so their readers
 * get the default locale's.
 */
export function withdrawnSnapshot(
  model: CollectionModel,
  document: StoredDocument,
  locales: readonly string[],
  project: ProjectLocales,
): { data: StoredData | null; locales: readonly string[] } {
  if (document.publishedData === null) return { data: null, locales: [] };
  const data: StoredData = structuredClone(document.publishedData);
  for (const field of model.fields) {
    const values = data[field.name];
    if (!field.localized || !isLocaleMap(values)) continue;
    for (const locale of locales) delete values[locale];
  }
  return { data, locales: snapshotLocales(document, project).filter((locale) => !locales.includes(locale)) };
}
