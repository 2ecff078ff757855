import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { PagedList } from '../../../components/ui/paged-list';
import { formatDate, formatDateTime } from '../../../lib/format';
import { type MessageKind, useMessages } from '../api/get-messages';
import { useListParams } from '../hooks/use-list-params';
import { FilterSelect } from './filter-select';
import { MESSAGE_KIND, subjectOf } from './labels';

const LIMIT = 25;

const KINDS = Object.keys(MESSAGE_KIND) as MessageKind[];
const isKind = (value: string): value is MessageKind => (KINDS as string[]).includes(value);

/** The contact and support messages, newest first; opening one shows it (`?message=ID`). */
export function MessageList() {
  const { page, values, params, setPage, setValue } = useListParams(['kind']);
  const kind = isKind(values.kind) ? values.kind : undefined;
  const messages = useMessages({ kind, page, limit: LIMIT });

  const linkTo = (messageId: string) => {
    const search = new URLSearchParams(params);
    search.set('message', messageId);
    return { search: `?${search}` };
  };

  return (
    <Card
      title="Messages"
      description="Sent through the site’s contact and support forms, newest first."
      actions={
        <FilterSelect
          label="Kind"
          value={kind ?? ''}
          allLabel="All messages"
          options={KINDS.map((value) => ({ value, label: MESSAGE_KIND[value].label }))}
          onChange={(value) => setValue('kind', value)}
        />
      }
      padded={false}
    >
      <PagedList
        query={messages}
        noun="messages"
        loadingLabel="Loading messages…"
        errorTitle="Could not load the messages"
        emptyIcon={Inbox}
        empty={
          kind
            ? {
                title: `No ${MESSAGE_KIND[kind].label.toLowerCase()} messages`,
                children: 'Choose “All messages” to see both kinds.',
              }
            : {
                title: 'No messages yet',
                children:
                  'Messages sent through the contact page (/contact) and the support page (/support) arrive here.',
              }
        }
        onPageChange={setPage}
      >
        {(items) => (
          <ul
            aria-label="Messages"
            aria-busy={messages.isPlaceholderData || undefined}
            className="divide-y divide-slate-100"
          >
            {items.map((message) => (
              <li
                key={message.id}
                className="relative flex flex-col gap-1 px-5 py-4 hover:bg-slate-50 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-indigo-600 has-[a:focus-visible]:ring-inset sm:flex-row sm:items-start sm:gap-4"
              >
                <div className="min-w-0 sm:w-56 sm:shrink-0">
                  <p className="truncate font-semibold text-slate-900" title={message.name}>
                    {message.name}
                  </p>
                  <p className="truncate text-slate-600 text-sm" title={message.email}>
                    {message.email}
                  </p>
                </div>
                <div className="min-w-0 flex-1">
                  <p className="flex min-w-0 items-center gap-2">
                    <Badge tone={MESSAGE_KIND[message.kind].tone}>{MESSAGE_KIND[message.kind].label}</Badge>
                    <Link
                      to={linkTo(message.id)}
                      title={subjectOf(message)}
                      className="truncate font-medium text-slate-900 after:absolute after:inset-0 focus-visible:outline-none"
                    >
                      {subjectOf(message)}
                    </Link>
                  </p>
                  <p className="mt-1 line-clamp-1 break-all text-slate-600 text-sm">{message.message}</p>
                </div>
                <time
                  dateTime={message.created_at}
                  title={formatDateTime(message.created_at)}
                  className="shrink-0 text-slate-500 text-xs sm:pt-1 sm:text-sm"
                >
                  {formatDate(message.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Card>
  );
}
