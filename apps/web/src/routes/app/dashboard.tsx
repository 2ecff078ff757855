import { PageMeta } from '../../components/ui/page-meta';
import { CreateProjectForm } from '../../features/projects/components/create-project-form';
import { ProjectList } from '../../features/projects/components/project-list';
import { useSession } from '../../lib/auth';

export function Component() {
  const { user } = useSession();
  const firstName = user?.name.split(' ')[0];
  return (
    <div className="space-y-10">
      <PageMeta title="Dashboard" description="Your Plinth projects." />
      <div>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight">
          {firstName ? `Welcome back, ${firstName}` : 'Dashboard'}
        </h1>
        <p className="mt-1 text-slate-600">Your projects, and a quick way to start a new one.</p>
      </div>
      <section aria-labelledby="projects-heading" className="space-y-4">
        <h2 id="projects-heading" className="font-semibold text-lg text-slate-900">
          Projects
        </h2>
        <ProjectList />
      </section>
      <section
        aria-labelledby="new-project-heading"
        className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="new-project-heading" className="font-semibold text-lg text-slate-900">
          New project
        </h2>
        <p className="mt-1 mb-4 text-slate-600 text-sm">
          Projects start on the free Starter plan in English; add locales and upgrade from the project settings.
        </p>
        <CreateProjectForm />
      </section>
    </div>
  );
}
