import type { ReactNode } from 'react';
import { PageMeta } from '../../../components/ui/page-meta';

export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="flex justify-center bg-slate-50 px-4 py-16 sm:py-24">
      <PageMeta title={title} description={description} />
      <div className="w-full max-w-md">
        <h1 className="text-center font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
        <p className="mt-2 text-center text-slate-600 text-sm">{description}</p>
        <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">{children}</div>
        {footer ? <div className="mt-6 text-center text-slate-600 text-sm">{footer}</div> : null}
      </div>
    </section>
  );
}
