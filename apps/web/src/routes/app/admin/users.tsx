import { PendingUsers } from '../../../features/admin/components/pending-users';
import { UserTable } from '../../../features/admin/components/user-table';

/** /app/admin: registrations waiting for approval, then every account. */
export function Component() {
  return (
    <div className="space-y-6">
      <PendingUsers />
      <UserTable />
    </div>
  );
}
