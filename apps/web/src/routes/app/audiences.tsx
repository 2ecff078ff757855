import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { AudienceList } from '../../features/personalization/components/audience-list';
import { useCan, useCurrentProject } from '../../lib/current-project';

/** /app/projects/:projectId/audiences: who documents' variants are for (owners and admins change them). */
export function Component() {
  const project = useCurrentProject();
  const canWrite = useCan('schema.write');
  const [isCreating, setCreating] = useState(false);
  return (
    <div className="space-y-6">
      <PageHeading
        title="Audiences"
        description={
          canWrite
            ? 'Groups of visitors, told apart by country, language, device, campaign or your own attributes. A document’s variant for an audience replaces some of its fields for those visitors.'
            : 'Groups of visitors that documents’ variants are for. Only owners and admins can change audiences.'
        }
        actions={
          canWrite ? (
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden />
              New audience
            </Button>
          ) : null
        }
      />
      <AudienceList
        projectId={project.id}
        canWrite={canWrite}
        isCreating={isCreating}
        onCreate={() => setCreating(true)}
        onCloseCreate={() => setCreating(false)}
      />
    </div>
  );
}
