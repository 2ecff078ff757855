import type { Field } from '@plinth/contract';
import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { fieldLabel } from '../../../lib/field-label';
import { localeLabel } from '../../../lib/locale-names';
import { readableValue } from '../field-values';

/** A value with nothing in it to translate. */
export const isBlank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && readableValue(value) === '(empty)') ||
  (Array.isArray(value) && value.length === 0);

/**
 * How far each locale is translated: of the localized fields that have a value in `source`,
 * how many have one in the locale too (unsaved changes included).
 */
export function translationProgress(
  fields: readonly Field[],
  locales: readonly string[],
  source: string,
  localeValue: (field: Field, locale: string) => unknown,
): { locale: string; done: number; total: number }[] {
  const toTranslate = fields.filter((field) => field.localized && !isBlank(localeValue(field, source)));
  return locales
    .filter((locale) => locale !== source)
    .map((locale) => ({
      locale,
      done: toTranslate.filter((field) => !isBlank(localeValue(field, locale))).length,
      total: toTranslate.length,
    }));
}

/**
 * Translation side by side: each localized field's value in the source locale, read-only, next
 * to its editor in the locale being translated, with how complete every locale is above.
 */
export function TranslationView({
  fields,
  locales,
  source,
  target,
  onSourceChange,
  localeValue,
  renderTarget,
  onCopy,
}: {
  fields: readonly Field[];
  locales: readonly string[];
  source: string;
  target: string;
  onSourceChange: (locale: string) => void;
  localeValue: (field: Field, locale: string) => unknown;
  /** The editor of a field in the target locale. */
  renderTarget: (field: Field) => ReactNode;
  /** Fills the target locale with the source's value, to edit from. */
  onCopy: (field: Field, value: unknown) => void;
}) {
  const localized = fields.filter((field) => field.localized);
  const shared = fields.length - localized.length;
  const progress = translationProgress(fields, locales, source, localeValue);

  return (
    <div className="space-y-5">
      <section aria-label="Translation progress" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {/* Bars of "0 of 0" would say nothing: with nothing in the source, there is nothing to measure. */}
        {localized.length > 0 && progress.every((item) => item.total === 0) ? (
          <p className="text-slate-600 text-sm sm:col-span-2 lg:col-span-3">
            Nothing is written in {localeLabel(source)} yet: there is nothing to translate from it.
          </p>
        ) : (
          progress.map((item) => (
            <ProgressBar key={item.locale} label={localeLabel(item.locale)} value={item.done} max={item.total} />
          ))
        )}
      </section>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="translation-source" className="font-medium text-slate-700">
          Translate from
        </label>
        <select
          id="translation-source"
          value={source}
          onChange={(event) => onSourceChange(event.target.value)}
          className="rounded-lg border-0 py-1.5 pr-8 pl-3 text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
        >
          {locales
            .filter((locale) => locale !== target)
            .map((locale) => (
              <option key={locale} value={locale}>
                {localeLabel(locale)}
              </option>
            ))}
        </select>
        <span className="text-slate-600">into {localeLabel(target)}</span>
      </div>
      {localized.length === 0 ? (
        <p className="text-slate-600 text-sm">This collection has no localized fields: every field is shared.</p>
      ) : null}
      <ul className="space-y-5">
        {localized.map((field) => {
          const original = localeValue(field, source);
          return (
            <li key={field.name} className="grid gap-3 md:grid-cols-2">
              <div className="min-w-0 space-y-1.5">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-medium text-slate-900 text-sm">
                    {fieldLabel(field)} <span className="font-normal text-slate-500">({source})</span>
                  </h3>
                  {!isBlank(original) ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onCopy(field, original)}
                      aria-label={`Copy ${fieldLabel(field)} from ${source}`}
                    >
                      <Copy className="size-4" aria-hidden />
                      Copy
                    </Button>
                  ) : null}
                </div>
                <p className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-slate-700 text-sm ring-1 ring-slate-200">
                  {readableValue(original)}
                </p>
              </div>
              <div className="min-w-0">{renderTarget(field)}</div>
            </li>
          );
        })}
      </ul>
      {shared > 0 ? (
        <p className="text-slate-600 text-sm">
          {shared === 1 ? 'One field is' : `${shared} fields are`} the same in every locale and edited in the full form.
        </p>
      ) : null}
    </div>
  );
}
