import { Plus } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { ProjectList } from '../../features/projects/components/project-list';

/** `/app/projects`: every project the user is a member of; open one, or set up a new one. */
export function Component() {
  return (
    <div className="space-y-6">
      <PageHeading
        title="Projects"
        description="Every project you are a member of. Open one to work in it; the app remembers it for next time."
        actions={
          <ButtonLink to="/app/project">
            <Plus className="size-4" aria-hidden />
            New project
          </ButtonLink>
        }
      />
      <ProjectList />
    </div>
  );
}
