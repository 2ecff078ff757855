import { Plus } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { ModelOverview } from '../../features/content-model/components/model-overview';
import { ReadOnlyNotice } from '../../features/content-model/components/read-only-notice';
import { editorPath } from '../../features/content-model/editor-paths';
import { projectPath, useCan, useCurrentProject } from '../../lib/current-project';

/** /app/projects/:projectId/collections: the content model (every member reads it; owners and admins change it). */
export function Component() {
  const project = useCurrentProject();
  const canWrite = useCan('schema.write');
  return (
    <div className="space-y-6">
      <PageHeading
        title="Content model"
        description="The collections, singletons and components of this project. Their fields shape the documents editors write and what the REST and GraphQL APIs return."
        actions={
          canWrite ? (
            <ButtonLink to={projectPath(project.id, editorPath({ isNew: 'collection' }))}>
              <Plus className="size-4" aria-hidden />
              New collection
            </ButtonLink>
          ) : (
            <Button disabled title="Only owners and admins can change the content model">
              <Plus className="size-4" aria-hidden />
              New collection
            </Button>
          )
        }
      />
      {canWrite ? null : <ReadOnlyNotice />}
      <ModelOverview projectId={project.id} canWrite={canWrite} />
    </div>
  );
}
