import type { DeliverySummary } from '@plinth/contract';
import { useEffect, useRef, useState } from 'react';

/**
 * A sentence for a live region when a delivery that was pending on screen ends (the log
 * refreshes by itself, so screen reader users would not otherwise hear the result).
 */
export function useSettledAnnouncement(deliveries: readonly DeliverySummary[] | undefined): string {
  const previous = useRef(new Map<string, DeliverySummary['status']>());
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!deliveries) return;
    const settled = deliveries.filter(
      (delivery) => previous.current.get(delivery.id) === 'pending' && delivery.status !== 'pending',
    );
    previous.current = new Map(deliveries.map((delivery) => [delivery.id, delivery.status]));
    if (settled.length === 0) return;
    setMessage(
      settled
        .map(
          (delivery) =>
            `${delivery.event} delivery #${delivery.sequence} ${delivery.status}${delivery.response_status ? ` with HTTP ${delivery.response_status}` : ''}.`,
        )
        .join(' '),
    );
  }, [deliveries]);
  return message;
}
