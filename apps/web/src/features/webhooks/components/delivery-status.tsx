import type { DeliveryStatus } from '@plinth/contract';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const LOOK: Record<DeliveryStatus, { tone: BadgeTone; label: string; Icon: typeof Clock }> = {
  pending: { tone: 'warning', label: 'Pending', Icon: Clock },
  succeeded: { tone: 'success', label: 'Succeeded', Icon: CircleCheck },
  failed: { tone: 'danger', label: 'Failed', Icon: CircleX },
};

/** A delivery's status as a word and an icon (never colour alone). */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { tone, label, Icon } = LOOK[status];
  return (
    <Badge tone={tone}>
      <Icon className="size-3" aria-hidden />
      {label}
    </Badge>
  );
}

/** An HTTP status with its class in words for screen readers and the eye ("200", "500"). */
export function HttpStatus({ status }: { status: number | null }) {
  if (status === null) {
    return (
      <span className="text-slate-500">
        <span aria-hidden>—</span>
        <span className="sr-only">no answer</span>
      </span>
    );
  }
  const ok = status >= 200 && status < 300;
  return <span className={`font-mono ${ok ? 'text-emerald-700' : 'text-red-700'}`}>{status}</span>;
}
