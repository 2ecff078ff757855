import type { Analytics } from '@plinth/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatBytes, formatCount } from '../../../lib/format';
import { formatMs, formatShare } from '../utils/format';
import { DataTable, TD, TH } from './chart-card';

const FIRST_ROWS = 10;

/** Requests per collection, busiest first, as a table whose bars show each one's share at a glance. */
export function CollectionsTable({ analytics }: { analytics: Analytics }) {
  const [showAll, setShowAll] = useState(false);
  const rows = analytics.by_collection;
  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  const busiest = rows[0]?.requests ?? 0;
  return (
    <Card
      title="Requests by collection"
      description="Busiest first. “(other)” is every request that named no existing collection (media, schema, unknown paths)."
    >
      <DataTable caption="Collections, busiest first">
        <thead>
          <tr>
            <th scope="col" className={TH}>
              Collection
            </th>
            <th scope="col" className={`${TH} w-1/3 min-w-48`}>
              Requests
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Errors
            </th>
            <th scope="col" className={`${TH} text-right`}>
              p50
            </th>
            <th scope="col" className={`${TH} text-right`}>
              p95
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Data
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.collection}>
              <th scope="row" className={`${TD} max-w-56 font-normal`}>
                <span
                  title={row.collection}
                  className={`block truncate ${row.collection === '(other)' ? 'text-slate-500 italic' : 'font-mono text-xs'}`}
                >
                  {row.collection}
                </span>
              </th>
              <td className={TD}>
                <div className="flex items-center gap-2">
                  <span className="w-14 shrink-0 text-right">{formatCount(row.requests)}</span>
                  <span aria-hidden className="h-2 flex-1 rounded-full bg-slate-100">
                    <span
                      className="block h-2 rounded-full bg-indigo-500"
                      style={{ width: `${busiest > 0 ? Math.max(2, (row.requests / busiest) * 100) : 0}%` }}
                    />
                  </span>
                  <span className="w-10 shrink-0 text-right text-slate-500 text-xs">
                    {formatShare(row.requests / analytics.totals.requests)}
                  </span>
                </div>
              </td>
              <td className={`${TD} text-right`}>
                {formatCount(row.errors)}
                <span className="ml-1 text-slate-500 text-xs">({formatShare(row.errors / row.requests)})</span>
              </td>
              <td className={`${TD} text-right`}>{formatMs(row.p50_ms)}</td>
              <td className={`${TD} text-right`}>{formatMs(row.p95_ms)}</td>
              <td className={`${TD} text-right`}>{formatBytes(row.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {rows.length > FIRST_ROWS ? (
        <Button variant="ghost" size="sm" className="mt-3" onClick={() => setShowAll((value) => !value)}>
          {showAll ? `Show the first ${FIRST_ROWS}` : `Show all ${rows.length} collections`}
        </Button>
      ) : null}
    </Card>
  );
}
