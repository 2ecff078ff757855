import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useProjects } from '../api/get-projects';
import { ProjectUsage } from './project-usage';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function ProjectList() {
  const projects = useProjects();

  if (projects.isPending) return <Spinner label="Loading your projects…" />;
  if (projects.isError) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-5 text-red-800 text-sm ring-1 ring-red-200">
        <p>We could not load your projects.</p>
        <Button variant="secondary" className="mt-3" onClick={() => projects.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const list = projects.data.data;
  if (list.length === 0) {
    return (
      <div className="rounded-xl border-2 border-slate-300 border-dashed p-10 text-center">
        <h3 className="font-semibold text-slate-900">No projects yet</h3>
        <p className="mt-1 text-slate-600 text-sm">
          A project holds one site’s or app’s content model, entries, media and API tokens. Create your first one below.
        </p>
      </div>
    );
  }

  return (
    <ul aria-label="Your projects" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {list.map((project) => (
        <li key={project.id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-semibold text-slate-900">{project.name}</h3>
          <p className="font-mono text-slate-500 text-xs">{project.slug}</p>
          <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-slate-500">Plan</dt>
              <dd className="text-slate-900 capitalize">{project.plan}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Your role</dt>
              <dd className="text-slate-900 capitalize">{project.role ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Locales</dt>
              <dd className="text-slate-900">{project.locales.join(', ')}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Created</dt>
              <dd className="text-slate-900">{dateFormat.format(new Date(project.created_at))}</dd>
            </div>
          </dl>
          <ProjectUsage projectId={project.id} />
        </li>
      ))}
    </ul>
  );
}
