import { ROLES_ALLOWED } from '@plinth/contract';
import { Eye } from 'lucide-react';
import { PageHeading } from '../../components/ui/page-heading';
import { MediaLibrary } from '../../features/media/components/media-library';
import { UploadButton } from '../../features/media/components/upload-controls';
import { useCan, useCurrentProject } from '../../lib/current-project';

/** Why a member sees the library read-only: their role, and who can upload. */
function ReadOnlyNotice() {
  const project = useCurrentProject();
  const allowed = ROLES_ALLOWED['media.create'].map((role) => `${role}s`);
  const whoCan = `${allowed.slice(0, -1).join(', ')} and ${allowed.at(-1)}`;
  return (
    <p className="flex gap-2.5 rounded-lg bg-sky-50 p-3 text-sky-900 text-sm ring-1 ring-sky-200 ring-inset">
      <Eye className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        You are {project.role === 'admin' || project.role === 'owner' ? 'an' : 'a'} {project.role ?? 'guest'} in{' '}
        {project.name}, so the library is read-only for you: you can browse, preview and copy links to files. Only{' '}
        {whoCan} can upload, change or delete them.
      </span>
    </p>
  );
}

/** /app/projects/:projectId/media: the project's media library. */
export function Component() {
  const canUpload = useCan('media.create');
  return (
    <div className="space-y-6">
      <PageHeading
        title="Media"
        description="Images, videos, audio and documents for your content. Images are resized and converted on request through their URL."
        actions={canUpload ? <UploadButton /> : undefined}
      />
      {canUpload ? null : <ReadOnlyNotice />}
      <MediaLibrary />
    </div>
  );
}
