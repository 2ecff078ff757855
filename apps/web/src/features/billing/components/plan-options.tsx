import type { Billing, Plan, PlanId, Usage } from '@plinth/contract';
import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../lib/format';
import { formatPlanPrice, isUpgrade, limitRows } from '../utils/plans';
import { PlanChangeDialog } from './plan-change-dialog';

export interface PlanChangeControls {
  /** Starts a self-service change; resolves with the Checkout URL when the provider needs payment first. */
  change: (plan: PlanId) => Promise<string | undefined>;
  isChanging: boolean;
  /** Asks sales for Enterprise. */
  requestEnterprise: () => Promise<void>;
  isRequesting: boolean;
}

function PlanTile({ plan, isCurrent, action }: { plan: Plan; isCurrent: boolean; action: ReactNode }) {
  return (
    <article
      aria-labelledby={`plan-option-${plan.id}`}
      className={`flex min-w-0 flex-col rounded-xl p-5 ring-1 ${isCurrent ? 'bg-indigo-50/40 ring-2 ring-indigo-600' : 'bg-white ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`plan-option-${plan.id}`} className="font-semibold text-lg text-slate-900">
          {plan.name}
        </h3>
        {isCurrent ? <Badge tone="accent">Current plan</Badge> : null}
      </div>
      <p className="mt-1 font-semibold text-slate-900">{formatPlanPrice(plan.price_cents, plan.interval)}</p>
      <p className="mt-1 text-slate-600 text-sm">{plan.description}</p>
      <ul className="mt-4 flex-1 space-y-1.5 text-slate-700 text-sm">
        {plan.limits
          ? limitRows(plan).map((row) => (
              <li key={row.id} className="flex gap-2">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-indigo-500" aria-hidden />
                <span>
                  <span className="font-medium tabular-nums">{row.value}</span> {row.short}
                </span>
              </li>
            ))
          : plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-indigo-500" aria-hidden />
                <span>{feature}</span>
              </li>
            ))}
      </ul>
      {action ? <div className="mt-5">{action}</div> : null}
    </article>
  );
}

/** The server passes one Enterprise request a day on to sales; within it, asking again sends nothing. */
const SALES_REQUEST_INTERVAL_MS = 86_400_000;

/** Under the Enterprise tile once its owner asked: when, and what happens next. */
function SalesRequested({ at }: { at: string | null }) {
  return (
    <div className="flex gap-2 rounded-lg bg-emerald-50 p-3 text-emerald-900 text-sm ring-1 ring-emerald-200">
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
      <div>
        <p className="font-semibold">Request sent{at ? ` on ${formatDateTime(at)}` : ''}</p>
        <p className="mt-0.5">Our sales team has your project's details and replies to you by email.</p>
      </div>
    </div>
  );
}

/**
 * The plans side by side (prices and limits from the API), the current one marked. Owners change
 * plan after a confirmation, or ask sales for Enterprise; others see the same buttons disabled.
 */
export function PlanOptions({
  projectName,
  plans,
  plansError,
  onRetryPlans,
  currentPlanId,
  billing,
  usage,
  canManage,
  controls,
}: {
  projectName: string;
  plans: Plan[] | undefined;
  plansError: unknown;
  onRetryPlans: () => void;
  currentPlanId: PlanId;
  billing: Billing | undefined;
  usage: Usage | undefined;
  canManage: boolean;
  controls: PlanChangeControls;
}) {
  const [target, setTarget] = useState<Plan | null>(null);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [askSales, setAskSales] = useState(false);
  // Set at once on success, before the billing state (with `sales_requested_at`) is read again.
  const [hasAskedSales, setHasAskedSales] = useState(false);
  const current = plans?.find((plan) => plan.id === currentPlanId);
  const isEnterprise = currentPlanId === 'enterprise';
  const salesRequestedAt = billing?.sales_requested_at ?? null;
  const isSalesRequested =
    hasAskedSales ||
    (salesRequestedAt !== null && Date.now() - new Date(salesRequestedAt).getTime() < SALES_REQUEST_INTERVAL_MS);

  const confirmChange = async () => {
    if (!target) return;
    try {
      const checkoutUrl = await controls.change(target.id);
      if (checkoutUrl) {
        setIsRedirecting(true);
        window.location.assign(checkoutUrl);
        return;
      }
      setTarget(null);
    } catch {
      // The toast says why; the dialog stays open to try again or cancel.
    }
  };

  const confirmSales = async () => {
    try {
      await controls.requestEnterprise();
      setHasAskedSales(true);
      setAskSales(false);
    } catch {
      // The toast says why; the dialog stays open to try again or cancel.
    }
  };

  // An owner's change waits for the billing state: how it is paid decides what the dialog says.
  const canChange = canManage && billing !== undefined;

  const actionFor = (plan: Plan): ReactNode => {
    if (plan.id === currentPlanId) return null;
    if (plan.contact_sales) {
      if (canManage && isSalesRequested) return <SalesRequested at={salesRequestedAt} />;
      return (
        <Button variant="secondary" className="w-full" disabled={!canChange} onClick={() => setAskSales(true)}>
          Contact sales
        </Button>
      );
    }
    if (isEnterprise) return null;
    const upgrade = isUpgrade(current, plan);
    return (
      <Button
        variant={upgrade ? 'primary' : 'secondary'}
        className="w-full"
        disabled={!canChange}
        onClick={() => setTarget(plan)}
      >
        {upgrade ? `Upgrade to ${plan.name}` : `Switch to ${plan.name}`}
      </Button>
    );
  };

  return (
    <Card
      title="Plans"
      description={
        isEnterprise ? (
          <>
            The Enterprise plan is managed with our sales team:{' '}
            <Link to="/contact" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              contact them
            </Link>{' '}
            to change it.
          </>
        ) : canManage ? (
          'Prices are per project and month. Members are unlimited on every plan.'
        ) : (
          "Prices are per project and month. Only the project's owners can change the plan."
        )
      }
    >
      {plans ? (
        <div className="grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanTile key={plan.id} plan={plan} isCurrent={plan.id === currentPlanId} action={actionFor(plan)} />
          ))}
        </div>
      ) : plansError ? (
        <LoadError title="We could not load the plans." error={plansError} onRetry={onRetryPlans} />
      ) : (
        <div role="status" aria-label="Loading plans" className="grid gap-4 md:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <div key={key} className="rounded-xl p-5 ring-1 ring-slate-200">
              <Skeleton className="h-5 w-24" />
              <Skeleton className="mt-3 h-4 w-20" />
              <Skeleton className="mt-3 h-4 w-full" />
              <div className="mt-5 space-y-2">
                <Skeleton className="h-3.5 w-3/4" />
                <Skeleton className="h-3.5 w-2/3" />
                <Skeleton className="h-3.5 w-3/4" />
              </div>
              <Skeleton className="mt-6 h-10 w-full" />
            </div>
          ))}
        </div>
      )}
      <PlanChangeDialog
        projectName={projectName}
        current={current}
        target={target}
        provider={billing?.provider}
        usage={usage}
        isPending={controls.isChanging}
        isRedirecting={isRedirecting}
        onConfirm={confirmChange}
        onClose={() => setTarget(null)}
      />
      <Dialog
        isOpen={askSales}
        title="Contact sales about Enterprise?"
        description={`Enterprise has custom limits, SSO and an SLA, agreed with our sales team. We pass your request on with ${projectName}'s details, and sales replies to you by email.`}
        onClose={() => setAskSales(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAskSales(false)} disabled={controls.isRequesting}>
              Cancel
            </Button>
            <Button isLoading={controls.isRequesting} onClick={confirmSales}>
              Send request
            </Button>
          </>
        }
      />
    </Card>
  );
}
