import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PageMeta } from '../components/ui/page-meta';

const OPENINGS = [
  { title: 'Senior Backend Engineer (Node.js, PostgreSQL)', team: 'Platform', location: 'Remote, Europe' },
  { title: 'Frontend Engineer (React, TypeScript)', team: 'Editor', location: 'Remote, Europe or Americas' },
  { title: 'Developer Advocate', team: 'Developer Relations', location: 'Remote, Americas' },
  { title: 'Customer Success Manager', team: 'Customers', location: 'Remote, Europe' },
];

const BENEFITS = [
  'Work from anywhere in our time zones, with a yearly team retreat',
  'Four weeks of paid holiday plus public holidays where you live',
  'A learning budget for books, courses and conferences',
  'A home-office budget and the hardware you choose',
  'Parental leave that lets you be there when it matters',
];

export function Component() {
  return (
    <>
      <PageMeta
        title="Careers"
        description="Join the team building Plinth, the headless CMS for developers and content teams. Remote-first roles across engineering and customer teams."
      />
      <PageHeader eyebrow="Careers" title="Help teams tell their stories everywhere">
        <p>
          We are a small, remote-first team that cares about craft, clear writing and software that lasts. Come build
          the content platform we all wish we had had.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-16 px-4 pb-24 sm:px-6 lg:px-8">
        <section aria-labelledby="openings-heading">
          <h2 id="openings-heading" className="font-bold text-2xl text-slate-900">
            Open positions
          </h2>
          <ul className="mt-6 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
            {OPENINGS.map((job) => (
              <li key={job.title} className="flex flex-col gap-1 p-5 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="font-semibold text-slate-900">{job.title}</h3>
                  <p className="text-slate-600 text-sm">
                    {job.team} · {job.location}
                  </p>
                </div>
                <Link to="/contact" className="font-semibold text-indigo-600 text-sm hover:text-indigo-500">
                  Apply <span className="sr-only">for {job.title}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-slate-600 text-sm">
            Don’t see your role? Tell us about yourself through the{' '}
            <Link to="/contact" className="font-medium text-indigo-600 underline">
              contact form
            </Link>
            ; we read every message.
          </p>
        </section>
        <section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading" className="font-bold text-2xl text-slate-900">
            Benefits
          </h2>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="rounded-lg bg-slate-50 p-4 text-slate-700 ring-1 ring-slate-200">
                {benefit}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
