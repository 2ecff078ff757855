import { BookOpen, LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '../../components/ui/dropdown-menu';
import { logout, useSession } from '../../lib/auth';
import { UserAvatar } from './user-avatar';

export function UserMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <DropdownMenu
      label="Account"
      trigger={
        <button
          type="button"
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <UserAvatar user={user} />
          <span className="sr-only">Account menu for {user.name || user.email}</span>
        </button>
      }
    >
      <DropdownMenuLabel>
        <span className="block truncate font-semibold text-slate-900 text-sm">{user.name}</span>
        <span className="block truncate">{user.email}</span>
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => navigate('/app/profile')}>
        <UserRound className="size-4 text-slate-500" aria-hidden />
        Profile
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => window.location.assign('/docs')}>
        <BookOpen className="size-4 text-slate-500" aria-hidden />
        Documentation
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        onSelect={async () => {
          await logout();
          navigate('/login', { replace: true });
        }}
      >
        <LogOut className="size-4 text-slate-500" aria-hidden />
        Sign out
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
