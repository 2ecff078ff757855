import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A modal dialog (Radix): focus moves into it and back, Escape and the close button close it,
 * Tab stays inside, and the page behind is inert to screen readers.
 */
export function Dialog({
  isOpen,
  title,
  description,
  onClose,
  children,
  actions,
  size = 'md',
}: {
  isOpen: boolean;
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  actions?: ReactNode;
  size?: 'md' | 'lg';
}) {
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-[fade-in_150ms]" />
        <RadixDialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="font-semibold text-lg text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              aria-label="Close dialog"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mt-2 text-slate-600 text-sm">{description}</RadixDialog.Description>
          ) : null}
          {children ? <div className="mt-4 text-slate-700 text-sm">{children}</div> : null}
          {actions ? <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
