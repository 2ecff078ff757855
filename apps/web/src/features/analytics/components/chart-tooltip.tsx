import type { Analytics } from '@plinth/contract';
import type { TooltipContentProps } from 'recharts';
import { formatTick } from '../utils/format';

/** What a tooltip row says for a series: its name and its value, formatted. */
export type TooltipRow = { name: string; value: string; color: string };

/**
 * The tooltip of the analytics charts: the bucket's time (local, or the UTC day) and each series'
 * formatted value, with its swatch and name so colour is never the only key.
 */
export function ChartTooltip({
  active,
  payload,
  label,
  title,
  rows,
}: Pick<TooltipContentProps, 'active' | 'payload' | 'label'> & {
  title: (label: string) => string;
  rows: (point: Record<string, unknown>) => TooltipRow[];
}) {
  const point = payload?.[0]?.payload as Record<string, unknown> | undefined;
  if (!active || !point) return null;
  return (
    <div className="max-w-64 rounded-lg bg-white px-3 py-2 text-xs shadow-lg ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">{title(String(label ?? ''))}</p>
      <ul className="mt-1.5 space-y-1">
        {rows(point).map((row) => (
          <li key={row.name} className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-1.5 text-slate-600">
              <span aria-hidden className="size-2.5 rounded-sm" style={{ backgroundColor: row.color }} />
              {row.name}
            </span>
            <span className="font-medium text-slate-900 tabular-nums">{row.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The look shared by every chart's axes and grid. */
export const AXIS = { stroke: '#94a3b8', fontSize: 12, tickLine: false } as const;

/** The time axis of a series: hours ("14:00"), hours with their day over several days, or days. */
export function timeAxis(analytics: Analytics) {
  const spansDays = new Date(analytics.to).getTime() - new Date(analytics.from).getTime() > 36 * 3_600_000;
  return {
    ...AXIS,
    dataKey: 't',
    minTickGap: 32,
    tickFormatter: (value: string) => formatTick(value, analytics.granularity, spansDays),
  } as const;
}
export const GRID = { stroke: '#e2e8f0', strokeDasharray: '3 3', vertical: false } as const;
export const COLORS = {
  requests: '#6366f1',
  errors: '#dc2626',
  p50: '#0ea5e9',
  p95: '#7c3aed',
} as const;

/** Legend entries in the text colour (the swatch carries the series colour), in the order drawn. */
export const LEGEND = {
  iconSize: 10,
  itemSorter: null,
  wrapperStyle: { fontSize: 12 },
  formatter: (value: unknown) => <span className="text-slate-700">{String(value)}</span>,
} as const;
