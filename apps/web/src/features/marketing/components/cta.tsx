import { ButtonLink } from '../../../components/ui/button';

export function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-indigo-700">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id="cta-heading" className="font-bold text-3xl text-white tracking-tight">
          Ship your next site with content you control
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-indigo-100 text-lg">
          Start on the free Starter plan with unlimited users, 1,000 API requests a month and 100 MB of media. No credit
          card needed.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/register" variant="secondary">
            Get Started
          </ButtonLink>
          <ButtonLink
            to="/contact"
            className="bg-indigo-600 text-white ring-1 ring-indigo-300 ring-inset hover:bg-indigo-700"
          >
            Talk to sales
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
