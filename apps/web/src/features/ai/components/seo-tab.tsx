import type { Document, Field, Project } from '@plinth/contract';
import { CircleAlert, CircleCheck, CircleX, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { InputField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { fieldLabel, humanize } from '../../../lib/field-label';
import type { SeoCheckStatus, SeoReport } from '../api/seo';
import { useSeoCheck } from '../api/seo';
import { type SuggestionKind, suggestionField } from '../seo-fields';
import { valueForField } from '../text';
import { AiProblemNotice } from './ai-problem';

/** A score's band: its words and colours. */
function band(score: number) {
  if (score >= 80) return { label: 'Good', stroke: 'stroke-emerald-600', text: 'text-emerald-800' };
  if (score >= 50) return { label: 'Needs work', stroke: 'stroke-amber-500', text: 'text-amber-800' };
  return { label: 'Poor', stroke: 'stroke-red-600', text: 'text-red-800' };
}

const STATUS: Record<SeoCheckStatus, { label: string; icon: typeof CircleCheck; colour: string }> = {
  pass: { label: 'Pass', icon: CircleCheck, colour: 'text-emerald-600' },
  warn: { label: 'Warning', icon: CircleAlert, colour: 'text-amber-500' },
  fail: { label: 'Fail', icon: CircleX, colour: 'text-red-600' },
};

function ScoreRing({ score }: { score: number }) {
  const clamped = Math.max(0, Math.min(100, Math.round(score)));
  const { label, stroke, text } = band(clamped);
  const circumference = 2 * Math.PI * 42;
  return (
    <div className="flex items-center gap-4">
      <meter
        className="sr-only"
        aria-label="SEO score"
        min={0}
        max={100}
        low={50}
        high={80}
        optimum={100}
        value={clamped}
        aria-valuetext={`${clamped} of 100, ${label.toLowerCase()}`}
      />
      <div aria-hidden className="relative size-24 shrink-0">
        <svg viewBox="0 0 100 100" className="-rotate-90 size-24" aria-hidden>
          <circle cx="50" cy="50" r="42" className="fill-none stroke-slate-200" strokeWidth="10" />
          <circle
            cx="50"
            cy="50"
            r="42"
            className={`fill-none ${stroke}`}
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - clamped / 100)}
          />
        </svg>
        <span className="absolute inset-0 flex items-center justify-center font-bold text-2xl text-slate-900 tabular-nums">
          {clamped}
        </span>
      </div>
      <p className={`font-semibold ${text}`}>{label}</p>
    </div>
  );
}

/**
 * Measures the saved copy in the editor's locale for search engines: a score, each check, and,
 * with a model, a meta title, description and keywords that go into the matching field in one click.
 */
export function SeoTab({
  project,
  document,
  fields,
  locale,
  hasUnsaved,
  onChange,
}: {
  project: Project;
  document: Document | null;
  fields: readonly Field[];
  locale: string;
  hasUnsaved: boolean;
  onChange: (field: Field, value: unknown) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [used, setUsed] = useState<string | null>(null);
  const seo = useSeoCheck(project.id);

  if (!document) {
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-amber-900 text-sm ring-1 ring-amber-200">
        Save the document first: the check reads its saved copy.
      </p>
    );
  }
  const report = seo.data?.data;

  return (
    <div className="space-y-5">
      <form
        aria-label="Check SEO"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          setUsed(null);
          const focus = keyword.trim();
          seo.mutate({ document_id: document.id, locale, ...(focus ? { keyword: focus } : {}) });
        }}
      >
        <InputField
          label="Focus keyword (optional)"
          value={keyword}
          maxLength={100}
          onChange={(event) => setKeyword(event.target.value)}
          hint={`Checks the saved ${locale} copy${hasUnsaved ? '; your unsaved changes are not included' : ''}.`}
        />
        <Button type="submit" isLoading={seo.isPending} disabled={seo.isPending}>
          <Search className="size-4" aria-hidden />
          Check
        </Button>
      </form>

      {seo.isPending ? <Spinner label="Checking…" /> : null}
      {seo.isError ? <AiProblemNotice error={seo.error} /> : null}
      {report && !seo.isPending ? (
        <SeoResult
          report={report}
          fields={fields}
          used={used}
          onUse={(field, text) => {
            onChange(field, valueForField(field, text));
            setUsed(fieldLabel(field));
          }}
        />
      ) : null}
    </div>
  );
}

function SeoResult({
  report,
  fields,
  used,
  onUse,
}: {
  report: SeoReport;
  fields: readonly Field[];
  used: string | null;
  onUse: (field: Field, text: string) => void;
}) {
  const suggestions = report.suggestions;
  const items: { kind: SuggestionKind; label: string; text: string }[] = suggestions
    ? [
        { kind: 'meta_title', label: 'Meta title', text: suggestions.meta_title },
        { kind: 'meta_description', label: 'Meta description', text: suggestions.meta_description },
        {
          kind: 'keywords',
          label: 'Keywords',
          text: Array.isArray(suggestions.keywords) ? suggestions.keywords.join(', ') : suggestions.keywords,
        },
      ]
    : [];
  return (
    <section aria-label="SEO report" className="space-y-5">
      <ScoreRing score={report.score} />
      {report.checks.length === 0 ? (
        <p className="text-slate-600 text-sm">No checks were made.</p>
      ) : (
        <ul aria-label="Checks" className="space-y-2">
          {report.checks.map((check) => {
            const status = STATUS[check.status];
            const Icon = status.icon;
            return (
              <li key={check.id} className="flex gap-2.5 text-sm">
                <Icon className={`mt-0.5 size-4 shrink-0 ${status.colour}`} aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    <span className="sr-only">{status.label}: </span>
                    {humanize(check.id)}
                  </p>
                  <p className="text-slate-700 [overflow-wrap:anywhere]">{check.message}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <div className="space-y-3">
        <h3 className="font-semibold text-slate-900 text-sm">Suggestions</h3>
        {suggestions ? (
          <ul aria-label="Suggestions" className="space-y-3">
            {items.map((item) => {
              const field = suggestionField(fields, item.kind);
              return (
                <li key={item.kind} className="rounded-lg p-3 text-sm ring-1 ring-slate-200">
                  <p className="font-medium text-slate-900">{item.label}</p>
                  <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{item.text || '(none)'}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    {field && item.text ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Use as ${fieldLabel(field)}`}
                        onClick={() => onUse(field, item.text)}
                      >
                        Use
                      </Button>
                    ) : item.text ? (
                      <span className="text-slate-500 text-xs">This collection has no field for it.</span>
                    ) : null}
                    {item.text ? <CopyButton value={item.text} label={`Copy ${item.label.toLowerCase()}`} /> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-slate-600 text-sm">
            Suggestions come from the AI model, and none is set up on this server: an administrator can set
            PLINTH_AI_BASE_URL and PLINTH_AI_MODEL. The checks above need no model.
          </p>
        )}
        {used ? (
          <p role="status" className="text-emerald-800 text-sm">
            Put into {used} as an unsaved change.
          </p>
        ) : null}
      </div>
    </section>
  );
}
