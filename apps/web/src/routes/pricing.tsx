import { PageHeader } from '../components/page-header';
import { PageMeta } from '../components/ui/page-meta';
import { LoadError, Loading } from '../components/ui/query-state';
import { usePlans } from '../features/pricing/api/get-plans';
import { PlanCard } from '../features/pricing/components/plan-card';

const FAQ = [
  {
    question: 'Do you charge per user?',
    answer: 'No. Every plan includes unlimited members, with roles from viewer to owner.',
  },
  {
    question: 'What counts as an API request?',
    answer:
      'Every request your site or app makes with an API token counts, whatever its answer. The dashboard’s own calls and your editors’ work never count.',
  },
  {
    question: 'What happens when I reach my limit?',
    answer:
      'Requests above the monthly quota are answered with 429 until the next period starts, and uploads above the media quota are refused. Nothing is deleted; upgrade at any time to lift the limits at once.',
  },
  {
    question: 'Can I change plans later?',
    answer:
      'Yes. Project owners move between Starter and Pro from the billing screen. For Enterprise terms, SSO and custom limits, talk to our sales team.',
  },
];

export function Component() {
  const plans = usePlans();
  return (
    <>
      <PageMeta
        title="Pricing"
        description="Start free with 1,000 API requests a month and 100 MB of media, move to Pro for $29 a month, or talk to sales about Enterprise."
      />
      <PageHeader eyebrow="Pricing" title="Simple pricing that grows with you">
        <p>
          Start free with 1,000 API requests a month and 100 MB of media. Move to Pro for $29 a month when you go to
          production, or talk to us about Enterprise. Unlimited users on every plan.
        </p>
      </PageHeader>
      {/* The height the cards will take, kept while they load, so that nothing below them jumps. */}
      <section aria-label="Plans" className="mx-auto min-h-[36rem] max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        {plans.isPending ? <Loading label="Loading plans…" /> : null}
        {plans.isError ? (
          <LoadError title="The plans could not be loaded." error={plans.error} onRetry={() => plans.refetch()} />
        ) : null}
        {plans.data ? (
          plans.data.data.length === 0 ? (
            <p className="text-center text-slate-600">No plans are on offer right now. Please contact sales.</p>
          ) : (
            <div className="grid gap-8 lg:grid-cols-3">
              {plans.data.data.map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
            </div>
          )
        ) : null}
      </section>
      <section aria-labelledby="pricing-faq" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="pricing-faq" className="font-bold text-3xl text-slate-900 tracking-tight">
            Pricing questions
          </h2>
          <dl className="mt-8 space-y-6">
            {FAQ.map((item) => (
              <div key={item.question}>
                <dt className="font-semibold text-slate-900">{item.question}</dt>
                <dd className="mt-2 text-slate-600">{item.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}
