import type { Billing, Plan, PlanId } from '@plinth/contract';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { formatPlanPrice, limitRows, periodLabel } from '../utils/plans';

const PROVIDERS: Record<Billing['provider'], string> = {
  manual: 'Invoiced by the operator of this Plinth instance',
  stripe: 'Card payments through Stripe',
};

/**
 * The project's plan: its price and limits, the billing period and how it is paid. Non-owners
 * see it from the project and its usage (they cannot read billing).
 */
export function CurrentPlanCard({
  planId,
  plan,
  billing,
  period,
  isLoading,
  error,
  onRetry,
}: {
  planId: PlanId;
  plan: Plan | undefined;
  billing: Billing | undefined;
  /** The billing period, or the usage period when billing is not readable. */
  period: { start: string; end: string } | undefined;
  isLoading: boolean;
  /** Why the billing state could not be read (owners only). */
  error: unknown;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <Card title="Current plan">
        <LoadError title="We could not load the billing details." error={error} onRetry={onRetry} />
      </Card>
    );
  }
  const name = plan?.name ?? planId.charAt(0).toUpperCase() + planId.slice(1);
  const price = billing ? billing.price_cents : (plan?.price_cents ?? null);
  return (
    <Card title="Current plan">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="flex items-center gap-2">
          <span className="font-bold text-2xl text-slate-900 tracking-tight">{name}</span>
          <Badge tone="accent">Current</Badge>
        </p>
        {isLoading && !plan ? (
          <Skeleton className="h-6 w-24" />
        ) : (
          <p className="font-semibold text-lg text-slate-900">{formatPlanPrice(price, plan?.interval)}</p>
        )}
      </div>
      {plan?.description ? <p className="mt-1 text-slate-600 text-sm">{plan.description}</p> : null}
      <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
        <div>
          <dt className="text-slate-500">Billing period</dt>
          <dd className="text-slate-900">
            {period ? periodLabel(period.start, period.end) : <Skeleton className="mt-1 h-4 w-40" />}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Usage resets</dt>
          <dd className="text-slate-900">{period ? formatDate(period.end) : <Skeleton className="mt-1 h-4 w-28" />}</dd>
        </div>
        {billing ? (
          <div className="col-span-2">
            <dt className="text-slate-500">Payment</dt>
            <dd className="text-slate-900">{PROVIDERS[billing.provider]}</dd>
          </div>
        ) : null}
        {limitRows(plan).map((row) => (
          <div key={row.id}>
            <dt className="text-slate-500">{row.label}</dt>
            <dd className="text-slate-900 tabular-nums">{plan ? row.value : <Skeleton className="mt-1 h-4 w-20" />}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
