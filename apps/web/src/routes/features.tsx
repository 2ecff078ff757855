import { PageHeader } from '../components/page-header';
import { PageMeta } from '../components/ui/page-meta';
import { CallToAction } from '../features/marketing/components/cta';
import { CORE_FEATURES, FeatureGrid } from '../features/marketing/components/feature-grid';

const FOR_DEVELOPERS = [
  'Typed REST endpoints and a generated GraphQL schema for every collection',
  'Filtering, sorting, full-text search and pagination on the delivery API',
  'API tokens with scopes, per-project isolation and revocation that takes effect at once',
  'Signed webhooks with retries, and idempotent writes for safe retries from your code',
  'Cache-Control and ETag headers that make any CDN in front of the API effective',
];

const FOR_EDITORS = [
  'A distraction-free editor with reusable blocks and live preview',
  'Drafts, reviews, approvals and scheduled publishing',
  'Localized fields with side-by-side translation, helped by the AI assistant',
  'A media library that crops and resizes images for every device',
  'Full version history: compare, restore and see who changed what',
];

export function Component() {
  return (
    <>
      <PageMeta
        title="Features"
        description="Content modelling, a visual editor, REST and GraphQL delivery, localization, workflows, AI assistance and more."
      />
      <PageHeader eyebrow="Features" title="Built for developers, loved by editors">
        <p>
          Plinth separates content from presentation, so your team can write once and publish to every channel while
          developers keep full control of the front end.
        </p>
      </PageHeader>
      <section aria-label="All features" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <FeatureGrid features={CORE_FEATURES} />
      </section>
      <section className="bg-slate-50 py-20">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
          <div>
            <h2 className="font-bold text-2xl text-slate-900">For developers</h2>
            <ul className="mt-6 space-y-3">
              {FOR_DEVELOPERS.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <span aria-hidden="true" className="text-indigo-600">
                    ✓
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="font-bold text-2xl text-slate-900">For content teams</h2>
            <ul className="mt-6 space-y-3">
              {FOR_EDITORS.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <span aria-hidden="true" className="text-indigo-600">
                    ✓
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <CallToAction />
    </>
  );
}
