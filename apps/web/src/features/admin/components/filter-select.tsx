import { useId } from 'react';

const CONTROL =
  'block w-full rounded-lg border-0 bg-white py-1.5 pr-8 pl-3 text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset sm:w-auto';

/** A compact labelled select that filters a list; the empty value means "all". */
export function FilterSelect<Value extends string>({
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: Value | '';
  allLabel: string;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value | '') => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap font-medium text-slate-700 text-sm">
        {label}
      </label>
      <select id={id} value={value} className={CONTROL} onChange={(event) => onChange(event.target.value as Value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
