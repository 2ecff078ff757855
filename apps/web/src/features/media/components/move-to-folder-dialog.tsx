import type { Asset } from '@plinth/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/form-field';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { type BulkResult, useBulkMoveAssets } from '../api/bulk-media';
import { BulkFailures } from './bulk-results';

/** Moves the selected files into a folder (an existing one, or a new name), or out of their folders. */
export function MoveToFolderDialog({
  projectId,
  assets,
  folders,
  isOpen,
  onClose,
}: {
  projectId: string;
  assets: readonly Asset[];
  folders: readonly string[];
  isOpen: boolean;
  onClose: () => void;
}) {
  const move = useBulkMoveAssets();
  const [folder, setFolder] = useState('');
  const [settled, setSettled] = useState(0);
  const [result, setResult] = useState<BulkResult | null>(null);
  const listId = useId();
  const formId = useId();
  const count = assets.length;
  const files = `${count} ${count === 1 ? 'file' : 'files'}`;
  const target = folder.trim();
  const error = /^\/|\/$|\/\/|\\/.test(target)
    ? 'Separate folder names with single slashes, as in blog/2026.'
    : undefined;

  const close = () => {
    if (move.isPending) return;
    setResult(null);
    setFolder('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    setSettled(0);
    move.mutate(
      { projectId, assets: [...assets], folder: target || null, onProgress: setSettled },
      { onSuccess: (answer) => (answer.failed.length === 0 ? close() : setResult(answer)) },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      title={result ? 'Some files were not moved' : `Move ${files}`}
      description={
        result
          ? undefined
          : 'Choose a folder, type a new one, or leave it empty to take the files out of their folders.'
      }
      onClose={close}
      actions={
        result ? (
          <Button onClick={close}>Close</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={move.isPending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} isLoading={move.isPending}>
              {target ? 'Move' : 'Remove from folders'}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <BulkFailures failures={result.failed} verb="moved" />
      ) : (
        <form id={formId} onSubmit={submit} className="space-y-3">
          <InputField
            label="Folder"
            value={folder}
            list={listId}
            maxLength={255}
            placeholder="No folder"
            autoComplete="off"
            error={error}
            onChange={(event) => setFolder(event.target.value)}
          />
          <datalist id={listId}>
            {folders.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          {move.isPending ? <ProgressBar label="Moving files" value={settled} max={count} /> : null}
        </form>
      )}
    </Dialog>
  );
}
