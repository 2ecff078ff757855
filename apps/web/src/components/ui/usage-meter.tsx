import { Badge } from './badge';

/** From this share of a limit on, a meter warns. */
export const USAGE_WARNING_SHARE = 0.8;

export type UsageState = 'ok' | 'warning' | 'reached' | 'over' | 'unlimited';

/** Where a use stands against its limit: under 80 %, past it, at the limit, over it, or unlimited. */
export function usageState(used: number, limit: number | null): UsageState {
  if (limit === null) return 'unlimited';
  if (used > limit) return 'over';
  if (used >= limit) return 'reached';
  return used >= limit * USAGE_WARNING_SHARE ? 'warning' : 'ok';
}

const BAR: Record<UsageState, string> = {
  ok: 'bg-indigo-500',
  warning: 'bg-amber-500',
  reached: 'bg-red-600',
  over: 'bg-red-600',
  unlimited: 'bg-slate-300',
};

/**
 * A use of a plan's limit (API requests, storage): the numbers, a bar that turns amber from 80 %
 * and red at the limit, and a word for each state so colour is never the only signal. A native
 * <meter> carries the value for assistive technology; the drawn bar is decoration.
 */
export function UsageMeter({
  label,
  used,
  limit,
  format,
  hint,
  size = 'sm',
}: {
  label: string;
  used: number;
  limit: number | null;
  format: (value: number) => string;
  /** A line under the bar (when it resets, what happens at the limit). */
  hint?: string;
  size?: 'sm' | 'md';
}) {
  const state = usageState(used, limit);
  const text = limit === null ? `${format(used)}, no limit` : `${format(used)} of ${format(limit)}`;
  const share = limit ? used / limit : 0;
  const percent = Math.round(share * 100);
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-1 text-sm">
        <span className={size === 'md' ? 'font-medium text-slate-800' : 'text-slate-500'}>{label}</span>
        <span className="flex items-center gap-2">
          <span className="text-slate-900 tabular-nums">{text}</span>
          {state === 'warning' ? <Badge tone="warning">{percent}% used</Badge> : null}
          {state === 'reached' ? <Badge tone="danger">Limit reached</Badge> : null}
          {state === 'over' ? <Badge tone="danger">Over the limit</Badge> : null}
        </span>
      </div>
      {limit === null ? null : (
        <>
          <meter
            aria-label={label}
            aria-valuetext={`${text}${state === 'over' ? ', over the limit' : state === 'reached' ? ', limit reached' : ''}`}
            min={0}
            max={limit}
            value={Math.min(used, limit)}
            low={limit * USAGE_WARNING_SHARE}
            high={limit}
            optimum={0}
            className="sr-only"
          />
          <div
            aria-hidden
            className={`mt-1.5 w-full overflow-hidden rounded-full bg-slate-100 ${size === 'md' ? 'h-2.5' : 'h-2'}`}
          >
            <div
              className={`h-full rounded-full ${BAR[state]}`}
              style={{ width: `${limit === 0 ? 100 : Math.min(100, Math.max(used > 0 ? 1 : 0, share * 100))}%` }}
            />
          </div>
        </>
      )}
      {hint ? <p className="mt-1 text-slate-500 text-xs">{hint}</p> : null}
    </div>
  );
}
