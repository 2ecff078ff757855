import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../components/ui/button';
import { Dialog } from '../components/ui/dialog';
import { InputField } from '../components/ui/form-field';
import { useRegister } from '../features/auth/api/register';
import { AuthCard } from '../features/auth/components/auth-card';

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
  const form = useForm<RegisterForm>({
    resolver: zodResolver(RegisterForm),
    defaultValues: { name: '', email: '', password: '', company: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ company, ...values }) =>
    registration.mutate({ ...values, ...(company ? { company } : {}) }, { onSuccess: () => form.reset() }),
  );

  return (
    <AuthCard
      title="Get started with Plinth"
      description="Tell us who you are and we will set up demo access for you and your team."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-indigo-600 hover:text-indigo-500">
            Sign in
          </Link>
        </>
      }
    >
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
          Request demo access
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
        title="Thank you for registering!"
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
        <p>We have received your request. A manager will contact you shortly to provide demo access to Plinth.</p>
      </Dialog>
    </AuthCard>
  );
}
