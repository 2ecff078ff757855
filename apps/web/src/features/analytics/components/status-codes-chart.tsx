import type { Analytics } from '@plinth/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../../lib/format';
import { formatCompact, formatShare } from '../utils/format';
import { ChartCard, DataTable, TD, TH } from './chart-card';
import { AXIS, ChartTooltip, GRID, LEGEND } from './chart-tooltip';

const REASONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '206': 'Partial Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '409': 'Conflict',
  '412': 'Precondition Failed',
  '413': 'Content Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
  '504': 'Gateway Timeout',
};

export const statusText = (code: string) => (REASONS[code] ? `${code} ${REASONS[code]}` : code);

const CLASSES = [
  { id: '2xx', label: 'Success', shades: ['#047857', '#10b981', '#6ee7b7', '#065f46', '#34d399'] },
  { id: '3xx', label: 'Redirect', shades: ['#0369a1', '#38bdf8', '#7dd3fc', '#075985'] },
  { id: '4xx', label: 'Client error', shades: ['#b45309', '#f59e0b', '#fcd34d', '#92400e', '#fbbf24', '#d97706'] },
  { id: '5xx', label: 'Server error', shades: ['#b91c1c', '#f87171', '#7f1d1d', '#ef4444'] },
] as const;

interface CodeCount {
  code: string;
  count: number;
  color: string;
}

interface StatusClass {
  id: string;
  label: string;
  total: number;
  codes: CodeCount[];
}

/** The status codes grouped in their classes, each class's codes busiest first. */
export function groupStatusCodes(statusCodes: Analytics['status_codes']): StatusClass[] {
  return CLASSES.map((group) => {
    const codes = Object.entries(statusCodes)
      .filter(([code]) => code.startsWith(group.id[0] ?? ''))
      .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
      .map(([code, count], index) => ({ code, count, color: group.shades[index % group.shades.length] ?? '#64748b' }));
    return { id: group.id, label: group.label, total: codes.reduce((sum, code) => sum + code.count, 0), codes };
  });
}

/** Answers per status class (2xx…5xx), each bar split into its codes. */
export function StatusCodesChart({ analytics, className }: { analytics: Analytics; className?: string }) {
  const groups = groupStatusCodes(analytics.status_codes);
  const total = groups.reduce((sum, group) => sum + group.total, 0);
  const codes = groups.flatMap((group) => group.codes);
  const rows = groups.map((group) => ({
    class: group.id,
    ...Object.fromEntries(group.codes.map((code) => [code.code, code.count])),
  }));
  const summary = groups
    .filter((group) => group.total > 0)
    .map((group) => `${group.id}: ${formatCount(group.total)} (${formatShare(group.total / total)})`)
    .join(', ');
  return (
    <ChartCard
      className={className}
      title="Status codes"
      description="Answers by status class, split into their codes."
      summary={summary ? `${summary}.` : 'No answers in this period.'}
      chart={
        <div>
          <dl className="grid grid-cols-2 gap-2">
            {groups.map((group) => (
              <div key={group.id} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
                <dt className="flex items-center gap-1.5 text-slate-600 text-xs">
                  <span
                    aria-hidden
                    className="size-2.5 rounded-sm"
                    style={{ backgroundColor: CLASSES.find((item) => item.id === group.id)?.shades[0] }}
                  />
                  <span className="font-medium text-slate-800">{group.id}</span> {group.label.toLowerCase()}
                </dt>
                <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">
                  {formatCount(group.total)}{' '}
                  <span className="font-normal text-slate-500 text-xs">
                    {total > 0 ? formatShare(group.total / total) : ''}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 h-52">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 500, height: 208 }}>
              <BarChart
                data={rows}
                layout="vertical"
                margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
                barCategoryGap="22%"
                title="Status codes"
              >
                <CartesianGrid {...GRID} vertical horizontal={false} />
                <XAxis type="number" {...AXIS} allowDecimals={false} tickFormatter={formatCompact} />
                <YAxis type="category" dataKey="class" {...AXIS} width={40} axisLine={false} />
                <Tooltip
                  cursor={{ fill: '#f1f5f9' }}
                  content={(props) => (
                    <ChartTooltip
                      {...props}
                      title={(label) => {
                        const group = groups.find((item) => item.id === label);
                        return group ? `${group.id} ${group.label.toLowerCase()}: ${formatCount(group.total)}` : label;
                      }}
                      rows={(point) =>
                        (groups.find((group) => group.id === point.class)?.codes ?? []).map((code) => ({
                          name: statusText(code.code),
                          value: formatCount(code.count),
                          color: code.color,
                        }))
                      }
                    />
                  )}
                />
                {codes.length > 0 ? (
                  <Legend
                    {...LEGEND}
                    verticalAlign="bottom"
                    iconType="square"
                    wrapperStyle={{ fontSize: 12, paddingTop: 8 }}
                  />
                ) : null}
                {codes.map((code) => (
                  <Bar
                    key={code.code}
                    dataKey={code.code}
                    name={code.code}
                    stackId="codes"
                    fill={code.color}
                    maxBarSize={28}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </div>
      }
      table={
        <DataTable caption="Answers by status code">
          <thead>
            <tr>
              <th scope="col" className={TH}>
                Status
              </th>
              <th scope="col" className={TH}>
                Class
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Requests
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.length === 0 ? (
              <tr>
                <td colSpan={4} className={`${TD} text-slate-500`}>
                  No answers in this period.
                </td>
              </tr>
            ) : (
              groups.flatMap((group) =>
                group.codes.map((code) => (
                  <tr key={code.code}>
                    <th scope="row" className={`${TD} font-normal`}>
                      {statusText(code.code)}
                    </th>
                    <td className={TD}>
                      {group.id} {group.label.toLowerCase()}
                    </td>
                    <td className={`${TD} text-right`}>{formatCount(code.count)}</td>
                    <td className={`${TD} text-right`}>{formatShare(code.count / total)}</td>
                  </tr>
                )),
              )
            )}
          </tbody>
        </DataTable>
      }
    />
  );
}
