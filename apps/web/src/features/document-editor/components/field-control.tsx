import type { Field } from '@plinth/contract';
import { type ReactNode, useId, useState } from 'react';
import { CONTROL } from '../../../components/ui/form-field';
import { fieldLabel } from '../../../lib/field-label';
import { sameValue } from '../conflicts';
import { fromDateTimeInput, toDateTimeInput, toJsonText } from '../field-values';

export interface FieldControlProps {
  field: Field;
  /** The value in the locale being edited (null: none). */
  value: unknown;
  /** A localized field's default-locale value, shown where this locale has none. */
  fallback: unknown;
  /** The locale being edited, when the field is localized and it is not the default. */
  fallbackLocale: string | null;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * One field of a document, with the control its type needs: its label, help, the default
 * locale's value as a hint where this locale has none, and the server's error below it.
 */
export function FieldControl({ field, value, fallback, fallbackLocale, error, readOnly, onChange }: FieldControlProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showsFallback = fallbackLocale !== null && (value === null || value === '') && fallback !== null;
  const hints = [
    field.help,
    showsFallback ? `Empty: readers get the ${fallbackLocale} value, “${text(fallback).slice(0, 120)}”` : null,
    field.type === 'slug' && field.options?.from
      ? `Left empty, it is made from ${field.options.from} when saved.`
      : null,
  ].filter(Boolean);
  const described = [error ? errorId : null, hints.length > 0 ? hintId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    readOnly,
    className: CONTROL,
  } as const;

  let control: ReactNode;
  switch (field.type) {
    case 'longtext':
      control = (
        <textarea {...common} rows={4} value={text(value)} onChange={(event) => onChange(event.target.value)} />
      );
      break;
    case 'number':
    case 'integer':
      control = (
        <input
          {...common}
          type="number"
          inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
          step={field.type === 'integer' ? 1 : 'any'}
          min={field.options?.min}
          max={field.options?.max}
          value={text(value)}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        />
      );
      break;
    case 'boolean':
      return (
        <div className="flex items-start gap-3" data-field={field.name}>
          <input
            id={id}
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            checked={value === true}
            disabled={readOnly}
            aria-describedby={described}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.target.checked)}
          />
          <div>
            <label htmlFor={id} className="font-medium text-slate-800 text-sm">
              <FieldName field={field} />
            </label>
            <Hints id={hintId} hints={hints} />
            <FieldError id={errorId} error={error} />
          </div>
        </div>
      );
    case 'date':
      control = (
        <input {...common} type="date" value={text(value)} onChange={(event) => onChange(event.target.value || null)} />
      );
      break;
    case 'datetime':
      control = (
        <input
          {...common}
          type="datetime-local"
          value={toDateTimeInput(value)}
          onChange={(event) => onChange(fromDateTimeInput(event.target.value))}
        />
      );
      break;
    case 'select':
      if (field.options?.multiple) {
        const chosen = Array.isArray(value) ? value.map(String) : [];
        return (
          <fieldset aria-describedby={described} aria-invalid={error ? true : undefined} data-field={field.name}>
            <legend className="font-medium text-slate-800 text-sm">
              <FieldName field={field} />
            </legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {(field.options.choices ?? []).map((choice) => (
                <label key={choice} className="flex items-center gap-2 text-slate-700 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300 text-indigo-600"
                    checked={chosen.includes(choice)}
                    disabled={readOnly}
                    onChange={(event) =>
                      onChange(event.target.checked ? [...chosen, choice] : chosen.filter((item) => item !== choice))
                    }
                  />
                  {choice}
                </label>
              ))}
            </div>
            <Hints id={hintId} hints={hints} />
            <FieldError id={errorId} error={error} />
          </fieldset>
        );
      }
      control = (
        <select
          {...common}
          disabled={readOnly}
          value={text(value)}
          onChange={(event) => onChange(event.target.value || null)}
        >
          <option value="">None</option>
          {(field.options?.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      );
      break;
    case 'json':
      control = <JsonControl common={common} value={value} onChange={onChange} />;
      break;
    default:
      control = (
        <input
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text'}
          maxLength={field.options?.max_length}
          value={text(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
  return (
    <div className="space-y-1.5" data-field={field.name}>
      <label htmlFor={id} className="block font-medium text-slate-800 text-sm">
        <FieldName field={field} />
      </label>
      {control}
      <Hints id={hintId} hints={hints} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** Whether a json field's text stands for `value` (empty text is null). */
function draftMeans(draft: string, value: unknown): boolean {
  if (draft.trim() === '') return value === null || value === undefined;
  try {
    return sameValue(JSON.parse(draft), value);
  } catch {
    return false;
  }
}

/** A json field: edited as text, saved only once it parses (the problem is said until then). */
function JsonControl({
  common,
  value,
  onChange,
}: {
  common: Record<string, unknown>;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const [draft, setDraft] = useState(() => toJsonText(value));
  const [problem, setProblem] = useState<string | null>(null);
  // A value from outside (someone else's save, a copy from another locale) replaces the text;
  // the value this box just sent does not, so what is being typed keeps its form.
  const [shown, setShown] = useState(value);
  if (!sameValue(shown, value)) {
    setShown(value);
    if (!draftMeans(draft, value)) {
      setDraft(toJsonText(value));
      setProblem(null);
    }
  }
  return (
    <>
      <textarea
        {...common}
        rows={6}
        spellCheck={false}
        className={`${CONTROL} font-mono`}
        value={draft}
        aria-invalid={problem ? true : (common['aria-invalid'] as boolean | undefined)}
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value.trim() === '') {
            setProblem(null);
            onChange(null);
            return;
          }
          try {
            onChange(JSON.parse(event.target.value));
            setProblem(null);
          } catch {
            setProblem('Not valid JSON yet: it is saved once it is');
          }
        }}
      />
      {problem ? <p className="text-amber-800 text-sm">{problem}</p> : null}
    </>
  );
}

/**
 * A field's name as every editor of a field shows it: its label, a required mark (read out as
 * "required"), and whether it is translated per locale.
 */
export function FieldName({ field }: { field: Field }) {
  return (
    <>
      {fieldLabel(field)}
      {field.required ? (
        <span className="ml-0.5 text-red-700">
          <span aria-hidden>*</span>
          <span className="sr-only">(required)</span>
        </span>
      ) : null}
      {field.localized ? <span className="ml-2 font-normal text-slate-500 text-xs">translatable</span> : null}
    </>
  );
}

function Hints({ id, hints }: { id: string; hints: readonly (string | null | undefined)[] }) {
  if (hints.length === 0) return null;
  return (
    <p id={id} className="text-slate-500 text-xs">
      {hints.join(' ')}
    </p>
  );
}

function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="text-red-600 text-sm">
      {error}
    </p>
  ) : null;
}
