import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * Asks before an action that cannot be undone. With `confirmText`, the action waits until that
 * text is typed (deleting a project asks for its name).
 */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  confirmText,
  isPending = false,
  destructive = true,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmText?: string;
  isPending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  useEffect(() => {
    if (!isOpen) setTyped('');
  }, [isOpen]);
  const ready = confirmText === undefined || typed.trim() === confirmText;
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      description={description}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={destructive ? 'danger' : 'primary'}
            disabled={!ready}
            isLoading={isPending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {confirmText !== undefined ? (
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block font-medium text-slate-800 text-sm">
            Type <span className="font-mono font-semibold">{confirmText}</span> to confirm
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            className="block w-full rounded-lg border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-red-600 focus:ring-inset sm:text-sm"
          />
        </div>
      ) : null}
    </Dialog>
  );
}
