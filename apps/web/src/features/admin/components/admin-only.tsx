import { ShieldAlert } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/** What someone who is not an instance admin sees at /app/admin (the API refuses them as well). */
export function AdminOnly() {
  return (
    <EmptyState
      icon={ShieldAlert}
      title="Instance admins only"
      action={<ButtonLink to="/app">Back to your projects</ButtonLink>}
    >
      <p>
        This area manages the whole Plinth instance: accounts, the public status page, messages sent through the site
        and project plans. Your account is not an instance admin, so there is nothing to see here.
      </p>
      <p className="mt-2">
        To manage a project, use its settings; the project’s owners can change members and billing. If you need instance
        access, ask whoever runs this Plinth server.
      </p>
    </EmptyState>
  );
}
