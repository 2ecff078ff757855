import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { useProjects } from '../../features/projects/api/get-projects';

/** Setting up a project: a focused page with no navigation besides the way back. */
export function ProjectSetupLayout() {
  // Someone without a project has no dashboard to go back to: /app would bring them here again.
  const hasProjects = (useProjects().data?.data.length ?? 0) > 0;
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-indigo-50 to-white">
      <header className="mx-auto flex w-full max-w-3xl items-center justify-between px-4 py-6">
        <Logo to="/app" />
        {hasProjects ? (
          <Link to="/app" className="rounded-md font-medium text-slate-600 text-sm hover:text-slate-900">
            Back to dashboard
          </Link>
        ) : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pb-16">
        <Outlet />
      </main>
    </div>
  );
}
