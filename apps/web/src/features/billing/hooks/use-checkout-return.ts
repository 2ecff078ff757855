import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export type CheckoutResult = 'success' | 'cancelled';

/** After paying, the plan changes when Stripe's webhook arrives: wait for it this long. */
const WAIT_MS = 30_000;

/**
 * Where Stripe Checkout sent the owner back to: `?checkout=success&session_id=…` or
 * `?checkout=cancelled`. The answer is kept for the banner and the parameters leave the address
 * at once, so a reload or a shared link does not say it again. After a payment, `isWaiting`
 * holds for WAIT_MS: the time the screen looks again for the new plan.
 */
export function useCheckoutReturn(): { result: CheckoutResult | null; isWaiting: boolean; dismiss: () => void } {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('checkout');
  const [result, setResult] = useState<CheckoutResult | null>(
    asked === 'success' || asked === 'cancelled' ? asked : null,
  );
  const [isWaiting, setIsWaiting] = useState(result === 'success');

  useEffect(() => {
    if (asked === null) return;
    if (asked === 'success' || asked === 'cancelled') {
      setResult(asked);
      setIsWaiting(asked === 'success');
    }
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        next.delete('session_id');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [asked, setSearch]);

  useEffect(() => {
    if (!isWaiting) return;
    const timer = setTimeout(() => setIsWaiting(false), WAIT_MS);
    return () => clearTimeout(timer);
  }, [isWaiting]);

  return { result, isWaiting, dismiss: () => setResult(null) };
}
