import { useNavigate } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { LoadError, Loading } from '../../components/ui/query-state';
import { GraphqlExplorer } from '../../features/graphql/components/graphql-explorer';
import { useProjects } from '../../features/projects/api/get-projects';
import { projectPath, useCurrentProject } from '../../lib/current-project';

/** /app/projects/:projectId/graphql: the GraphQL explorer (`/app/graphql?project=` and GET /api/graphql lead here). */
export function Component() {
  const project = useCurrentProject();
  const projects = useProjects();
  const navigate = useNavigate();
  return (
    <div className="space-y-6">
      <PageHeading
        title="GraphQL explorer"
        description="Queries run with your own access to the project: you see drafts and hidden fields that API tokens may not."
      />
      {projects.isPending ? (
        <Loading label="Loading your projects…" />
      ) : projects.isError ? (
        <LoadError title="We could not load your projects." error={projects.error} onRetry={() => projects.refetch()} />
      ) : (
        <GraphqlExplorer
          projects={projects.data.data}
          projectId={project.id}
          onProjectChange={(id) => navigate(projectPath(id, 'graphql'))}
        />
      )}
    </div>
  );
}
