import type { ReactNode } from 'react';

/** A white panel; with a title it is a labelled region with an optional description and actions. */
export function Card({
  title,
  description,
  actions,
  children,
  className = '',
  padded = true,
}: {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  padded?: boolean;
}) {
  const headingId = title ? `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      {title ? (
        <div className="flex flex-wrap items-start justify-between gap-3 border-slate-100 border-b px-5 py-4">
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold text-slate-900">
              {title}
            </h2>
            {description ? <div className="mt-0.5 text-slate-600 text-sm">{description}</div> : null}
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children ? <div className={padded ? 'p-5' : ''}>{children}</div> : null}
    </section>
  );
}
