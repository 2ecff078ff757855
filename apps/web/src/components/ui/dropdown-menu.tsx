import { DropdownMenu as Menu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

/** A menu of actions opened by a button (Radix: arrow keys, typeahead, Escape). */
export function DropdownMenu({
  trigger,
  children,
  align = 'end',
  label,
  matchTriggerWidth = false,
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  /** Names the menu for screen readers when the trigger's text does not. */
  label?: string;
  /** As wide as the button that opens it (a switcher), rather than as its items. */
  matchTriggerWidth?: boolean;
}) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={6}
          aria-label={label}
          className={`z-50 min-w-48 max-w-[calc(100vw-1rem)] rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none ${matchTriggerWidth ? 'w-[var(--radix-dropdown-menu-trigger-width)]' : ''}`}
        >
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function DropdownMenuItem({
  className = '',
  destructive = false,
  ...props
}: ComponentProps<typeof Menu.Item> & { destructive?: boolean }) {
  return (
    <Menu.Item
      {...props}
      className={`flex cursor-default select-none items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 ${destructive ? 'text-red-700 data-[highlighted]:bg-red-50' : 'text-slate-800'} ${className}`}
    />
  );
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <Menu.Label className="px-3 py-1.5 font-medium text-slate-500 text-xs">{children}</Menu.Label>;
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="my-1 h-px bg-slate-200" />;
}
