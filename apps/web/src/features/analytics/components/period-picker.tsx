import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { toDateInput } from '../../../lib/format';
import {
  type AnalyticsPeriod,
  allowsHourly,
  type CustomRangeErrors,
  defaultGranularity,
  earliestDay,
  type Granularity,
  MAX_HOURLY_DAYS,
  type PeriodKind,
  PRESETS,
  RETENTION_DAYS,
  requestRange,
  validateCustomRange,
} from '../utils/period';

/** A row of radio buttons drawn as a segmented control (arrow keys move between them). */
function Segmented<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string; disabled?: boolean; title?: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 font-medium text-slate-600 text-xs">{legend}</legend>
      <div className="inline-flex max-w-full flex-wrap rounded-lg bg-slate-100 p-0.5 ring-1 ring-slate-200">
        {options.map((option) => (
          <label
            key={option.value}
            title={option.title}
            className={`relative ${option.disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span className="block whitespace-nowrap rounded-md px-3 py-1.5 font-medium text-slate-600 text-sm peer-checked:bg-white peer-checked:text-slate-900 peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-600 peer-disabled:opacity-50 hover:text-slate-900">
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The custom range's first and last day for the form: the current period's, or the last week. */
function initialRange(period: AnalyticsPeriod): { from: string; to: string } {
  if (period.kind === 'custom' && period.from && period.to) return { from: period.from, to: period.to };
  const now = new Date();
  return { from: toDateInput(new Date(requestRange(period, now).from)), to: toDateInput(now) };
}

/**
 * Chooses the analytics period (24 hours, 7 days, 30 days or two dates) and hourly or daily
 * points. Presets apply at once; a custom range applies when its dates are valid.
 */
export function PeriodPicker({
  period,
  onChange,
  status,
}: {
  period: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
  /** Said beside the controls (updating…). */
  status?: ReactNode;
}) {
  const [editingCustom, setEditingCustom] = useState(false);
  const [range, setRange] = useState(() => initialRange(period));
  const [errors, setErrors] = useState<CustomRangeErrors>({});
  const formId = useId();
  const shownKind: PeriodKind = editingCustom ? 'custom' : period.kind;
  const hourlyAllowed = allowsHourly(period);

  const choose = (kind: PeriodKind) => {
    if (kind === 'custom') {
      setRange(initialRange(period));
      setErrors({});
      setEditingCustom(true);
      return;
    }
    setEditingCustom(false);
    onChange({ kind, granularity: defaultGranularity({ kind }) });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCustomRange(range.from, range.to);
    setErrors(found);
    if (found.from || found.to) return;
    const next = { kind: 'custom' as const, from: range.from, to: range.to };
    const granularity =
      period.kind === 'custom' && (period.granularity === 'day' || allowsHourly(next))
        ? period.granularity
        : defaultGranularity(next);
    setEditingCustom(false);
    onChange({ ...next, granularity });
  };

  const now = new Date();
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <Segmented<PeriodKind>
          legend="Period"
          name={`${formId}-period`}
          value={shownKind}
          options={[
            ...PRESETS.map((preset) => ({ value: preset.kind, label: preset.label })),
            { value: 'custom', label: 'Custom' },
          ]}
          onChange={choose}
        />
        <Segmented<Granularity>
          legend="Points"
          name={`${formId}-granularity`}
          value={period.granularity}
          options={[
            {
              value: 'hour',
              label: 'Hourly',
              disabled: !hourlyAllowed,
              ...(hourlyAllowed ? {} : { title: `Hourly points cover at most ${MAX_HOURLY_DAYS} days` }),
            },
            { value: 'day', label: 'Daily' },
          ]}
          onChange={(granularity) => onChange({ ...period, granularity })}
        />
        {status ? <div className="ml-auto self-center text-slate-500 text-sm">{status}</div> : null}
      </div>
      {!hourlyAllowed ? (
        <p className="mt-2 text-slate-500 text-xs">
          Hourly points cover at most {MAX_HOURLY_DAYS} days; this range is shown by day.
        </p>
      ) : null}
      {editingCustom ? (
        <form
          noValidate
          onSubmit={apply}
          aria-label="Custom period"
          className="mt-4 flex flex-wrap items-start gap-3 border-slate-100 border-t pt-4"
        >
          <div className="w-full sm:w-44">
            <InputField
              label="From"
              type="date"
              value={range.from}
              min={earliestDay(now)}
              max={toDateInput(now)}
              error={errors.from}
              onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
            />
          </div>
          <div className="w-full sm:w-44">
            <InputField
              label="To"
              type="date"
              value={range.to}
              min={earliestDay(now)}
              max={toDateInput(now)}
              error={errors.to}
              onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
            />
          </div>
          <div className="flex gap-2 sm:pt-6">
            <Button type="submit">Apply</Button>
            <Button variant="ghost" onClick={() => setEditingCustom(false)}>
              Cancel
            </Button>
          </div>
          <p className="w-full text-slate-500 text-xs">
            Both days are included, in your time zone. Analytics are kept for {RETENTION_DAYS} days.
          </p>
        </form>
      ) : null}
    </div>
  );
}
