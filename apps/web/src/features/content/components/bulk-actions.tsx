import { Languages, RotateCcw, Send, Trash2, Undo2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { type BulkActionKind, type BulkResult, useBulkAction } from '../api/bulk-action';

const RUNNING: Record<BulkActionKind, string> = {
  publish: 'Publishing',
  unpublish: 'Unpublishing',
  delete: 'Moving to trash',
  restore: 'Restoring',
};

const DONE: Record<BulkActionKind, string> = {
  publish: 'published',
  unpublish: 'unpublished',
  delete: 'moved to trash',
  restore: 'restored',
};

const documents = (count: number) => `${count} ${count === 1 ? 'document' : 'documents'}`;

interface Run {
  action: BulkActionKind;
  locales?: string[];
  total: number;
  done: number;
  result: BulkResult | null;
}

function LocalesDialog({
  isOpen,
  count,
  locales,
  defaultLocale,
  onClose,
  onPublish,
}: {
  isOpen: boolean;
  count: number;
  locales: readonly string[];
  defaultLocale: string;
  onClose: () => void;
  onPublish: (locales: string[]) => void;
}) {
  const [picked, setChosen] = useState<string[]>([]);
  // In the project's order, however they were ticked.
  const chosen = locales.filter((locale) => picked.includes(locale));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length > 0) onPublish(chosen);
  };
  return (
    <Dialog
      isOpen={isOpen}
      title="Publish chosen locales"
      description={`Publishes only these locales of the ${documents(count)}; the other locales stay as they are. A document’s first publish must include ${defaultLocale}.`}
      onClose={onClose}
    >
      <form onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="font-medium text-slate-800 text-sm">Locales</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {locales.map((locale) => (
              <label
                key={locale}
                className="flex items-center gap-2 rounded-lg px-3 py-2 text-slate-800 text-sm ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-300"
              >
                <input
                  type="checkbox"
                  checked={chosen.includes(locale)}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked ? [...current, locale] : current.filter((item) => item !== locale),
                    )
                  }
                  className="size-4 rounded border-slate-400 text-indigo-600"
                />
                <span className="font-mono">{locale}</span>
                {locale === defaultLocale ? <span className="text-slate-500 text-xs">default</span> : null}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={chosen.length === 0}>
            {chosen.length === 0 ? 'Choose a locale' : `Publish ${chosen.join(', ')}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The progress of a bulk action ("3 of 10"), then what failed and why, document by document. */
function ProgressDialog({
  run,
  titleOf,
  onClose,
}: {
  run: Run | null;
  titleOf: (id: string) => string;
  onClose: () => void;
}) {
  const result = run?.result ?? null;
  const failures = result?.failures ?? [];
  const isRunning = run !== null && result === null;
  const succeeded = run ? (result ? result.total - failures.length : 0) : 0;
  return (
    <Dialog
      isOpen={run !== null}
      title={run ? `${RUNNING[run.action]} ${documents(run.total)}` : ''}
      description={
        run?.locales
          ? `Locales: ${run.locales.join(', ')}`
          : isRunning
            ? 'You can keep this tab open meanwhile.'
            : undefined
      }
      // It closes once the work is done: closing earlier would hide failures still to come.
      onClose={isRunning ? () => undefined : onClose}
      actions={
        <Button onClick={onClose} disabled={isRunning} variant={isRunning ? 'secondary' : 'primary'}>
          {isRunning ? 'Working…' : 'Close'}
        </Button>
      }
    >
      {run ? (
        <div className="space-y-4">
          <ProgressBar
            label={isRunning ? RUNNING[run.action] : 'Done'}
            value={run.done}
            max={run.total}
            tone={failures.length > 0 ? 'danger' : 'accent'}
          />
          <p aria-live="polite" className="text-slate-700">
            {result
              ? failures.length === 0
                ? `All ${documents(result.total)} ${DONE[result.action]}.`
                : `${succeeded} of ${result.total} ${DONE[result.action]}; ${failures.length} failed and stay selected.`
              : null}
          </p>
          {failures.length > 0 ? (
            <ul
              aria-label="Failures"
              className="max-h-60 divide-y divide-red-100 overflow-y-auto rounded-lg bg-red-50 ring-1 ring-red-200"
            >
              {failures.map((failure) => (
                <li key={failure.id} className="px-3 py-2">
                  <p className="truncate font-medium text-red-900" title={titleOf(failure.id)}>
                    {titleOf(failure.id)}
                  </p>
                  <p className="text-red-800 text-xs">{failure.message}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * What can be done to the selected documents at once: publish (every locale, or chosen ones),
 * unpublish, move to trash, or restore from it. Documents are sent a few at a time with a
 * progress bar; failures are listed and stay selected so they can be tried again.
 */
export function BulkActions({
  projectId,
  collection,
  selectedIds,
  locales,
  defaultLocale,
  isTrash,
  canPublish,
  canDelete,
  titleOf,
  onClear,
  onSettled,
}: {
  projectId: string;
  collection: string;
  selectedIds: readonly string[];
  locales: readonly string[];
  defaultLocale: string;
  isTrash: boolean;
  canPublish: boolean;
  canDelete: boolean;
  titleOf: (id: string) => string;
  onClear: () => void;
  /** After a run: the ids that failed (to keep selected). */
  onSettled: (failedIds: string[]) => void;
}) {
  const bulk = useBulkAction();
  const [run, setRun] = useState<Run | null>(null);
  const [isChoosingLocales, setChoosingLocales] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const count = selectedIds.length;

  const start = (action: BulkActionKind, chosenLocales?: string[]) => {
    const ids = [...selectedIds];
    setChoosingLocales(false);
    setConfirmingDelete(false);
    setRun({ action, total: ids.length, done: 0, result: null, ...(chosenLocales ? { locales: chosenLocales } : {}) });
    bulk.mutate(
      {
        projectId,
        collection,
        action,
        ids,
        ...(chosenLocales ? { locales: chosenLocales } : {}),
        onProgress: (done) => setRun((current) => (current ? { ...current, done } : current)),
      },
      {
        onSuccess: (result) => {
          setRun((current) => (current ? { ...current, done: result.total, result } : current));
          onSettled(result.failures.map((failure) => failure.id));
        },
        onError: () => setRun(null),
      },
    );
  };

  if (count === 0 && run === null) return null;

  return (
    <>
      {count > 0 ? (
        <div
          role="toolbar"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 border-indigo-100 border-b bg-indigo-50 px-4 py-2"
        >
          <span className="mr-auto font-medium text-indigo-900 text-sm" aria-live="polite">
            {count} selected
          </span>
          {isTrash ? (
            canDelete ? (
              <Button size="sm" variant="secondary" onClick={() => start('restore')}>
                <RotateCcw className="size-4" aria-hidden />
                Restore
              </Button>
            ) : null
          ) : (
            <>
              {canPublish ? (
                <>
                  <Button size="sm" onClick={() => start('publish')}>
                    <Send className="size-4" aria-hidden />
                    Publish
                  </Button>
                  {locales.length > 1 ? (
                    <Button size="sm" variant="secondary" onClick={() => setChoosingLocales(true)}>
                      <Languages className="size-4" aria-hidden />
                      Publish locales…
                    </Button>
                  ) : null}
                  <Button size="sm" variant="secondary" onClick={() => start('unpublish')}>
                    <Undo2 className="size-4" aria-hidden />
                    Unpublish
                  </Button>
                </>
              ) : null}
              {canDelete ? (
                <Button size="sm" variant="secondary" onClick={() => setConfirmingDelete(true)}>
                  <Trash2 className="size-4 text-red-700" aria-hidden />
                  Delete
                </Button>
              ) : null}
            </>
          )}
          <Button size="sm" variant="ghost" onClick={onClear}>
            <X className="size-4" aria-hidden />
            Clear selection
          </Button>
        </div>
      ) : null}
      {isChoosingLocales ? (
        <LocalesDialog
          isOpen
          count={count}
          locales={locales}
          defaultLocale={defaultLocale}
          onClose={() => setChoosingLocales(false)}
          onPublish={(chosen) => start('publish', chosen)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={isConfirmingDelete}
        title={`Move ${documents(count)} to trash?`}
        description="They stop being published and leave the list; you can restore them from the trash."
        confirmLabel="Move to trash"
        onConfirm={() => start('delete')}
        onClose={() => setConfirmingDelete(false)}
      />
      <ProgressDialog run={run} titleOf={titleOf} onClose={() => setRun(null)} />
    </>
  );
}
