import type { ReactNode } from 'react';
import { PageMeta } from './page-meta';

/** The top of a signed-in screen: its title (also the document's), what it is for, and its main actions. */
export function PageHeading({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <PageMeta title={title} description={typeof description === 'string' ? description : title} />
      <div className="min-w-0">
        <h1 className="break-words font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
        {description ? <div className="mt-1 max-w-3xl text-slate-600">{description}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
