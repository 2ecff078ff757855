import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../components/ui/button';
import { InputField } from '../components/ui/form-field';
import { useResetPassword } from '../features/auth/api/reset-password';
import { AuthCard } from '../features/auth/components/auth-card';

const ResetForm = z
  .object({
    password: z.string().min(8, 'Use at least 8 characters').max(256, 'Use at most 256 characters'),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type ResetForm = z.infer<typeof ResetForm>;

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useForm<ResetForm>({ resolver: zodResolver(ResetForm), defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;

  if (!token) {
    return (
      <AuthCard title="Choose a new password" description="This page needs the link from your reset email.">
        <p className="text-slate-700 text-sm">
          The link you followed is incomplete. Open the link from the email again, or{' '}
          <Link to="/forgot-password" className="font-semibold text-indigo-600 hover:text-indigo-500">
            ask for a new one
          </Link>
          .
        </p>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate({ token, password }, { onSuccess: () => navigate('/login', { replace: true }) }),
  );

  return (
    <AuthCard
      title="Choose a new password"
      description="Reset links work once, for one hour. Changing your password signs you out on every other device."
    >
      <form noValidate className="space-y-5" onSubmit={onSubmit}>
        <InputField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <InputField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <Button type="submit" className="w-full" isLoading={reset.isPending}>
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
