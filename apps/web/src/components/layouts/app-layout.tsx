import { NavLink, Outlet, useNavigate } from 'react-router';
import { logout, useSession } from '../../lib/auth';
import { Logo } from '../logo';
import { Button } from '../ui/button';

const APP_NAVIGATION = [
  { to: '/app', label: 'Dashboard' },
  { to: '/app/project', label: 'New project' },
  { to: '/app/graphql', label: 'GraphQL' },
] as const;

/** The signed-in app: its own header with the user and sign-out, no marketing navigation. */
export function AppLayout() {
  const { user } = useSession();
  const navigate = useNavigate();

  const onSignOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
          <div className="flex items-center gap-6">
            <Logo to="/app" />
            <nav aria-label="App">
              <ul className="flex gap-1">
                {APP_NAVIGATION.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end
                      className={({ isActive }) =>
                        `rounded-md px-3 py-2 font-medium text-sm ${isActive ? 'bg-slate-100 text-slate-900' : 'text-slate-600 hover:text-slate-900'}`
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <div className="flex items-center gap-3">
            {user ? (
              <span className="hidden text-slate-600 text-sm sm:inline">
                Signed in as <span className="font-medium text-slate-900">{user.name || user.email}</span>
              </span>
            ) : null}
            <Button variant="secondary" onClick={onSignOut}>
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
