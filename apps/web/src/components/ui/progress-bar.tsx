/** How far a long task has come: a bar with its label and "3 of 10" for everyone, screen readers too. */
export function ProgressBar({
  label,
  value,
  max,
  tone = 'accent',
}: {
  label: string;
  value: number;
  max: number;
  tone?: 'accent' | 'danger';
}) {
  const percent = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-slate-600 tabular-nums">
          {value} of {max}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={`${value} of ${max}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-200 motion-reduce:transition-none ${tone === 'danger' ? 'bg-red-600' : 'bg-indigo-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
