import type { SiteMessage } from '@plinth/contract';
import { Mail } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { BackLink, DetailLoadError, DetailTitle } from '../../../components/ui/detail-page';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBreadcrumb } from '../../../lib/breadcrumbs';
import { formatDateTime } from '../../../lib/format';
import { useMessage } from '../api/get-message';
import { MESSAGE_KIND, subjectOf, titleOf } from './labels';

/** Mail clients cut long mailto links: the quote of the original stops here. */
const QUOTE_MAX = 1500;

/** A reply in the admin's own mail program: to the sender, "Re:" the subject, quoting the message. */
export function replyLink(message: SiteMessage): string {
  const original = message.message.length > QUOTE_MAX ? `${message.message.slice(0, QUOTE_MAX)}…` : message.message;
  const quote = original
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `\n\nOn ${formatDateTime(message.created_at)}, ${message.name} wrote:\n${quote}`;
  const query = new URLSearchParams({ subject: `Re: ${subjectOf(message)}`, body });
  // URLSearchParams writes spaces as "+", which mail programs show as is.
  return `mailto:${encodeURIComponent(message.email).replace('%40', '@')}?${query.toString().replace(/\+/g, '%20')}`;
}

function DetailSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the message…"
      className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200"
    >
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-32 w-full" />
      <span className="sr-only">Loading the message…</span>
    </div>
  );
}

/** One message in full: its text exactly as sent (never as HTML), and a way to answer it. */
export function MessageDetail({ messageId, backTo }: { messageId: string; backTo: { search: string } }) {
  const query = useMessage(messageId);
  const message = query.data?.data;
  useBreadcrumb(message ? titleOf(message) : undefined);

  const back = <BackLink to={backTo}>All messages</BackLink>;

  if (query.isPending) {
    return (
      <div className="space-y-4">
        {back}
        <DetailSkeleton />
      </div>
    );
  }
  if (query.isError || !message) {
    return (
      <div className="space-y-4">
        {back}
        <DetailLoadError
          error={query.error}
          onRetry={() => query.refetch()}
          errorTitle="Could not load the message"
          missingTitle="This message does not exist"
        >
          Check the link, or find the message in the list.
        </DetailLoadError>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {back}
      <article aria-labelledby="message-subject" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <header className="flex flex-col gap-4 border-slate-100 border-b px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={MESSAGE_KIND[message.kind].tone}>{MESSAGE_KIND[message.kind].label}</Badge>
              <time dateTime={message.created_at} className="text-slate-500 text-sm">
                {formatDateTime(message.created_at)}
              </time>
            </div>
            <DetailTitle id="message-subject">{titleOf(message)}</DetailTitle>
          </div>
          <a href={replyLink(message)} className={buttonClass('primary', 'shrink-0 self-start')}>
            <Mail className="size-4" aria-hidden />
            Reply by email
          </a>
        </header>
        <dl className="grid gap-x-6 gap-y-2 border-slate-100 border-b px-5 py-4 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-slate-500">From</dt>
          <dd className="break-words text-slate-900">{message.name}</dd>
          <dt className="text-slate-500 sm:py-0.5">Email</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-2">
            <a
              href={`mailto:${message.email}`}
              className="min-w-0 break-all text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {message.email}
            </a>
            <CopyButton value={message.email} label="Copy address" />
          </dd>
          <dt className="text-slate-500">Company</dt>
          <dd className="break-words text-slate-900">{message.company ?? 'Not given'}</dd>
        </dl>
        {/* Plain text, as sent: React escapes it, and line breaks are kept. */}
        <div className="whitespace-pre-wrap break-words px-5 py-5 text-slate-800 leading-relaxed">
          {message.message}
        </div>
      </article>
    </div>
  );
}
