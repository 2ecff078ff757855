import type { Analytics, AnalyticsPoint } from '@plinth/contract';
import { BarChart3, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatBucket } from '../utils/format';

/**
 * A chart with its numbers: "View as table" swaps the drawing for a data table, so keyboard and
 * screen-reader users (and anyone who wants exact values) get the same data.
 */
export function ChartCard({
  title,
  description,
  summary,
  chart,
  table,
  className = '',
}: {
  title: string;
  description?: ReactNode;
  /** One sentence with the chart's gist, read as the figure's description. */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  className?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const regionId = useId();
  const captionId = useId();
  return (
    <Card
      title={title}
      description={description}
      className={className}
      actions={
        <Button
          variant="ghost"
          size="sm"
          aria-controls={regionId}
          onClick={() => setAsTable((value) => !value)}
          className="-my-1"
        >
          {asTable ? <BarChart3 className="size-4" aria-hidden /> : <Table2 className="size-4" aria-hidden />}
          {asTable ? 'View as chart' : 'View as table'}
          <span className="sr-only"> for {title.toLowerCase()}</span>
        </Button>
      }
    >
      <div id={regionId}>
        {asTable ? (
          table
        ) : (
          <figure aria-labelledby={captionId} className="m-0">
            <figcaption id={captionId} className="sr-only">
              {title}. {summary} Use “View as table” for every value.
            </figcaption>
            {chart}
          </figure>
        )}
      </div>
    </Card>
  );
}

/** A scrolling data table inside a card: its own keyboard-scrollable region when it is long. */
export function DataTable({
  caption,
  note,
  children,
}: {
  caption: string;
  /** Said under the table (rows left out, time zone). */
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
        tabIndex={0}
        aria-label={caption}
        className="max-h-96 overflow-auto rounded-lg ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <table className="w-full min-w-max border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </section>
      {note ? <p className="mt-2 text-slate-500 text-xs">{note}</p> : null}
    </div>
  );
}

export const TH =
  'sticky top-0 z-10 bg-slate-50 px-3 py-2 font-medium text-slate-600 text-xs shadow-[inset_0_-1px_0] shadow-slate-200';
export const TD = 'border-slate-100 border-t px-3 py-2 text-slate-800 tabular-nums';

/**
 * A series as a table: one row per hour or day that had requests (empty ones are left out, and
 * the note says so), with the time first and the given columns after it.
 */
export function SeriesTable({
  analytics,
  caption,
  columns,
}: {
  analytics: Analytics;
  caption: string;
  columns: readonly { label: string; value: (point: AnalyticsPoint) => string }[];
}) {
  const { series, granularity } = analytics;
  const active = series.filter((point) => point.requests > 0);
  const zone = granularity === 'day' ? 'Days are UTC days.' : 'Times are in your time zone.';
  return (
    <DataTable
      caption={caption}
      note={
        active.length < series.length
          ? `${granularity === 'hour' ? 'Hours' : 'Days'} without any request are left out. ${zone}`
          : zone
      }
    >
      <thead>
        <tr>
          <th scope="col" className={TH}>
            {granularity === 'hour' ? 'Hour' : 'Day'}
          </th>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={`${TH} text-right`}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {active.length === 0 ? (
          <tr>
            <td colSpan={columns.length + 1} className={`${TD} text-slate-500`}>
              No requests in this period.
            </td>
          </tr>
        ) : (
          active.map((point) => (
            <tr key={point.t}>
              <th scope="row" className={`${TD} font-normal`}>
                {formatBucket(point.t, granularity)}
              </th>
              {columns.map((column) => (
                <td key={column.label} className={`${TD} text-right`}>
                  {column.value(point)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
