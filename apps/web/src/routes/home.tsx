import { ButtonLink } from '../components/ui/button';
import { PageMeta } from '../components/ui/page-meta';
import { CallToAction } from '../features/marketing/components/cta';
import { CORE_FEATURES, FeatureGrid } from '../features/marketing/components/feature-grid';

const STATS = [
  { value: '10K+', label: 'Projects' },
  { value: '99.9%', label: 'Uptime' },
  { value: '50+', label: 'Languages' },
  { value: '24/7', label: 'Support' },
];

const TRUSTED_BY = [
  'Northwind Media',
  'Lumen Health',
  'Atlas Travel',
  'Brightline Retail',
  'Kestrel Labs',
  'Orbit Learning',
];

const STEPS = [
  {
    title: 'Model your content',
    text: 'Describe articles, products or landing pages as collections of typed fields: text, rich text, media, references and reusable components.',
  },
  {
    title: 'Create and collaborate',
    text: 'Editors write in a clean interface, with drafts, reviews, version history and an AI assistant that helps with copy and translations.',
  },
  {
    title: 'Deliver anywhere',
    text: 'Your website, mobile app, kiosk or voice assistant fetches the published content over REST or GraphQL, served fast from the edge.',
  },
];

const CODE = `const res = await fetch(
  \`\${PLINTH_URL}/api/v1/projects/\${projectId}\` +
    '/collections/articles/documents',
  { headers: { Authorization: \`Bearer \${token}\` } },
);
const { data: articles } = await res.json();`;

export function Component() {
  return (
    <>
      <PageMeta
        title="Plinth"
        description="Plinth is a headless CMS: model content, edit it with your team and an AI assistant, and deliver it anywhere through REST and GraphQL."
      />

      <section className="bg-gradient-to-b from-indigo-50 via-white to-white">
        {/* grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: an auto column grows to the
            code card's longest line and pushes the hero past a phone's edge. */}
        <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-28">
          <div className="min-w-0">
            <p className="font-semibold text-indigo-600 text-sm">The headless CMS with an AI assistant</p>
            <h1 className="mt-3 font-bold text-4xl text-slate-900 tracking-tight sm:text-6xl">
              Structured content for every screen
            </h1>
            <p className="mt-6 text-lg text-slate-600 leading-8">
              Plinth gives developers a clean API and content teams an editor they enjoy. Model your content once, write
              it together, and publish it to websites, apps and devices through REST and GraphQL.
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <ButtonLink to="/register">Get Started</ButtonLink>
              <ButtonLink to="/features" variant="secondary">
                Explore features
              </ButtonLink>
            </div>
            <p className="mt-4 text-slate-500 text-sm">Free Starter plan · Unlimited users · No credit card</p>
          </div>
          <figure className="min-w-0 rounded-2xl bg-slate-900 p-6 shadow-xl">
            <figcaption className="mb-3 text-slate-400 text-xs">
              Fetch published articles from any JavaScript runtime
            </figcaption>
            <pre className="overflow-x-auto text-slate-100 text-sm leading-6">
              <code>{CODE}</code>
            </pre>
          </figure>
        </div>
      </section>

      <section aria-labelledby="trusted-heading" className="border-slate-100 border-y bg-white py-10">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="trusted-heading" className="text-center font-semibold text-slate-500 text-sm">
            Trusted by content teams at
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-6 text-center sm:grid-cols-3 lg:grid-cols-6">
            {TRUSTED_BY.map((name) => (
              <li key={name} className="font-semibold text-lg text-slate-500">
                {name}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-heading" className="font-bold text-3xl text-slate-900 tracking-tight">
              Everything your content needs, nothing it doesn’t
            </h2>
            <p className="mt-4 text-slate-600">
              A complete content platform: modelling, editing, collaboration, delivery and insight, in one place.
            </p>
          </div>
          <div className="mt-12">
            <FeatureGrid features={CORE_FEATURES.slice(0, 6)} />
          </div>
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="bg-white py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="stats-heading" className="sr-only">
            Plinth in numbers
          </h2>
          <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-slate-600">{stat.label}</dt>
                <dd className="font-bold text-4xl text-indigo-600 tracking-tight">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="how-heading" className="font-bold text-3xl text-slate-900 tracking-tight">
              How a headless CMS works
            </h2>
            <p className="mt-4 text-slate-600">
              A traditional CMS ties your content to one website’s templates. A headless CMS keeps the content separate
              and hands it to any front end through an API, so one source of truth serves every channel.
            </p>
          </div>
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-10 items-center justify-center rounded-full bg-indigo-600 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-600 text-sm leading-6">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <CallToAction />
    </>
  );
}
