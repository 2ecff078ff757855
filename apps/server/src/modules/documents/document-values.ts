import { type Field, MAX_SLUG_LENGTH, toSlug } from '@plinth/contract';
import { AppError } from '../../lib/errors.js';
import { carryHiddenValues } from '../collections/block-values.js';
import { checkValue, type ValueProblem } from '../collections/field-values.js';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type { ProjectModel } from '../collections/model-cache.js';
import type { StoredData } from './stored-document.js';

/** The 400 of a write whose values do not fit the model: the first problem in the message, all in details. */
export function validationError(problems: ValueProblem[]): AppError {
  const [first] = problems;
  return new AppError('VALIDATION_FAILED', first ? `${first.path} ${first.message}` : 'The data is invalid', problems);
}

/** One field's stored value in a locale (shared fields have one value for all). */
export function storedValue(data: StoredData, field: Field, locale: string): unknown {
  const value = data[field.name];
  return field.localized ? (isLocaleMap(value) ? value[locale] : undefined) : value;
}

/**
 * Merges flat input values for one locale into stored data, checking each against the model:
 * values, defaults of a new document, generated slugs and required fields. null or "" removes a
 * value (for localized fields, only this locale's). Callers that do not see hidden fields
 * cannot write them: to them they do not exist, and inside blocks their values are kept.
 * @example mergeValues({ model, collection, stored: {}, input: { title: 'Hi' }, locale: 'en', defaultLocale: 'en', isNew: true, seesHidden: true })
 */
export function mergeValues(options: {
  model: ProjectModel;
  collection: CollectionModel;
  stored: StoredData;
  input: Record<string, unknown>;
  locale: string;
  defaultLocale: string;
  isNew: boolean;
  seesHidden: boolean;
}): StoredData {
  const { collection, input, locale, defaultLocale, seesHidden } = options;
  const data: StoredData = structuredClone(options.stored);
  const problems: ValueProblem[] = [];
  const fieldsByName = new Map(collection.fields.map((field) => [field.name, field]));
  const put = (field: Field, value: unknown, valueLocale: string) => {
    if (field.localized) {
      const map = isLocaleMap(data[field.name]) ? { ...(data[field.name] as Record<string, unknown>) } : {};
      if (value === undefined) delete map[valueLocale];
      else map[valueLocale] = value;
      if (Object.keys(map).length === 0) delete data[field.name];
      else data[field.name] = map;
    } else if (value === undefined) delete data[field.name];
    else data[field.name] = value;
  };
  const current = (field: Field, valueLocale: string): unknown => storedValue(data, field, valueLocale);

  for (const [name, value] of Object.entries(input)) {
    const field = fieldsByName.get(name);
    if (!field || (field.hidden && !seesHidden)) {
      problems.push({ path: `data.${name}`, message: 'is not a field of this collection' });
      continue;
    }
    if (value === null || value === '') {
      put(field, undefined, locale);
      continue;
    }
    const context = { components: options.model.componentFields, hiddenWritable: seesHidden };
    const checked = checkValue(field, value, `data.${name}`, context);
    problems.push(...checked.problems);
    if (checked.problems.length > 0) continue;
    put(
      field,
      field.type === 'blocks' && !seesHidden
        ? carryHiddenValues(checked.value, current(field, locale), context.components)
        : checked.value,
      locale,
    );
  }

  for (const field of collection.fields) {
    if (
      options.isNew &&
      field.default !== undefined &&
      field.default !== null &&
      current(field, field.localized ? locale : defaultLocale) === undefined &&
      !(field.name in input)
    ) {
      put(field, field.default, locale);
    }
    if (field.type === 'slug' && field.options?.from && current(field, locale) === undefined) {
      const source = fieldsByName.get(field.options.from);
      const text = source ? current(source, source.localized ? locale : defaultLocale) : undefined;
      if (typeof text === 'string' && toSlug(text, MAX_SLUG_LENGTH)) put(field, toSlug(text, MAX_SLUG_LENGTH), locale);
    }
    if (
      field.required &&
      !(field.hidden && !seesHidden) &&
      current(field, field.localized ? defaultLocale : locale) === undefined
    ) {
      const message =
        field.localized && locale !== defaultLocale
          ? `is required (in ${defaultLocale}, the default locale)`
          : 'is required';
      if (!problems.some((problem) => problem.path === `data.${field.name}`))
        problems.push({ path: `data.${field.name}`, message });
    }
  }
  if (problems.length > 0) throw validationError(problems);
  return data;
}
