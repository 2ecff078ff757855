import type { AdminUser } from '@plinth/contract';
import { Button } from '../../../components/ui/button';
import { useApproveUser } from '../api/approve-user';

/** Lets a pending registration sign in. */
export function ApproveButton({ user, size = 'sm' }: { user: Pick<AdminUser, 'id' | 'name'>; size?: 'sm' | 'md' }) {
  const approve = useApproveUser();
  return (
    <Button size={size} isLoading={approve.isPending} onClick={() => approve.mutate(user)}>
      Approve<span className="sr-only"> {user.name}</span>
    </Button>
  );
}
