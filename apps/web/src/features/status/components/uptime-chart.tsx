import type { UptimeDay } from '@plinth/contract';

function barColor(percent: number): string {
  if (percent >= 99.9) return '#059669';
  if (percent >= 99) return '#d97706';
  return '#dc2626';
}

const HEIGHT = 120;
const BAR = 8;
const GAP = 3;

/**
 * Daily uptime as bars: the height shows the uptime above a floor (so that 99.5% and 100% look
 * different), the colour its band; each bar's title gives the exact figure.
 */
export function UptimeChart({ days }: { days: UptimeDay[] }) {
  if (days.length === 0) {
    return <p className="text-slate-600 text-sm">No uptime history has been recorded yet.</p>;
  }
  const lowest = Math.min(...days.map((day) => day.uptime_percent));
  const floor = Math.max(0, Math.min(95, Math.floor(lowest) - 1));
  const width = days.length * (BAR + GAP) - GAP;
  const average = days.reduce((sum, day) => sum + day.uptime_percent, 0) / days.length;
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure>
      <svg
        role="img"
        aria-label={`Daily uptime over ${days.length} days, ${average.toFixed(2)}% on average`}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full"
      >
        {days.map((day, index) => {
          const share = (day.uptime_percent - floor) / (100 - floor);
          const height = Math.max(4, share * HEIGHT);
          return (
            <rect
              key={day.date}
              x={index * (BAR + GAP)}
              y={HEIGHT - height}
              width={BAR}
              height={height}
              rx={2}
              fill={barColor(day.uptime_percent)}
            >
              <title>{`${day.date}: ${day.uptime_percent.toFixed(2)}% uptime`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex justify-between text-slate-500 text-xs">
        <span>{first?.date}</span>
        <span>{average.toFixed(2)}% average</span>
        <span>{last?.date}</span>
      </figcaption>
    </figure>
  );
}
