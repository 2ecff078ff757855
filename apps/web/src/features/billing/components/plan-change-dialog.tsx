import type { Billing, Plan, Usage } from '@plinth/contract';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatBytes, formatCount } from '../../../lib/format';
import { formatMoney, formatPlanPrice, isUpgrade, limitRows } from '../utils/plans';

/** What the owner must know before a move that the new limits would already be past. */
function overLimitWarnings(target: Plan, usage: Usage | undefined): string[] {
  if (!usage || !target.limits) return [];
  const warnings: string[] = [];
  if (usage.api_requests.used >= target.limits.api_requests) {
    warnings.push(
      `This period ${formatCount(usage.api_requests.used)} API requests were made; ${target.name} allows ${formatCount(target.limits.api_requests)}. API tokens will get 429 errors until the count resets.`,
    );
  }
  if (usage.media_bytes.used > target.limits.media_bytes) {
    warnings.push(
      `The media library holds ${formatBytes(usage.media_bytes.used)}; ${target.name} allows ${formatBytes(target.limits.media_bytes)}. New uploads will be refused until files are deleted.`,
    );
  }
  return warnings;
}

/**
 * Asks before a plan change, showing what changes (price and each limit), how it is paid and
 * what the current usage would mean under the new limits.
 */
export function PlanChangeDialog({
  projectName,
  current,
  target,
  provider,
  usage,
  isPending,
  isRedirecting,
  onConfirm,
  onClose,
}: {
  projectName: string;
  current: Plan | undefined;
  target: Plan | null;
  provider: Billing['provider'] | undefined;
  usage: Usage | undefined;
  isPending: boolean;
  isRedirecting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  if (!target) return null;
  const upgrade = isUpgrade(current, target);
  const price = target.price_cents ?? 0;
  const isCheckout = provider === 'stripe' && price > 0;
  const currentRows = limitRows(current);
  const warnings = upgrade ? [] : overLimitWarnings(target, usage);
  const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date());
  return (
    <Dialog
      isOpen
      size="lg"
      title={upgrade ? `Upgrade to ${target.name}?` : `Switch to ${target.name}?`}
      description={`${projectName} moves from ${current?.name ?? 'its current plan'} to ${target.name}.`}
      onClose={isPending || isRedirecting ? () => undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isPending || isRedirecting}>
            Cancel
          </Button>
          <Button variant="primary" isLoading={isPending || isRedirecting} onClick={onConfirm}>
            {isRedirecting
              ? 'Opening Stripe…'
              : isCheckout
                ? 'Continue to payment'
                : upgrade
                  ? `Upgrade to ${target.name}`
                  : `Switch to ${target.name}`}
          </Button>
        </>
      }
    >
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What changes</caption>
          <thead>
            <tr className="text-slate-500 text-xs">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                <span className="sr-only">What changes</span>
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                {current?.name ?? 'Now'}
              </th>
              <th scope="col" className="py-1.5 pl-3 font-medium">
                <span className="sr-only">becomes </span>
                {target.name}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 border-slate-100 border-t">
            <tr>
              <th scope="row" className="py-2 pr-3 font-normal text-slate-600">
                Price
              </th>
              <td className="px-3 py-2 text-slate-500 tabular-nums">
                {formatPlanPrice(current?.price_cents ?? null, current?.interval)}
              </td>
              <td className="py-2 pl-3 font-semibold text-slate-900 tabular-nums">
                <span className="inline-flex items-center gap-1.5">
                  <ArrowRight className="size-3.5 text-slate-400" aria-hidden />
                  {formatPlanPrice(target.price_cents, target.interval)}
                </span>
              </td>
            </tr>
            {limitRows(target).map((row, index) => (
              <tr key={row.id}>
                <th scope="row" className="py-2 pr-3 font-normal text-slate-600">
                  {row.label}
                </th>
                <td className="px-3 py-2 text-slate-500 tabular-nums">{currentRows[index]?.value}</td>
                <td className="py-2 pl-3 font-semibold text-slate-900 tabular-nums">
                  <span className="inline-flex items-center gap-1.5">
                    <ArrowRight className="size-3.5 text-slate-400" aria-hidden />
                    {row.value}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-4">
        {isCheckout
          ? `You will go to Stripe Checkout to pay ${formatMoney(price)} a month. The plan changes once the payment goes through; nothing changes if you cancel there.`
          : provider === 'stripe'
            ? 'Your Stripe subscription ends now and the new limits apply at once. The current month is not refunded.'
            : price > 0
              ? `The change applies at once, with an invoice of ${formatMoney(price)} for ${month} (the full monthly price).`
              : 'The change applies at once; the current month is not refunded.'}
      </p>
      {warnings.length > 0 ? (
        <ul className="mt-3 space-y-2 rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
          {warnings.map((warning) => (
            <li key={warning}>
              <span className="font-semibold">Heads up: </span>
              {warning}
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
