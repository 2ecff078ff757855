import type { Delivery, DeliveryAttempt } from '@plinth/contract';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CodeBlock } from '../../../components/ui/code-block';
import { Dialog } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, formatDuration, formatRelativeTime } from '../../../lib/format';
import { useDelivery } from '../api/get-delivery';
import { headerLines, prettyBody } from '../body-format';
import { DeliveryStatusBadge, HttpStatus } from './delivery-status';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500 text-xs">{term}</dt>
      <dd className="mt-0.5 truncate text-slate-900">{children}</dd>
    </div>
  );
}

function Attempt({ attempt, body, isOpen }: { attempt: DeliveryAttempt; body: string; isOpen: boolean }) {
  const response = attempt.response ? prettyBody(attempt.response.body) : null;
  return (
    <details open={isOpen} className="group rounded-lg ring-1 ring-slate-200">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 shrink-0 text-slate-400 transition group-open:rotate-90" aria-hidden />
        <span className="font-medium text-slate-900">Attempt {attempt.attempt}</span>
        <Badge tone={attempt.success ? 'success' : 'danger'}>{attempt.success ? 'Succeeded' : 'Failed'}</Badge>
        <span className="text-slate-600">
          {attempt.response ? (
            <>
              HTTP <HttpStatus status={attempt.response.status} />
            </>
          ) : (
            'No answer'
          )}
          {attempt.duration_ms !== null ? ` · ${formatDuration(attempt.duration_ms)}` : ''}
        </span>
        <span className="ml-auto text-slate-500 text-xs" title={attempt.started_at}>
          {formatDateTime(attempt.started_at)}
        </span>
      </summary>
      <div className="space-y-3 border-slate-200 border-t p-3">
        {attempt.error ? (
          <p className="rounded-md bg-red-50 p-2.5 text-red-800 ring-1 ring-red-200 ring-inset">
            <span className="font-medium">Error:</span> {attempt.error}
          </p>
        ) : null}
        <p className="break-all text-slate-600 text-xs">
          <span className="font-medium text-slate-800">POST</span> {attempt.request.url}
        </p>
        <CodeBlock
          label={`Attempt ${attempt.attempt}: request headers`}
          code={headerLines(attempt.request.headers)}
          maxHeight="max-h-48"
        />
        <CodeBlock
          label={`Attempt ${attempt.attempt}: request body${prettyBody(body).isJson ? ' (JSON)' : ''}`}
          code={prettyBody(body).text}
          maxHeight="max-h-64"
        />
        {attempt.response && response ? (
          <>
            <CodeBlock
              label={`Attempt ${attempt.attempt}: response headers (HTTP ${attempt.response.status})`}
              code={headerLines(attempt.response.headers)}
              maxHeight="max-h-48"
            />
            <CodeBlock
              label={`Attempt ${attempt.attempt}: response body${response.isJson ? ' (JSON)' : ''}${attempt.response.truncated ? ', first 4 KB' : ''}`}
              code={response.text}
              maxHeight="max-h-64"
            />
          </>
        ) : (
          <p className="text-slate-600">No response was received.</p>
        )}
      </div>
    </details>
  );
}

function DeliveryBody({ delivery }: { delivery: Delivery }) {
  const attempts = delivery.attempts;
  const latest = attempts.at(-1)?.attempt;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-slate-50 p-3 sm:grid-cols-4">
        <Fact term="Status">
          <DeliveryStatusBadge status={delivery.status} />
        </Fact>
        <Fact term="Last HTTP status">
          <HttpStatus status={delivery.response_status} />
        </Fact>
        <Fact term="Attempts">{delivery.attempt_count}</Fact>
        <Fact term="Duration">{delivery.duration_ms !== null ? formatDuration(delivery.duration_ms) : '—'}</Fact>
        <Fact term="Sequence">#{delivery.sequence}</Fact>
        <Fact term="Created">
          <span title={formatDateTime(delivery.created_at)}>{formatRelativeTime(delivery.created_at)}</span>
        </Fact>
        {delivery.status === 'pending' && delivery.next_attempt_at ? (
          <Fact term="Next attempt">
            <span title={formatDateTime(delivery.next_attempt_at)}>{formatRelativeTime(delivery.next_attempt_at)}</span>
          </Fact>
        ) : null}
        <div className="col-span-2 min-w-0 sm:col-span-4">
          <dt className="text-slate-500 text-xs">Delivery ID (X-Plinth-Delivery)</dt>
          <dd className="mt-0.5 break-all font-mono text-slate-900 text-xs">{delivery.id}</dd>
        </div>
      </dl>
      <section aria-labelledby="attempts-heading" className="space-y-2">
        <h3 id="attempts-heading" className="font-semibold text-slate-900">
          Attempts
        </h3>
        {attempts.length === 0 ? (
          <>
            <p className="text-slate-600">No attempt has been made yet; the first one is on its way.</p>
            <CodeBlock label="Request body" code={prettyBody(delivery.request.body).text} maxHeight="max-h-64" />
          </>
        ) : (
          <ol className="space-y-2">
            {[...attempts].reverse().map((attempt) => (
              <li key={attempt.attempt}>
                <Attempt attempt={attempt} body={delivery.request.body} isOpen={attempt.attempt === latest} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** One delivery: what was sent, each attempt's answer or error, and a way to send it again. */
export function DeliveryDetailDialog({
  projectId,
  webhookId,
  deliveryId,
  onClose,
  onRedeliver,
  isRedelivering,
}: {
  projectId: string;
  webhookId: string;
  deliveryId: string | null;
  onClose: () => void;
  onRedeliver: (deliveryId: string) => void;
  isRedelivering: boolean;
}) {
  const delivery = useDelivery(projectId, webhookId, deliveryId);
  const data = delivery.data?.data;
  return (
    <Dialog
      isOpen={deliveryId !== null}
      onClose={onClose}
      size="lg"
      title={data ? `${data.event} delivery #${data.sequence}` : 'Delivery'}
      description={
        data ? (
          <>
            Sent to <span className="break-all">{data.request.url}</span>
          </>
        ) : undefined
      }
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {deliveryId ? (
            <Button isLoading={isRedelivering} disabled={!data} onClick={() => onRedeliver(deliveryId)}>
              Redeliver
            </Button>
          ) : null}
        </>
      }
    >
      {delivery.isPending ? (
        <div role="status" aria-label="Loading the delivery" className="space-y-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : delivery.isError ? (
        <LoadError title="We could not load this delivery." error={delivery.error} onRetry={() => delivery.refetch()} />
      ) : (
        <DeliveryBody delivery={delivery.data.data} />
      )}
    </Dialog>
  );
}
