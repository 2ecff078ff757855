import type { Project } from '@plinth/contract';
import { ChevronRight, FolderPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { lastProjectId, projectPath, rememberProject } from '../../../lib/current-project';
import { formatDate } from '../../../lib/format';
import { useProjectPages } from '../api/get-projects';

/** "en (default), es, fr": the default locale first. */
function localesText(project: Project): string {
  const others = project.locales.filter((tag) => tag !== project.default_locale);
  return [`${project.default_locale} (default)`, ...others].join(', ');
}

function ProjectCard({ project, isCurrent }: { project: Project; isCurrent: boolean }) {
  return (
    // The name's link covers the card, so the whole card opens the project.
    <li className="relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-indigo-600 hover:ring-slate-300">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-600 font-semibold text-white"
        >
          {project.name.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900">
            <Link
              to={projectPath(project.id)}
              onClick={() => rememberProject(project.id)}
              title={project.name}
              className="line-clamp-2 break-words after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
            >
              {project.name}
            </Link>
          </h2>
          <p className="truncate font-mono text-slate-500 text-xs">{project.slug}</p>
        </div>
        <ChevronRight className="mt-2 size-4 shrink-0 text-slate-400" aria-hidden />
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5">
        {isCurrent ? <Badge tone="accent">Last opened</Badge> : null}
        {project.role ? (
          <Badge>
            <span className="capitalize">{project.role}</span>
          </Badge>
        ) : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 border-slate-100 border-t pt-4 text-sm">
        <div className="min-w-0">
          <dt className="text-slate-500 text-xs">Plan</dt>
          <dd className="text-slate-900 capitalize">{project.plan}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500 text-xs">Created</dt>
          <dd className="text-slate-900">{formatDate(project.created_at)}</dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-slate-500 text-xs">Locales</dt>
          <dd className="break-words text-slate-900">{localesText(project)}</dd>
        </div>
      </dl>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading your projects" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-52 rounded-xl" />
      ))}
    </div>
  );
}

/** The user's projects as cards that open them; the first step when there is none. */
export function ProjectList() {
  const projects = useProjectPages();

  if (projects.isPending) return <ListSkeleton />;
  if (projects.isError) {
    return (
      <LoadError title="We could not load your projects." error={projects.error} onRetry={() => projects.refetch()} />
    );
  }

  const list = projects.data.pages.flatMap((page) => page.data);
  const total = projects.data.pages[0]?.meta?.total ?? list.length;
  if (list.length === 0) {
    return (
      <EmptyState
        icon={FolderPlus}
        title="No projects yet"
        action={<ButtonLink to="/app/project">Create your first project</ButtonLink>}
      >
        A project holds one site’s or app’s content: its model, entries, media, webhooks and API tokens. Start from a
        blog, docs or landing-page starter, or from nothing.
      </EmptyState>
    );
  }

  const current = lastProjectId();
  return (
    <div className="space-y-4">
      <p className="text-slate-600 text-sm" aria-live="polite">
        {total === 1 ? '1 project' : `${total} projects`}
      </p>
      <ul aria-label="Your projects" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.map((project) => (
          <ProjectCard key={project.id} project={project} isCurrent={project.id === current} />
        ))}
      </ul>
      {projects.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" isLoading={projects.isFetchingNextPage} onClick={() => projects.fetchNextPage()}>
            Show more projects
          </Button>
        </div>
      ) : null}
    </div>
  );
}
