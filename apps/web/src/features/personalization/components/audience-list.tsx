import type { Audience } from '@plinth/contract';
import { Pencil, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDeleteAudience } from '../api/delete-audience';
import { useAudiences } from '../api/get-audiences';
import { rulesWords } from '../rules';
import { AudienceFormDialog } from './audience-form-dialog';

function ListSkeleton() {
  return (
    <Card title="Audiences" padded={false}>
      <div role="status" aria-label="Loading audiences" className="divide-y divide-slate-100">
        {[0, 1, 2].map((row) => (
          <div key={row} className="space-y-2.5 px-5 py-4">
            <Skeleton className="h-4 w-full max-w-sm" />
            <Skeleton className="h-4 w-full max-w-md" />
          </div>
        ))}
      </div>
    </Card>
  );
}

/**
 * The project's audiences in the order delivery tries them, with their rules in words. Those who
 * may change the model (`canWrite`) create, edit and delete them here.
 */
export function AudienceList({
  projectId,
  canWrite,
  isCreating,
  onCreate,
  onCloseCreate,
}: {
  projectId: string;
  canWrite: boolean;
  isCreating: boolean;
  onCreate: () => void;
  onCloseCreate: () => void;
}) {
  const audiences = useAudiences(projectId);
  const remove = useDeleteAudience();
  const [editing, setEditing] = useState<Audience | null>(null);
  const [deleting, setDeleting] = useState<Audience | null>(null);

  const dialogs = canWrite ? (
    <>
      <AudienceFormDialog projectId={projectId} isOpen={isCreating} onClose={onCloseCreate} />
      <AudienceFormDialog
        projectId={projectId}
        audience={editing ?? undefined}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete the audience “${deleting?.name ?? ''}”?`}
        description="Every document’s variant for this audience is deleted with it, and visitors who matched it get the base documents."
        confirmLabel="Delete audience"
        isPending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate({ projectId, audienceKey: deleting.key }, { onSettled: () => setDeleting(null) });
        }}
      />
    </>
  ) : null;

  if (audiences.isPending) return <ListSkeleton />;
  if (audiences.isError) {
    return (
      <LoadError title="We could not load the audiences." error={audiences.error} onRetry={() => audiences.refetch()} />
    );
  }
  const items = [...audiences.data.data].sort(
    (a, b) => a.priority - b.priority || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  if (items.length === 0) {
    return (
      <>
        <EmptyState
          icon={UsersRound}
          title="No audiences yet"
          action={canWrite ? <Button onClick={onCreate}>New audience</Button> : null}
        >
          An audience describes a group of visitors, such as “visitors from France on a phone”. Documents can then hold
          a variant for it, which those visitors get instead of the base text.
        </EmptyState>
        {dialogs}
      </>
    );
  }

  return (
    <>
      <Card
        title="Audiences"
        description={`${items.length} ${items.length === 1 ? 'audience' : 'audiences'}, in the order they are tried: the first that matches a visitor wins.`}
        padded={false}
      >
        <ul aria-label="Audiences" className="divide-y divide-slate-100">
          {items.map((audience) => (
            <li key={audience.key} className="flex items-start gap-3 px-5 py-4">
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <h3 className="font-medium text-slate-900 text-sm">{audience.name}</h3>
                  <span className="font-mono text-slate-500 text-xs">{audience.key}</span>
                </div>
                <p className="break-words text-slate-700 text-sm">{rulesWords(audience.rules, audience.match)}</p>
                <p className="text-slate-500 text-xs">
                  Priority {audience.priority} · matches {audience.match === 'all' ? 'all rules' : 'any rule'}
                </p>
              </div>
              {canWrite ? (
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Edit ${audience.name}`}
                    onClick={() => setEditing(audience)}
                  >
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Delete ${audience.name}`}
                    onClick={() => setDeleting(audience)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
      {dialogs}
    </>
  );
}
