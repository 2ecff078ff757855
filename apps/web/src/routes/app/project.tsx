import { useNavigate } from 'react-router';
import { PageMeta } from '../../components/ui/page-meta';
import { ProjectSetupWizard } from '../../features/projects/components/project-setup-wizard';
import { LocalesEditor } from '../../features/settings/components/locales-editor';
import { projectPath } from '../../lib/current-project';

/** `/app/project`, in the project-setup layout: a new project (the first one after signing up) in a few steps. */
export function Component() {
  const navigate = useNavigate();
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <PageMeta title="Set up a project" description="Create a new Plinth project." />
      <h1 className="font-bold text-2xl text-slate-900 tracking-tight">Set up a new project</h1>
      <p className="mt-2 mb-8 text-slate-600">
        A project is one home for a site’s or app’s content: its collections, entries, media, webhooks and API tokens.
      </p>
      <ProjectSetupWizard
        renderLocales={(props) => <LocalesEditor {...props} />}
        onDone={(project) => navigate(projectPath(project.id), { replace: true })}
      />
    </section>
  );
}
