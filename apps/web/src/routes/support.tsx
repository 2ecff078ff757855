import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../components/page-header';
import { Button } from '../components/ui/button';
import { InputField, SelectField, TextAreaField } from '../components/ui/form-field';
import { PageMeta } from '../components/ui/page-meta';
import { SUPPORT_SUBJECTS, useSendSupport } from '../features/support/api/send-support';

const SupportForm = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120, 'Use at most 120 characters'),
  email: z.email('Enter a valid email address'),
  subject: z.enum(SUPPORT_SUBJECTS, 'Select a subject'),
  message: z.string().trim().min(1, 'Describe what you need').max(5000, 'Use at most 5,000 characters'),
});
type SupportFormInput = z.input<typeof SupportForm>;
type SupportFormOutput = z.output<typeof SupportForm>;

const RESOURCES = [
  {
    title: 'Documentation',
    text: 'Guides for modelling content, the REST and GraphQL APIs, webhooks and the SDKs.',
    to: '/docs',
    link: 'Read the docs',
  },
  {
    title: 'Platform status',
    text: 'Live uptime, response times and incident history for the API and the app.',
    to: '/status',
    link: 'Check status',
  },
  {
    title: 'Community on GitHub',
    text: 'Report a reproducible bug or propose an improvement. We answer GitHub issues within 48 hours.',
    to: '/docs',
    link: 'See how to report',
  },
];

const FAQ = [
  {
    q: 'How do I get an API token?',
    a: 'Open your project in the app, go to API tokens and create a token with the scopes it needs. The token is shown once; send it as "Authorization: Bearer <token>".',
  },
  {
    q: 'What does the free Starter plan include?',
    a: 'Unlimited users, 1,000 API requests per month and 100 MB of media storage. Upgrade to Pro at any time when you need more.',
  },
  {
    q: 'Can I use Plinth with my framework?',
    a: 'Yes. Content is delivered over REST and GraphQL, and we maintain SDKs for JavaScript, React, Vue, Next.js, Nuxt, Python, PHP, Ruby, Go and .NET.',
  },
  {
    q: 'How quickly will you answer?',
    a: 'We reply to emails and this form within 24 hours, and to GitHub issues within 48 hours. Enterprise customers have their own response times in their agreement.',
  },
  {
    q: 'I forgot my password. What now?',
    a: 'Use "Forgot your password?" on the sign-in page. The reset link in the email works once, for one hour.',
  },
];

export function Component() {
  const send = useSendSupport();
  const form = useForm<SupportFormInput, unknown, SupportFormOutput>({
    resolver: zodResolver(SupportForm),
    defaultValues: { name: '', email: '', subject: '' as SupportFormInput['subject'], message: '' },
  });
  const { errors } = form.formState;

  return (
    <>
      <PageMeta
        title="Support"
        description="Help resources, answers to common questions and a direct line to the Plinth support team."
      />
      <PageHeader eyebrow="Support" title="How can we help?">
        <p>Find an answer in the docs and FAQ, or write to us: we reply within 24 hours.</p>
      </PageHeader>

      <div className="mx-auto max-w-6xl space-y-20 px-4 pb-24 sm:px-6 lg:px-8">
        <section aria-labelledby="resources-heading">
          <h2 id="resources-heading" className="font-bold text-2xl text-slate-900">
            Help resources
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {RESOURCES.map((resource) => (
              <li key={resource.title} className="flex flex-col rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">{resource.title}</h3>
                <p className="mt-2 flex-1 text-slate-600 text-sm">{resource.text}</p>
                <Link to={resource.to} className="mt-4 font-semibold text-indigo-600 text-sm hover:text-indigo-500">
                  {resource.link} <span aria-hidden="true">→</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="font-bold text-2xl text-slate-900">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
            {FAQ.map((item) => (
              <details key={item.q} className="group p-5">
                <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {item.q}
                    <span aria-hidden="true" className="text-slate-400 transition group-open:rotate-45">
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 text-slate-600 text-sm">{item.a}</p>
              </details>
            ))}
          </div>
        </section>

        <section aria-labelledby="support-form-heading" className="mx-auto max-w-2xl">
          <h2 id="support-form-heading" className="font-bold text-2xl text-slate-900">
            Contact support
          </h2>
          <form
            noValidate
            aria-labelledby="support-form-heading"
            className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
            onSubmit={form.handleSubmit((values) => send.mutate(values, { onSuccess: () => form.reset() }))}
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <InputField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
              <InputField
                label="Email"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
            </div>
            <SelectField
              label="Subject"
              placeholder="Select a subject"
              options={SUPPORT_SUBJECTS}
              error={errors.subject?.message}
              {...form.register('subject')}
            />
            <TextAreaField label="Message" error={errors.message?.message} {...form.register('message')} />
            <Button type="submit" isLoading={send.isPending}>
              Send message
            </Button>
          </form>
        </section>
      </div>
    </>
  );
}
