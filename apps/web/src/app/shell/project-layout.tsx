import { FolderX } from 'lucide-react';
import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/query-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useProject } from '../../features/projects/api/get-project';
import { isNotFound } from '../../lib/api-client';
import { CurrentProjectProvider, rememberProject } from '../../lib/current-project';

/** `/app/projects/:projectId/*`: loads the project once and gives it to every screen below. */
export function ProjectLayout() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const loaded = project.data?.data;
  useEffect(() => {
    if (loaded) rememberProject(loaded.id);
  }, [loaded]);

  if (project.isPending) {
    return (
      <div role="status" aria-label="Loading the project" className="space-y-6">
        <Skeleton className="h-8 w-64" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-28" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (project.isError) {
    if (isNotFound(project.error)) {
      return (
        <EmptyState
          icon={FolderX}
          title="This project is not available"
          action={<ButtonLink to="/app/projects">See your projects</ButtonLink>}
        >
          It does not exist, or you are not a member of it. Ask one of its owners for an invitation.
        </EmptyState>
      );
    }
    return (
      <LoadError title="We could not load this project." error={project.error} onRetry={() => project.refetch()} />
    );
  }
  return (
    <CurrentProjectProvider project={project.data.data}>
      <Outlet />
    </CurrentProjectProvider>
  );
}
