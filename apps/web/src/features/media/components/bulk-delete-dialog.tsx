import type { Asset } from '@plinth/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { type BulkResult, useBulkDeleteAssets } from '../api/bulk-media';
import { BulkFailures } from './bulk-results';

/** Asks before deleting the selected files, shows the deletions' progress, then what failed and why. */
export function BulkDeleteDialog({
  projectId,
  assets,
  isOpen,
  onClose,
  onDone,
}: {
  projectId: string;
  assets: readonly Asset[];
  isOpen: boolean;
  onClose: () => void;
  /** The files that are gone, to untick them. */
  onDone: (deleted: readonly Asset[]) => void;
}) {
  const remove = useBulkDeleteAssets();
  const [settled, setSettled] = useState(0);
  const [result, setResult] = useState<BulkResult | null>(null);
  const count = assets.length;
  const files = `${count} ${count === 1 ? 'file' : 'files'}`;

  const close = () => {
    if (remove.isPending) return;
    setResult(null);
    setSettled(0);
    onClose();
  };
  const start = () => {
    setSettled(0);
    remove.mutate(
      { projectId, assets: [...assets], onProgress: setSettled },
      {
        onSuccess: (answer) => {
          onDone(answer.done);
          if (answer.failed.length === 0) close();
          else setResult(answer);
        },
      },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      title={result ? 'Some files were not deleted' : `Delete ${files}?`}
      description={
        result
          ? `${result.done.length} of ${result.done.length + result.failed.length} deleted.`
          : 'The files and their resized versions are removed and their URLs stop working. Files that published documents use are kept. This cannot be undone.'
      }
      onClose={close}
      actions={
        result ? (
          <Button onClick={close}>Close</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" isLoading={remove.isPending} onClick={start}>
              Delete {files}
            </Button>
          </>
        )
      }
    >
      {remove.isPending ? (
        <ProgressBar label="Deleting files" value={settled} max={count} tone="danger" />
      ) : result ? (
        <BulkFailures failures={result.failed} verb="deleted" />
      ) : null}
    </Dialog>
  );
}
