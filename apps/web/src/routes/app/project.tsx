import { useNavigate } from 'react-router';
import { PageMeta } from '../../components/ui/page-meta';
import { CreateProjectForm } from '../../features/projects/components/create-project-form';

/** The project-setup layout's page: a focused first step for a new project. */
export function Component() {
  const navigate = useNavigate();
  return (
    <section className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
      <PageMeta title="Set up a project" description="Create a new Plinth project." />
      <h1 className="font-bold text-2xl text-slate-900 tracking-tight">Set up a new project</h1>
      <p className="mt-2 mb-6 text-slate-600">
        A project is one home for a site’s or app’s content: its collections, entries, media, webhooks and API tokens.
        Name it after what it powers; you can rename it later.
      </p>
      <CreateProjectForm onCreated={() => navigate('/app')} />
    </section>
  );
}
