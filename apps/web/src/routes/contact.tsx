import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../components/page-header';
import { Button } from '../components/ui/button';
import { InputField, TextAreaField } from '../components/ui/form-field';
import { PageMeta } from '../components/ui/page-meta';
import { useSendContact } from '../features/contact/api/send-contact';

const ContactForm = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120, 'Use at most 120 characters'),
  email: z.email('Enter a valid email address'),
  company: z.string().trim().max(200, 'Use at most 200 characters'),
  message: z.string().trim().min(1, 'Write a message').max(5000, 'Use at most 5,000 characters'),
});
type ContactForm = z.infer<typeof ContactForm>;

const CHANNELS = [
  { title: 'Sales', text: 'Plans, Enterprise agreements, security reviews and volume pricing.' },
  { title: 'Partnerships', text: 'Agencies, integrations and technology partners building on Plinth.' },
  { title: 'Press', text: 'Interviews, product announcements and brand assets.' },
];

export function Component() {
  const send = useSendContact();
  const form = useForm<ContactForm>({
    resolver: zodResolver(ContactForm),
    defaultValues: { name: '', email: '', company: '', message: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ company, ...values }) =>
    send.mutate({ ...values, ...(company ? { company } : {}) }, { onSuccess: () => form.reset() }),
  );

  return (
    <>
      <PageMeta
        title="Contact us"
        description="Talk to the Plinth team about plans, Enterprise agreements, partnerships or anything else."
      />
      <PageHeader eyebrow="Contact" title="Let’s talk about your content">
        <p>
          Questions about plans, migrations or a custom agreement? Send us a note and a member of our team will answer
          within one business day. For help with your account, visit{' '}
          <Link to="/support" className="font-medium text-indigo-600 underline">
            Support
          </Link>
          .
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 pb-24 sm:px-6 lg:grid-cols-5 lg:px-8">
        <aside className="space-y-6 lg:col-span-2">
          {CHANNELS.map((channel) => (
            <div key={channel.title} className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
              <h2 className="font-semibold text-slate-900">{channel.title}</h2>
              <p className="mt-1 text-slate-600 text-sm">{channel.text}</p>
            </div>
          ))}
        </aside>
        <form
          noValidate
          aria-label="Contact form"
          className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-3"
          onSubmit={onSubmit}
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
          <InputField
            label="Company (optional)"
            autoComplete="organization"
            error={errors.company?.message}
            {...form.register('company')}
          />
          <TextAreaField label="Message" error={errors.message?.message} {...form.register('message')} />
          <Button type="submit" isLoading={send.isPending}>
            Send message
          </Button>
        </form>
      </div>
    </>
  );
}
