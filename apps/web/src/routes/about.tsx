import { PageHeader } from '../components/page-header';
import { PageMeta } from '../components/ui/page-meta';
import { CallToAction } from '../features/marketing/components/cta';

const VALUES = [
  {
    title: 'Content outlives code',
    text: 'Front ends get rewritten every few years; good content should not have to be. We keep it structured, portable and yours.',
  },
  {
    title: 'Boring where it counts',
    text: 'Your content sits in a proven database with every version kept. Upgrades are uneventful, exports are complete.',
  },
  {
    title: 'Editors are users too',
    text: 'A developer tool that content teams avoid is a failed tool. We design every screen for the people who write.',
  },
  {
    title: 'Open by default',
    text: 'Documented APIs, standard formats and SDKs for ten languages. No lock-in, no surprises on the invoice.',
  },
];

export function Component() {
  return (
    <>
      <PageMeta
        title="About us"
        description="Plinth builds a headless CMS that developers trust and content teams enjoy. Learn who we are and what we value."
      />
      <PageHeader eyebrow="About" title="We build the foundation your content stands on">
        <p>
          A plinth is the base a statue stands on: unnoticed when it does its job, essential all the same. That is what
          we want to be for your content.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-6 px-4 pb-16 text-lg text-slate-700 leading-8 sm:px-6 lg:px-8">
        <p>
          Plinth started with a team of developers and editors who had spent years working around content systems: sites
          whose content could not leave their templates, migrations that took months, and editors waiting on developers
          for every change.
        </p>
        <p>
          We set out to build the system we wanted: content modelled as structured data, delivered through clean REST
          and GraphQL APIs to any front end, with an editing experience that makes writers faster instead of slower.
          Today teams use Plinth for websites, mobile apps, product catalogues, documentation and digital signage.
        </p>
        <p>
          We are a remote-first company with people across Europe and the Americas, and we answer support requests
          around the clock.
        </p>
      </div>
      <section aria-labelledby="values-heading" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="values-heading" className="text-center font-bold text-3xl text-slate-900 tracking-tight">
            What we value
          </h2>
          <ul className="mt-12 grid gap-6 md:grid-cols-2">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-2 text-slate-600">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction />
    </>
  );
}
