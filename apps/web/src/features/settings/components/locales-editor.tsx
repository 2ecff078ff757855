import { Languages, Plus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { localeLabel, localeName } from '../../../lib/locale-names';
import { COMMON_LOCALES, MAX_LOCALES, parseLocale } from '../locales';
import { CONTROL_CLASS } from './field-styles';

/**
 * The project's locales: remove any but the default, add one from a list of common tags or type
 * any BCP 47 tag, and choose the default among them.
 */
export function LocalesEditor({
  locales,
  defaultLocale,
  onLocalesChange,
  onDefaultLocaleChange,
  disabled = false,
}: {
  locales: readonly string[];
  defaultLocale: string;
  onLocalesChange: (locales: string[]) => void;
  onDefaultLocaleChange: (locale: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [common, setCommon] = useState('');
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const commonSelect = useRef<HTMLSelectElement>(null);
  const isFull = locales.length >= MAX_LOCALES;
  const available = COMMON_LOCALES.filter((tag) => !locales.includes(tag))
    .map((tag) => ({ tag, name: localeName(tag) ?? tag }))
    .sort((a, b) => a.name.localeCompare(b.name));

  const add = (tag: string) => {
    onLocalesChange([...locales, tag]);
    setAnnouncement(`${localeLabel(tag)} added. Save to apply.`);
  };

  const remove = (tag: string) => {
    const index = locales.indexOf(tag);
    const rest = locales.filter((item) => item !== tag);
    onLocalesChange(rest);
    setAnnouncement(`${localeLabel(tag)} removed. Save to apply.`);
    // The button that had focus is gone: move to the locale that took its place.
    const next = rest[Math.min(index, rest.length - 1)];
    requestAnimationFrame(() => (next ? removeButtons.current.get(next) : commonSelect.current)?.focus());
  };

  const addCommon = () => {
    if (!common) return;
    add(common);
    setCommon('');
  };

  const addTyped = () => {
    const parsed = parseLocale(typed, locales);
    if ('error' in parsed) {
      setTypedError(parsed.error);
      return;
    }
    add(parsed.tag);
    setTyped('');
    setTypedError(null);
  };

  const typedPreview = (() => {
    if (!typed.trim() || typedError) return null;
    const parsed = parseLocale(typed, locales);
    return 'tag' in parsed ? localeName(parsed.tag) : null;
  })();

  return (
    <div className="space-y-6">
      <fieldset className="space-y-3" disabled={disabled}>
        <legend className="font-medium text-slate-800 text-sm">Locales</legend>
        <p className="text-slate-600 text-sm" id={`${id}-about`}>
          The languages your content is written in. Localized fields keep one value per locale; API reads ask for one
          with <code className="rounded bg-slate-100 px-1 font-mono text-xs">?locale=</code>.
        </p>
        <ul aria-label="Project locales" aria-describedby={`${id}-about`} className="flex flex-wrap gap-2">
          {locales.map((tag) => {
            const isDefault = tag === defaultLocale;
            const label = localeLabel(tag);
            return (
              <li
                key={tag}
                className="flex min-w-0 max-w-full items-center gap-2 rounded-lg bg-slate-50 py-1.5 pr-1.5 pl-3 text-sm ring-1 ring-slate-200"
              >
                <span className="min-w-0 truncate text-slate-900" title={label}>
                  {localeName(tag) ?? tag}
                </span>
                <code className="font-mono text-slate-500 text-xs">{tag}</code>
                {isDefault ? <Badge tone="accent">Default</Badge> : null}
                <button
                  type="button"
                  ref={(element) => {
                    if (element) removeButtons.current.set(tag, element);
                    else removeButtons.current.delete(tag);
                  }}
                  onClick={() => remove(tag)}
                  disabled={isDefault}
                  aria-label={`Remove ${label}`}
                  aria-describedby={isDefault ? `${id}-default-rule` : undefined}
                  title={isDefault ? 'The default locale cannot be removed' : `Remove ${label}`}
                  className="rounded-md p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
        <p id={`${id}-default-rule`} className="text-slate-500 text-xs">
          {localeLabel(defaultLocale)} is the default locale, so it cannot be removed: choose another default locale
          first.
        </p>
      </fieldset>

      <div className="space-y-3">
        <h3 id={`${id}-add`} className="font-medium text-slate-800 text-sm">
          Add a locale
        </h3>
        {isFull ? (
          <p className="text-slate-600 text-sm">
            A project can have at most {MAX_LOCALES} locales; remove one to add another.
          </p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <div className="space-y-1.5">
              <label htmlFor={`${id}-common`} className="block font-medium text-slate-700 text-xs">
                Common locale
              </label>
              <div className="flex gap-2">
                <select
                  id={`${id}-common`}
                  ref={commonSelect}
                  value={common}
                  disabled={disabled}
                  onChange={(event) => setCommon(event.target.value)}
                  className={CONTROL_CLASS}
                >
                  <option value="">Choose a language…</option>
                  {available.map(({ tag, name }) => (
                    <option key={tag} value={tag}>
                      {name} ({tag})
                    </option>
                  ))}
                </select>
                <Button variant="secondary" onClick={addCommon} disabled={disabled || !common}>
                  <Plus className="size-4" aria-hidden />
                  Add<span className="sr-only"> the chosen locale</span>
                </Button>
              </div>
            </div>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-typed`} className="block font-medium text-slate-700 text-xs">
                Other language tag (BCP 47)
              </label>
              <div className="flex gap-2">
                <input
                  id={`${id}-typed`}
                  value={typed}
                  disabled={disabled}
                  placeholder="e.g. gsw or sr-Latn"
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={typedError ? true : undefined}
                  aria-describedby={`${id}-typed-note`}
                  onChange={(event) => {
                    setTyped(event.target.value);
                    setTypedError(null);
                  }}
                  onKeyDown={(event) => {
                    // Enter adds the tag rather than submitting the whole settings form.
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addTyped();
                    }
                  }}
                  className={`${CONTROL_CLASS} font-mono`}
                />
                <Button variant="secondary" onClick={addTyped} disabled={disabled || !typed.trim()}>
                  <Plus className="size-4" aria-hidden />
                  Add<span className="sr-only"> the typed tag</span>
                </Button>
              </div>
              <p
                id={`${id}-typed-note`}
                className={`text-xs ${typedError ? 'text-red-600' : 'text-slate-500'}`}
                aria-live="polite"
              >
                {typedError ??
                  (typedPreview ? (
                    <>
                      <Languages className="mr-1 inline size-3.5" aria-hidden />
                      {typedPreview}
                    </>
                  ) : (
                    'A language, optionally with a script or region: es, pt-BR, zh-Hans.'
                  ))}
              </p>
            </div>
          </div>
        )}
      </div>

      <div className="max-w-sm space-y-1.5">
        <label htmlFor={`${id}-default`} className="block font-medium text-slate-800 text-sm">
          Default locale
        </label>
        <select
          id={`${id}-default`}
          value={defaultLocale}
          disabled={disabled}
          onChange={(event) => onDefaultLocaleChange(event.target.value)}
          aria-describedby={`${id}-default-hint`}
          className={CONTROL_CLASS}
        >
          {locales.map((tag) => (
            <option key={tag} value={tag}>
              {localeLabel(tag)}
            </option>
          ))}
        </select>
        <p id={`${id}-default-hint`} className="text-slate-500 text-xs">
          Reads without a locale get this one, and other locales fall back to it where a translation is missing. A
          document's first publish must include it.
        </p>
        <p className="sr-only" role="status">
          {announcement}
        </p>
      </div>
    </div>
  );
}
