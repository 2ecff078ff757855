import type { Document, Field, Project } from '@plinth/contract';
import { ArrowRight, Languages } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ChoiceField, FieldGroup } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { fieldLabel } from '../../../lib/field-label';
import { useTranslateDocument } from '../api/translate';
import { type TranslatedChange, translationReview } from '../review';
import { AiProblemNotice } from './ai-problem';

/**
 * Translates the saved document from one locale into others with the model (written as
 * unpublished changes), then shows what changed per locale and field and reloads the editor.
 */
export function TranslateTab({
  project,
  document,
  fields,
  hasUnsaved,
  onTranslated,
}: {
  project: Project;
  document: Document | null;
  fields: readonly Field[];
  hasUnsaved: boolean;
  onTranslated: () => void;
}) {
  const [source, setSource] = useState(project.default_locale);
  const others = project.locales.filter((code) => code !== source);
  const [targets, setTargets] = useState<string[]>(others);
  const [review, setReview] = useState<{ locale: string; changes: TranslatedChange[] }[] | null>(null);
  const translate = useTranslateDocument(project.id, {
    onSuccess: (translated, body) => {
      if (document) {
        setReview(translationReview({ before: document, after: translated, fields, locales: body.target_locales }));
      }
      onTranslated();
    },
  });

  const blocked =
    project.locales.length < 2
      ? 'This project has one locale: add another in the project settings to translate into it.'
      : !document
        ? 'Save the document first: translation works on its saved copy.'
        : hasUnsaved
          ? 'Save your changes first: translation works on the saved copy, and reloading it would replace unsaved changes.'
          : null;

  return (
    <div className="space-y-4">
      {blocked ? (
        <p id="translate-blocked" className="rounded-lg bg-amber-50 p-3 text-amber-900 text-sm ring-1 ring-amber-200">
          {blocked}
        </p>
      ) : null}
      <form
        aria-label="Translate with AI"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!document || blocked || targets.length === 0) return;
          setReview(null);
          translate.mutate({ document_id: document.id, source_locale: source, target_locales: targets });
        }}
      >
        <ChoiceField
          label="Translate from"
          value={source}
          disabled={project.locales.length < 2}
          onChange={(event) => {
            setSource(event.target.value);
            setTargets(project.locales.filter((code) => code !== event.target.value));
          }}
          options={project.locales.map((code) => ({
            value: code,
            label: code === project.default_locale ? `${code} (default)` : code,
          }))}
        />
        {others.length > 0 ? (
          <FieldGroup legend="Into" error={targets.length === 0 ? 'Choose at least one locale.' : undefined}>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {others.map((code) => (
                <label key={code} className="flex items-center gap-2 text-slate-800 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    checked={targets.includes(code)}
                    onChange={(event) =>
                      setTargets((all) => (event.target.checked ? [...all, code] : all.filter((item) => item !== code)))
                    }
                  />
                  {code}
                </label>
              ))}
            </div>
          </FieldGroup>
        ) : null}
        <p className="text-slate-600 text-xs">
          The translated locales are saved as unpublished changes; their current text in those locales is replaced.
        </p>
        <Button
          type="submit"
          isLoading={translate.isPending}
          disabled={Boolean(blocked) || targets.length === 0 || translate.isPending}
          aria-describedby={blocked ? 'translate-blocked' : undefined}
        >
          <Languages className="size-4" aria-hidden />
          Translate
        </Button>
      </form>

      {translate.isPending ? (
        <Spinner
          label={`Translating into ${translate.variables?.target_locales.join(', ') ?? ''}… this can take a minute.`}
        />
      ) : null}
      {translate.isError ? <AiProblemNotice error={translate.error} note="Nothing was written." /> : null}
      {review ? <TranslationReview review={review} /> : null}
    </div>
  );
}

function TranslationReview({ review }: { review: { locale: string; changes: TranslatedChange[] }[] }) {
  return (
    <section aria-label="What the translation changed" className="space-y-4">
      <p role="status" className="font-medium text-emerald-800 text-sm">
        Translated. The editor shows the new text; publish each locale when it reads well.
      </p>
      {review.map(({ locale, changes }) => (
        <div key={locale} className="space-y-2">
          <h3 className="font-semibold text-slate-900 text-sm">{locale}</h3>
          {changes.length === 0 ? (
            <p className="text-slate-600 text-sm">No field changed.</p>
          ) : (
            <ul className="space-y-2" aria-label={`Changes in ${locale}`}>
              {changes.map((change) => (
                <li key={change.field.name} className="rounded-lg p-3 text-sm ring-1 ring-slate-200">
                  <p className="font-medium text-slate-900">{fieldLabel(change.field)}</p>
                  <div className="mt-1 grid items-start gap-1 sm:grid-cols-[1fr_auto_1fr] sm:gap-2">
                    <p className="whitespace-pre-line text-slate-500 [overflow-wrap:anywhere]">
                      <span className="sr-only">Before: </span>
                      {change.before}
                    </p>
                    <ArrowRight className="hidden size-4 text-slate-400 sm:block" aria-hidden />
                    <p className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
                      <span className="sr-only">After: </span>
                      {change.after}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
