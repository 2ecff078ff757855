import { UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { PagedList } from '../../../components/ui/paged-list';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useAdminUsers } from '../api/get-users';
import { ApproveButton } from './approve-button';

const LIMIT = 20;

/** Registrations waiting for approval (registration mode `approval`), newest first, each with Approve. */
export function PendingUsers() {
  const [page, setPage] = useState(1);
  const pending = useAdminUsers({ status: 'pending', page, limit: LIMIT });
  const total = pending.data?.meta.total ?? 0;
  const isPageEmpty = pending.data?.data.length === 0;
  // Approving the last person of a later page leaves it empty: show the page before.
  useEffect(() => {
    if (isPageEmpty && page > 1) setPage((current) => current - 1);
  }, [isPageEmpty, page]);

  return (
    <Card
      title="Waiting for approval"
      description="People who registered while sign-ups need approval. They cannot sign in until you approve them."
      actions={total > 0 ? <Badge tone="warning">{total} waiting</Badge> : null}
      padded={false}
    >
      <PagedList
        query={pending}
        noun="waiting"
        loadingLabel="Loading registrations waiting for approval…"
        skeletonRows={2}
        errorTitle="Could not load the registrations waiting for approval"
        emptyIcon={UserCheck}
        empty={{
          title: 'No one is waiting',
          children: (
            <>
              When registration needs approval (<code className="font-mono text-xs">PLINTH_REGISTRATION=approval</code>
              ), new accounts wait here until you approve them. Everyone who registered so far can sign in.
            </>
          ),
        }}
        onPageChange={setPage}
        isPagerHiddenOnOnePage
      >
        {(items) => (
          <ul aria-label="Registrations waiting for approval" className="divide-y divide-slate-100">
            {items.map((user) => (
              <li key={user.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-slate-900" title={user.name}>
                    {user.name}
                  </p>
                  <p className="truncate text-slate-600 text-sm">
                    <a
                      href={`mailto:${user.email}`}
                      title={user.email}
                      className="hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      {user.email}
                    </a>
                  </p>
                  <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-500 text-xs">
                    <div className="flex min-w-0 gap-1">
                      <dt>Company:</dt>
                      <dd className="truncate text-slate-700" title={user.company ?? undefined}>
                        {user.company ?? 'Not given'}
                      </dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Signed up:</dt>
                      <dd className="text-slate-700">
                        <time dateTime={user.created_at} title={formatRelativeTime(user.created_at)}>
                          {formatDateTime(user.created_at)}
                        </time>
                      </dd>
                    </div>
                  </dl>
                </div>
                <div className="shrink-0">
                  <ApproveButton user={user} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Card>
  );
}
