import { Navigate, useParams, useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../components/ui/query-state';
import { useProjects } from '../../features/projects/api/get-projects';
import { lastProjectId, projectPath } from '../../lib/current-project';

/**
 * `/app` and the product's `/app/<section>` paths: the same screen in the project used last (or
 * the one `?project=` names), the first project otherwise, and the setup wizard when there is none.
 */
export function OpenProject({ section = '' }: { section?: string }) {
  const projects = useProjects();
  const [params] = useSearchParams();
  if (projects.isPending) return <Loading label="Opening your project…" />;
  if (projects.isError) {
    return (
      <LoadError title="We could not load your projects." error={projects.error} onRetry={() => projects.refetch()} />
    );
  }
  const list = projects.data.data;
  if (list.length === 0) return <Navigate to="/app/project" replace />;
  const wanted = params.get('project') ?? lastProjectId();
  const project = list.find((item) => item.id === wanted) ?? list[0];
  const rest = new URLSearchParams(params);
  rest.delete('project');
  const query = rest.toString();
  return <Navigate to={`${projectPath(project?.id ?? '', section)}${query ? `?${query}` : ''}`} replace />;
}

/** `/app/<section>/<rest>` (`/app/collection-editor/articles`): that path in the project used last. */
export function OpenProjectPath({ section }: { section: string }) {
  const rest = useParams()['*'] ?? '';
  return <OpenProject section={rest ? `${section}/${rest}` : section} />;
}
