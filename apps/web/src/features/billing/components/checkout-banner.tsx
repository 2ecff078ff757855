import { CheckCircle2, Clock, Info, X } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Where the owner stands after Stripe Checkout: paid and the plan changed (`confirmed`), paid but
 * Stripe's confirmation not in yet (`pending`, then `unconfirmed` once we stop looking), or
 * cancelled there.
 */
export type CheckoutOutcome =
  | { kind: 'confirmed'; planName: string }
  | { kind: 'pending' }
  | { kind: 'unconfirmed' }
  | { kind: 'cancelled' };

const LOOK: Record<CheckoutOutcome['kind'], { box: string; title: string; text: string; icon: ReactNode }> = {
  confirmed: {
    box: 'bg-emerald-50 ring-emerald-200',
    title: 'text-emerald-900',
    text: 'text-emerald-800',
    icon: <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />,
  },
  pending: {
    box: 'bg-sky-50 ring-sky-200',
    title: 'text-sky-900',
    text: 'text-sky-800',
    icon: (
      <span
        className="mt-0.5 size-5 shrink-0 animate-spin rounded-full border-2 border-sky-600 border-r-transparent"
        aria-hidden
      />
    ),
  },
  unconfirmed: {
    box: 'bg-amber-50 ring-amber-200',
    title: 'text-amber-900',
    text: 'text-amber-900',
    icon: <Clock className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />,
  },
  cancelled: {
    box: 'bg-slate-50 ring-slate-200',
    title: 'text-slate-900',
    text: 'text-slate-700',
    icon: <Info className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />,
  },
};

function wording(outcome: CheckoutOutcome): { title: string; text: string } {
  switch (outcome.kind) {
    case 'confirmed':
      return {
        title: `Payment received: the project is now on ${outcome.planName}`,
        text: 'Its limits apply to this month’s usage at once. The invoice is listed below.',
      };
    case 'pending':
      return {
        title: 'Payment received: waiting for Stripe to confirm it',
        text: 'The plan changes as soon as Stripe confirms the payment, usually within a few seconds.',
      };
    case 'unconfirmed':
      return {
        title: 'Stripe has not confirmed the payment yet',
        text: 'The plan changes as soon as it does; reload this page in a few minutes. If the plan has not changed within an hour, contact support with the email Stripe sent you.',
      };
    case 'cancelled':
      return {
        title: 'Checkout cancelled',
        text: 'Nothing was charged and the plan has not changed. You can choose a plan again whenever you are ready.',
      };
  }
}

/** What the owner reads after coming back from Stripe Checkout. */
export function CheckoutBanner({ outcome, onDismiss }: { outcome: CheckoutOutcome | null; onDismiss: () => void }) {
  const look = outcome ? LOOK[outcome.kind] : null;
  const words = outcome ? wording(outcome) : null;
  return (
    // Present from the start so that the message is announced when it appears or changes.
    <div role="status" aria-live="polite">
      {look && words ? (
        <div className={`flex items-start gap-3 rounded-xl p-4 ring-1 ${look.box}`}>
          {look.icon}
          <div className="min-w-0 flex-1 text-sm">
            <p className={`font-semibold ${look.title}`}>{words.title}</p>
            <p className={`mt-0.5 ${look.text}`}>{words.text}</p>
          </div>
          <button
            type="button"
            onClick={onDismiss}
            className="-m-1 rounded-md p-1 text-slate-500 hover:bg-white/60 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X className="size-4" aria-hidden />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
