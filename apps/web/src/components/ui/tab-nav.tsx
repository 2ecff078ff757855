import { NavLink } from 'react-router';

/** Tabs that are pages: each one a link, so a tab can be shared and the back button works. */
export function TabNav({
  label,
  tabs,
}: {
  label: string;
  tabs: readonly { to: string; label: string; end?: boolean }[];
}) {
  return (
    <nav aria-label={label} className="-mb-px flex gap-1 overflow-x-auto border-slate-200 border-b">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end ?? true}
          className={({ isActive }) =>
            `whitespace-nowrap border-b-2 px-3 py-2 font-medium text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 ${isActive ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'}`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
