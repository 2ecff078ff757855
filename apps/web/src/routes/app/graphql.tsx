import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '../../components/ui/page-meta';
import { LoadError, Loading } from '../../components/ui/query-state';
import { GraphqlExplorer } from '../../features/graphql/components/graphql-explorer';
import { useProjects } from '../../features/projects/api/get-projects';

/** /app/graphql: the GraphQL explorer (GET /api/graphql leads here; `?project=` picks the project). */
export function Component() {
  const projects = useProjects();
  const [params, setParams] = useSearchParams();

  let body: ReactNode;
  if (projects.isPending) body = <Loading label="Loading your projects…" />;
  else if (projects.isError) {
    body = (
      <LoadError title="We could not load your projects." error={projects.error} onRetry={() => projects.refetch()} />
    );
  } else if (projects.data.data.length === 0) {
    body = (
      <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm ring-1 ring-slate-200">
        The explorer runs queries against a project’s content.{' '}
        <Link to="/app/project" className="font-semibold text-indigo-600 hover:underline">
          Create a project
        </Link>{' '}
        first.
      </p>
    );
  } else {
    const list = projects.data.data;
    const requested = params.get('project');
    const projectId = list.find((project) => project.id === requested)?.id ?? list[0]?.id ?? '';
    body = (
      <GraphqlExplorer
        projects={list}
        projectId={projectId}
        onProjectChange={(id) => setParams({ project: id }, { replace: true })}
      />
    );
  }

  return (
    <div className="space-y-6">
      <PageMeta title="GraphQL explorer" description="Run GraphQL queries against your Plinth projects." />
      <div>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight">GraphQL explorer</h1>
        <p className="mt-1 text-slate-600">
          Queries run with your own access to the project: you see drafts and hidden fields that API tokens may not.
        </p>
      </div>
      {body}
    </div>
  );
}
