import { Popover as RadixPopover } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A panel opened by a button (Radix): it stays next to the button, Escape and a click outside
 * close it, and focus returns to the button. For small forms (filters) rather than menus.
 */
export function Popover({
  trigger,
  children,
  label,
  isOpen,
  onOpenChange,
  align = 'start',
  className = '',
}: {
  trigger: ReactNode;
  children: ReactNode;
  /** Names the panel for screen readers. */
  label: string;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  align?: 'start' | 'end';
  className?: string;
}) {
  return (
    <RadixPopover.Root {...(isOpen === undefined ? {} : { open: isOpen })} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          aria-label={label}
          className={`z-50 max-h-[var(--radix-popover-content-available-height)] w-[calc(100vw-1rem)] overflow-y-auto rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 focus:outline-none ${className}`}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
