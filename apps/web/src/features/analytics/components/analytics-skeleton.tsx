import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

const BARS = [35, 50, 42, 64, 58, 72, 48, 80, 66, 54, 70, 44, 62, 76, 52, 40, 58, 68, 46, 60, 74, 56, 38, 50];

function ChartFrame({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>
      <div className="border-slate-100 border-b px-5 py-4">
        <p className="font-semibold text-slate-500">{title}</p>
      </div>
      <div className="p-5">{children}</div>
    </div>
  );
}

/** The analytics screen's shape while its numbers load: stat cards, an area, lines and bars. */
export function AnalyticsSkeleton() {
  return (
    <div role="status" aria-label="Loading analytics" className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="mt-3 h-7 w-24" />
            <Skeleton className="mt-2 h-3 w-32 max-w-full" />
          </div>
        ))}
      </div>
      <ChartFrame title="Requests and errors">
        <div className="flex h-64 items-end gap-1 sm:h-72" aria-hidden>
          {BARS.map((height, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative shape.
            <div key={index} className="flex-1" style={{ height: `${height}%` }}>
              <Skeleton className="h-full rounded-b-none" />
            </div>
          ))}
        </div>
      </ChartFrame>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartFrame title="Latency">
          <div className="relative h-64" aria-hidden>
            {[20, 45, 70].map((top) => (
              <div key={top} className="absolute inset-x-0" style={{ top: `${top}%` }}>
                <Skeleton className="h-1" />
              </div>
            ))}
          </div>
        </ChartFrame>
        <ChartFrame title="Status codes">
          <div className="grid grid-cols-2 gap-2" aria-hidden>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-12" />
            ))}
          </div>
          <div className="mt-4 space-y-4" aria-hidden>
            {[85, 10, 30, 5].map((width) => (
              <div key={width} style={{ width: `${width}%` }}>
                <Skeleton className="h-7" />
              </div>
            ))}
          </div>
        </ChartFrame>
      </div>
      <ChartFrame title="Requests by collection">
        <div className="space-y-3" aria-hidden>
          {[90, 60, 40, 25].map((width) => (
            <div key={width} className="flex items-center gap-4">
              <Skeleton className="h-4 w-28" />
              <div style={{ width: `${width * 0.6}%` }}>
                <Skeleton className="h-2.5" />
              </div>
            </div>
          ))}
        </div>
      </ChartFrame>
    </div>
  );
}
