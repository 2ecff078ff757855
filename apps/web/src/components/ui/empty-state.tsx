import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a list shows before it has anything: what would be here, and the first step. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-slate-300 border-dashed bg-white px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <Icon className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mt-1 max-w-md text-slate-600 text-sm">{children}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
