import type { Project } from '@plinth/contract';
import { ChevronRight } from 'lucide-react';
import { Link, type UIMatch, useMatches } from 'react-router';
import { useBreadcrumbDetail } from '../../lib/breadcrumbs';
import { projectPath } from '../../lib/current-project';

/** What a route puts in the breadcrumbs: its label (routes without one add nothing). */
export interface RouteHandle {
  crumb?: string;
}

interface Crumb {
  label: string;
  to?: string;
}

/** Where the screen is: the project, the screen, and the thing it shows (links but for the last). */
export function Breadcrumbs({ project }: { project: Project | null }) {
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const detail = useBreadcrumbDetail();
  const crumbs: Crumb[] = [];
  if (project && matches.some((match) => match.params.projectId)) {
    crumbs.push({ label: project.name, to: projectPath(project.id) });
  }
  for (const match of matches) {
    const label = match.handle?.crumb;
    if (label && crumbs.at(-1)?.label !== label) crumbs.push({ label, to: match.pathname });
  }
  if (detail) crumbs.push({ label: detail });
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumbs" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li
              key={crumb.to ?? `detail:${crumb.label}`}
              className={`flex min-w-0 items-center gap-1.5 ${last ? '' : 'hidden sm:flex'}`}
            >
              {index > 0 ? (
                <ChevronRight className="hidden size-4 shrink-0 text-slate-400 sm:block" aria-hidden />
              ) : null}
              {last || !crumb.to ? (
                <span aria-current={last ? 'page' : undefined} className="truncate font-medium text-slate-900">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="truncate text-slate-600 hover:text-slate-900 hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
