import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A panel that slides over the right side of the screen (the whole screen on phones), for the
 * details of one item of a list that stays in place behind it. A Radix dialog: focus moves in
 * and back, Escape closes it, and the page behind is inert.
 */
export function Sheet({
  isOpen,
  title,
  description,
  onClose,
  children,
  footer,
}: {
  isOpen: boolean;
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Stays at the bottom while the body scrolls (the save button). */
  footer?: ReactNode;
}) {
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 data-[state=open]:animate-[fade-in_150ms]" />
        <RadixDialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col bg-white shadow-2xl focus:outline-none"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <RadixDialog.Title className="font-semibold text-lg text-slate-900 [overflow-wrap:anywhere]">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-0.5 text-slate-600 text-sm">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="-m-1 shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              aria-label="Close panel"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer ? <div className="border-slate-200 border-t bg-slate-50 px-5 py-3 sm:px-6">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
