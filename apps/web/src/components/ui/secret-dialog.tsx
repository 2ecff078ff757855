import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { Dialog } from './dialog';

/**
 * Shows a secret that the server will never show again (a new API token, a webhook's signing
 * secret). Escape, a click beside it and the close button do not dismiss it: they say why, and
 * only the explicit "I have copied it" button closes it.
 */
export function SecretDialog({
  isOpen,
  title,
  description,
  secretLabel,
  noun,
  secret,
  warning,
  doneLabel = 'I have copied it',
  onDone,
  children,
}: {
  isOpen: boolean;
  title: string;
  description?: ReactNode;
  /** Names the secret ("API token", "Signing secret"): its field's label. */
  secretLabel: string;
  /** The secret in a sentence ("token", "secret"): "This token will not be shown again". */
  noun: string;
  secret: string;
  /** Why it must be copied now. */
  warning: ReactNode;
  doneLabel?: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  const [isNudged, setNudged] = useState(false);
  const inputId = useId();
  useEffect(() => {
    if (!isOpen) setNudged(false);
  }, [isOpen]);
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      description={description}
      size="lg"
      onClose={() => setNudged(true)}
      actions={<Button onClick={onDone}>{doneLabel}</Button>}
    >
      <div className="space-y-4">
        <div className="flex gap-3 rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200 ring-inset">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>{warning}</div>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block font-medium text-slate-800 text-sm">
            {secretLabel}
          </label>
          <div className="flex items-center gap-2">
            <input
              id={inputId}
              readOnly
              value={secret}
              onFocus={(event) => event.currentTarget.select()}
              spellCheck={false}
              className="block w-full min-w-0 rounded-lg border-0 bg-slate-50 px-3 py-2 font-mono text-slate-900 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset"
            />
            <CopyButton value={secret} label={`Copy ${noun}`} className="bg-white py-2" />
          </div>
        </div>
        <div aria-live="assertive">
          {isNudged ? (
            <p className="rounded-lg bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200 ring-inset">
              This {noun} will not be shown again. Copy it first, then choose “{doneLabel}” to close this window.
            </p>
          ) : null}
        </div>
        {children}
      </div>
    </Dialog>
  );
}
