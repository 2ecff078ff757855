import { DELIVERY_STATUSES, type DeliveryStatus } from '@plinth/contract';
import { useSearchParams } from 'react-router';

export interface DeliveryLogView {
  /** Only deliveries with this status; null for all. */
  status: DeliveryStatus | null;
  page: number;
  /** The delivery whose details are open. */
  deliveryId: string | null;
}

const isStatus = (value: string | null): value is DeliveryStatus =>
  value !== null && (DELIVERY_STATUSES as readonly string[]).includes(value);

/**
 * The delivery log's filter, page and open delivery, kept in the URL (`?status=failed&page=2&delivery=…`)
 * so a link (from an email, a chat, a bug report) opens the same view.
 */
export function useDeliveryLogParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const view: DeliveryLogView = {
    status: isStatus(status) ? status : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    deliveryId: params.get('delivery') || null,
  };

  const update = (changes: Partial<DeliveryLogView>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const set = (name: string, value: string | null) =>
          value === null ? next.delete(name) : next.set(name, value);
        if ('status' in changes) set('status', changes.status ?? null);
        if ('page' in changes) set('page', changes.page && changes.page > 1 ? String(changes.page) : null);
        if ('deliveryId' in changes) set('delivery', changes.deliveryId ?? null);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return { view, update };
}
