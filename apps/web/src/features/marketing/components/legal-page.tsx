import type { ReactNode } from 'react';
import { PageMeta } from '../../../components/ui/page-meta';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Privacy, terms and cookies share one readable layout with a table of contents. */
export function LegalPage({
  title,
  description,
  updated,
  intro,
  sections,
}: {
  title: string;
  description: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const anchor = (index: number) => `section-${index + 1}`;
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <PageMeta title={title} description={description} />
      <h1 className="font-bold text-4xl text-slate-900 tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-500 text-sm">Last updated: {updated}</p>
      <div className="mt-6 text-lg text-slate-700 leading-8">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <h2 className="font-semibold text-slate-900 text-sm">Contents</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((section, index) => (
            <li key={section.title}>
              <a href={`#${anchor(index)}`} className="text-indigo-600 hover:text-indigo-500">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.title} id={anchor(index)} className="mt-10 scroll-mt-24">
          <h2 className="font-semibold text-2xl text-slate-900">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-3 text-slate-700 leading-7">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
