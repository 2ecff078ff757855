import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/ui/page-meta';
import { CallToAction } from './cta';
import { type Feature, FeatureGrid } from './feature-grid';

export interface Highlight {
  title: string;
  text: string;
  points: string[];
}

/** The product pages (/ai, /collaboration, /developer-tools) share one shape. */
export function MarketingPage({
  meta,
  eyebrow,
  title,
  intro,
  features,
  highlights,
  extra,
}: {
  meta: { title: string; description: string };
  eyebrow: string;
  title: string;
  intro: ReactNode;
  features: Feature[];
  highlights: Highlight[];
  extra?: ReactNode;
}) {
  return (
    <>
      <PageMeta title={meta.title} description={meta.description} />
      <PageHeader eyebrow={eyebrow} title={title}>
        {intro}
      </PageHeader>
      <section aria-label={`${eyebrow} features`} className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <FeatureGrid features={features} />
      </section>
      <section className="bg-slate-50 py-20">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          {highlights.map((highlight) => (
            <div key={highlight.title}>
              <h2 className="font-bold text-2xl text-slate-900">{highlight.title}</h2>
              <p className="mt-3 text-slate-600">{highlight.text}</p>
              <ul className="mt-6 space-y-3">
                {highlight.points.map((point) => (
                  <li key={point} className="flex gap-3 text-slate-700">
                    <span aria-hidden="true" className="text-indigo-600">
                      ✓
                    </span>
                    {point}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      {extra}
      <CallToAction />
    </>
  );
}
