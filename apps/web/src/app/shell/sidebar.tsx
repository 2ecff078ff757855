import { type Project, roleCan } from '@plinth/contract';
import { BookOpen } from 'lucide-react';
import { NavLink } from 'react-router';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/auth';
import { projectPath } from '../../lib/current-project';
import { ACCOUNT_SCREENS, PROJECT_SCREENS } from './navigation';
import { ProjectSwitcher } from './project-switcher';

const LINK =
  'flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-sm focus-visible:outline-2 focus-visible:outline-indigo-600';
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${LINK} ${isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

/**
 * The app's navigation: the project switcher, the project's screens the member's role may use,
 * then the user's and the instance's screens.
 */
export function Sidebar({
  project,
  section,
  onNavigate,
}: {
  project: Project | null;
  section: string;
  onNavigate?: () => void;
}) {
  const { user } = useSession();
  const screens = project ? PROJECT_SCREENS.filter((screen) => roleCan(project.role, screen.needs)) : [];
  return (
    <div className="flex h-full flex-col gap-5 overflow-y-auto px-3 py-4">
      <div className="px-2">
        <Logo to="/app" />
      </div>
      <ProjectSwitcher project={project} section={section} />
      {project ? (
        <nav aria-label="Project">
          <ul className="space-y-0.5">
            {screens.map((screen) => (
              <li key={screen.section}>
                <NavLink
                  to={projectPath(project.id, screen.section)}
                  end={screen.section === ''}
                  className={linkClass}
                  onClick={onNavigate}
                >
                  <screen.icon className="size-4 shrink-0" aria-hidden />
                  {screen.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <nav aria-label="Account" className="border-slate-200 border-t pt-4">
        <ul className="space-y-0.5">
          {ACCOUNT_SCREENS.filter((screen) => !screen.adminOnly || user?.is_admin).map((screen) => (
            <li key={screen.to}>
              <NavLink to={screen.to} end={screen.to === '/app/projects'} className={linkClass} onClick={onNavigate}>
                <screen.icon className="size-4 shrink-0" aria-hidden />
                {screen.label}
              </NavLink>
            </li>
          ))}
          <li>
            <a href="/docs" className={`${LINK} text-slate-700 hover:bg-slate-100 hover:text-slate-900`}>
              <BookOpen className="size-4 shrink-0" aria-hidden />
              Documentation
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
