import { Outlet } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { TabNav } from '../../../components/ui/tab-nav';
import { AdminOnly } from '../../../features/admin/components/admin-only';
import { useSession } from '../../../lib/auth';

const TABS = [
  { to: '/app/admin', label: 'Users' },
  { to: '/app/admin/incidents', label: 'Incidents' },
  { to: '/app/admin/messages', label: 'Messages' },
  { to: '/app/admin/projects', label: 'Projects' },
] as const;

/** /app/admin: the instance's users, incidents, messages and projects, for instance admins. */
export function Component() {
  const { user } = useSession();
  if (!user?.is_admin) {
    return (
      <div className="space-y-6">
        <PageHeading title="Instance admin" />
        <AdminOnly />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="space-y-5">
        <PageHeading
          title="Instance admin"
          description="Everything on this Plinth instance: accounts, the public status page, messages from the site and project plans."
        />
        <TabNav label="Instance admin" tabs={TABS} />
      </div>
      <Outlet />
    </div>
  );
}
