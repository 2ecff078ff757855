import { Outlet } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { TabNav } from '../../../components/ui/tab-nav';
import { projectPath, useCurrentProject } from '../../../lib/current-project';

/** `/app/projects/:projectId/settings/*`: the project's settings, one tab per area. */
export function Component() {
  const project = useCurrentProject();
  const tabs = [
    { to: projectPath(project.id, 'settings'), label: 'General' },
    { to: projectPath(project.id, 'settings/members'), label: 'Members' },
    // Every member sees the plan and its usage; only owners change it (the screen says so).
    { to: projectPath(project.id, 'settings/billing'), label: 'Billing' },
    { to: '/app/settings/profile', label: 'Profile' },
  ];
  return (
    <div className="space-y-6">
      <PageHeading
        title="Settings"
        description={
          <>
            Settings of <span className="break-words font-medium text-slate-900">{project.name}</span>: its name and
            locales, who works in it, and its plan.
          </>
        }
      />
      {/* In a box of its own: the tabs' negative margin would cancel the space below them. */}
      <div>
        <TabNav label="Settings" tabs={tabs} />
      </div>
      <Outlet />
    </div>
  );
}
