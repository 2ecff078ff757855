import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../components/ui/button';
import { Dialog } from '../components/ui/dialog';
import { InputField } from '../components/ui/form-field';
import { useRegister } from '../features/auth/api/register';
import { AuthCard } from '../features/auth/components/auth-card';
import { SocialSignIn } from '../features/auth/components/social-sign-in';
import { useHydrated } from '../lib/hydration';

const RegisterForm = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120, 'Use at most 120 characters'),
  email: z.email('Enter a valid email address'),
  password: z.string().min(8, 'Use at least 8 characters').max(256, 'Use at most 256 characters'),
  company: z.string().trim().max(200, 'Use at most 200 characters'),
});
type RegisterForm = z.infer<typeof RegisterForm>;

export function Component() {
  const registration = useRegister();
  const navigate = useNavigate();
  // An invitation email links here with its token and the invited address. The prerendered page
  // has neither: they are read once hydrated, so that the first render matches the HTML (a
  // mismatch would make React re-create the form and drop what the visitor typed meanwhile).
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  const invitation = hydrated ? search.get('invitation') : null;
  const invitedEmail = hydrated ? search.get('email') : null;
  const form = useForm<RegisterForm>({
    resolver: zodResolver(RegisterForm),
    defaultValues: { name: '', email: '', password: '', company: '' },
  });
  useEffect(() => {
    if (invitation && invitedEmail && !form.getValues('email')) form.setValue('email', invitedEmail);
  }, [invitation, invitedEmail, form]);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ company, ...values }) =>
    registration.mutate(
      { ...values, ...(company ? { company } : {}), ...(invitation ? { invitation_token: invitation } : {}) },
      { onSuccess: () => form.reset() },
    ),
  );
  // The product's thank-you text stays for every ordinary registration, even an immediately
  // active one; only an accepted invitation has something more useful to say.
  const joinedByInvitation = Boolean(invitation) && registration.data?.status === 'active';

  return (
    <AuthCard
      title={invitation ? 'Join your team on Plinth' : 'Get started with Plinth'}
      description={
        invitation
          ? 'Create your account with the email address the invitation was sent to.'
          : 'Tell us who you are and we will set up demo access for you and your team.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-indigo-600 hover:text-indigo-500">
            Sign in
          </Link>
        </>
      }
    >
      <SocialSignIn />
      <form noValidate className="space-y-5" onSubmit={onSubmit}>
        <InputField label="Full name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <InputField
          label="Work email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <InputField
          label="Company (optional)"
          autoComplete="organization"
          error={errors.company?.message}
          {...form.register('company')}
        />
        <Button type="submit" className="w-full" isLoading={registration.isPending}>
          {invitation ? 'Create account and join' : 'Request demo access'}
        </Button>
        <p className="text-center text-slate-500 text-xs">
          By registering you agree to our{' '}
          <Link to="/terms" className="underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </form>

      <Dialog
        isOpen={registration.isSuccess}
        title={joinedByInvitation ? 'Your account is ready' : 'Thank you for registering!'}
        onClose={() => registration.reset()}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate('/login')}>
              Go to sign in
            </Button>
            <Button onClick={() => registration.reset()}>Close</Button>
          </>
        }
      >
        {joinedByInvitation ? (
          <p>You have joined the project you were invited to. Sign in to start working.</p>
        ) : (
          <p>We have received your request. A manager will contact you shortly to provide demo access to Plinth.</p>
        )}
      </Dialog>
    </AuthCard>
  );
}
