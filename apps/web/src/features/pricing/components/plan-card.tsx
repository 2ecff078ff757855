import type { Plan } from '@plinth/contract';
import { ButtonLink } from '../../../components/ui/button';
import { formatBytes } from '../../../lib/format';

export function formatPrice(plan: Plan): string {
  if (plan.contact_sales || plan.price_cents === null) return 'Custom';
  if (plan.price_cents === 0) return 'Free';
  const dollars = plan.price_cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

/** The limit lines of a plan; features the server lists that say the same thing are not repeated. */
function planLines(plan: Plan): string[] {
  const lines = plan.limits
    ? [
        `${plan.limits.api_requests.toLocaleString('en-US')} API requests a month`,
        `${formatBytes(plan.limits.media_bytes)} media storage`,
        `Bursts of ${plan.limits.requests_per_second} requests a second`,
      ]
    : [];
  const seen = new Set(lines.map((line) => line.toLowerCase()));
  return [...lines, ...plan.features.filter((feature) => !seen.has(feature.toLowerCase()))];
}

export function PlanCard({ plan }: { plan: Plan }) {
  const isFeatured = plan.id === 'pro';
  const price = formatPrice(plan);
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={`flex flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ${isFeatured ? 'ring-2 ring-indigo-600' : 'ring-slate-200'}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={`plan-${plan.id}`} className="font-semibold text-slate-900 text-xl">
          {plan.name}
        </h2>
        {isFeatured ? (
          <p className="rounded-full bg-indigo-50 px-3 py-1 font-semibold text-indigo-700 text-xs">Most popular</p>
        ) : null}
      </div>
      <p className="mt-2 text-slate-600 text-sm">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="font-bold text-4xl text-slate-900 tracking-tight">{price}</span>
        {price.startsWith('$') ? <span className="text-slate-600 text-sm">/{plan.interval}</span> : null}
      </p>
      <ul className="mt-8 flex-1 space-y-3 text-slate-700 text-sm">
        {planLines(plan).map((line) => (
          <li key={line} className="flex gap-3">
            <span aria-hidden="true" className="text-indigo-600">
              ✓
            </span>
            {line}
          </li>
        ))}
      </ul>
      {plan.contact_sales ? (
        <ButtonLink to="/contact" variant="secondary" className="mt-8">
          Contact sales
        </ButtonLink>
      ) : (
        <ButtonLink to="/register" variant={isFeatured ? 'primary' : 'secondary'} className="mt-8">
          {plan.price_cents === 0 ? 'Start for free' : `Choose ${plan.name}`}
        </ButtonLink>
      )}
    </article>
  );
}
