import type { ReactNode } from 'react';

/** The heading band at the top of a public page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto max-w-4xl px-4 pt-16 pb-10 text-center sm:px-6 sm:pt-24 lg:px-8">
        {eyebrow ? <p className="font-semibold text-indigo-600 text-sm uppercase tracking-wide">{eyebrow}</p> : null}
        <h1 className="mt-2 font-bold text-4xl text-slate-900 tracking-tight sm:text-5xl">{title}</h1>
        {children ? <div className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{children}</div> : null}
      </div>
    </div>
  );
}
