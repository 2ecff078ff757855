import { useNavigate } from 'react-router';
import { useDeleteProject } from '../../../features/projects/api/delete-project';
import { useUpdateProject } from '../../../features/projects/api/update-project';
import { DangerZone } from '../../../features/settings/components/danger-zone';
import { GeneralSettingsForm } from '../../../features/settings/components/general-settings-form';
import { GeneralSettingsView } from '../../../features/settings/components/general-settings-view';
import { ProjectIdentity } from '../../../features/settings/components/project-identity';
import { useCan, useCurrentProject } from '../../../lib/current-project';
import { LEAVE_WITHOUT_ASKING } from '../../../lib/unsaved-changes';

/** `/app/projects/:projectId/settings`: the project's ID, name and locales, and deleting it. */
export function Component() {
  const project = useCurrentProject();
  const canEdit = useCan('settings.manage');
  const canDelete = useCan('project.delete');
  const update = useUpdateProject(project.id);
  const remove = useDeleteProject(project.id);
  const navigate = useNavigate();

  return (
    <div className="space-y-6">
      <ProjectIdentity project={project} />
      {canEdit ? (
        <GeneralSettingsForm
          project={project}
          isSaving={update.isPending}
          onSave={async (changes) => (await update.mutateAsync(changes)).data}
        />
      ) : (
        <GeneralSettingsView project={project} />
      )}
      <DangerZone
        project={project}
        canDelete={canDelete}
        isDeleting={remove.isPending || remove.isSuccess}
        onDelete={() =>
          remove.mutate(undefined, {
            onSuccess: () => navigate('/app/projects', { replace: true, state: LEAVE_WITHOUT_ASKING }),
          })
        }
      />
    </div>
  );
}
