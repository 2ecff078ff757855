import type { Project } from '@plinth/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** Deleting the project: owners only, after typing its exact name. */
export function DangerZone({
  project,
  canDelete,
  isDeleting,
  onDelete,
}: {
  project: Project;
  canDelete: boolean;
  isDeleting: boolean;
  onDelete: () => void;
}) {
  const [isConfirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="danger-zone" className="min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-red-200">
      <div className="border-red-100 border-b px-5 py-4">
        <h2 id="danger-zone" className="font-semibold text-red-800">
          Danger zone
        </h2>
      </div>
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-medium text-slate-900 text-sm">Delete this project</h3>
          <p className="mt-1 max-w-2xl text-slate-600 text-sm">
            {canDelete
              ? 'Its content, media files, API tokens and webhooks go with it, and every member loses access at once. This cannot be undone.'
              : 'Only an owner of the project can delete it.'}
          </p>
        </div>
        {canDelete ? (
          <Button variant="danger" className="shrink-0" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden />
            Delete project
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title="Delete this project?"
        description={
          <>
            <span className="break-words font-semibold text-slate-900">{project.name}</span>, its content and its media
            are deleted, its API tokens and webhooks stop working, and the slug{' '}
            <span className="font-mono">{project.slug}</span> becomes free. This cannot be undone.
          </>
        }
        confirmText={project.name}
        confirmLabel="Delete project"
        isPending={isDeleting}
        onConfirm={onDelete}
        onClose={() => (isDeleting ? undefined : setConfirming(false))}
      />
    </section>
  );
}
