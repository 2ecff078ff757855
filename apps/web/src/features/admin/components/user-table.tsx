import type { UserStatus } from '@plinth/contract';
import { Users } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { PagedList } from '../../../components/ui/paged-list';
import { RecordTable } from '../../../components/ui/record-table';
import { useSession } from '../../../lib/auth';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useAdminUsers } from '../api/get-users';
import { useListParams } from '../hooks/use-list-params';
import { FilterSelect } from './filter-select';
import { USER_STATUS } from './labels';

const LIMIT = 25;
const STATUSES = Object.keys(USER_STATUS) as UserStatus[];
const isStatus = (value: string): value is UserStatus => (STATUSES as string[]).includes(value);

const COLUMNS = [{ label: 'User' }, { label: 'Company' }, { label: 'Status' }, { label: 'Signed up' }];

/** Every account of the instance, newest first, filtered by status and paged (in the address). */
export function UserTable() {
  const { user: me } = useSession();
  const { page, values, setPage, setValue } = useListParams(['status']);
  const status = isStatus(values.status) ? values.status : undefined;
  const users = useAdminUsers({ status, page, limit: LIMIT });

  const filter = (
    <FilterSelect
      label="Status"
      value={status ?? ''}
      allLabel="All statuses"
      options={STATUSES.map((value) => ({ value, label: USER_STATUS[value].label }))}
      onChange={(value) => setValue('status', value)}
    />
  );

  return (
    <Card
      title="All users"
      description="Everyone with an account on this instance, newest first."
      actions={filter}
      padded={false}
    >
      <PagedList
        query={users}
        noun="users"
        loadingLabel="Loading users…"
        errorTitle="Could not load the users"
        emptyIcon={Users}
        empty={
          status
            ? {
                title: `No ${USER_STATUS[status].label.toLowerCase()} users`,
                children: 'No account has this status. Choose “All statuses” to see everyone.',
              }
            : { title: 'No users yet', children: 'Accounts appear here as people register.' }
        }
        onPageChange={setPage}
      >
        {(items, meta) => (
          <RecordTable
            caption={`Users${status ? `, ${USER_STATUS[status].label.toLowerCase()}` : ''}, page ${meta.page}`}
            columns={COLUMNS}
            minWidthClass="min-w-[36rem]"
            isStale={users.isPlaceholderData}
          >
            {items.map((user) => (
              <tr key={user.id}>
                <td className="max-w-xs px-5 py-3">
                  <div className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-medium text-slate-900" title={user.name}>
                      {user.name || 'No name yet'}
                    </span>
                    {user.id === me?.id ? <span className="shrink-0 text-slate-500 text-xs">(you)</span> : null}
                    {user.is_admin ? <Badge tone="accent">Instance admin</Badge> : null}
                  </div>
                  <div className="truncate text-slate-600" title={user.email}>
                    {user.email}
                  </div>
                </td>
                <td className="max-w-[12rem] px-5 py-3">
                  {user.company ? (
                    <span className="block truncate text-slate-700" title={user.company}>
                      {user.company}
                    </span>
                  ) : (
                    <span className="text-slate-400">
                      —<span className="sr-only">Not given</span>
                    </span>
                  )}
                </td>
                <td className="px-5 py-3">
                  <Badge tone={USER_STATUS[user.status].tone}>{USER_STATUS[user.status].label}</Badge>
                </td>
                <td className="whitespace-nowrap px-5 py-3 text-slate-700">
                  <time dateTime={user.created_at} title={formatDateTime(user.created_at)}>
                    {formatDate(user.created_at)}
                  </time>
                </td>
              </tr>
            ))}
          </RecordTable>
        )}
      </PagedList>
    </Card>
  );
}
