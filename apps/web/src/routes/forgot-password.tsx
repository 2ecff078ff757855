import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../components/ui/button';
import { InputField } from '../components/ui/form-field';
import { useForgotPassword } from '../features/auth/api/forgot-password';
import { AuthCard } from '../features/auth/components/auth-card';

const ForgotForm = z.object({ email: z.email('Enter a valid email address') });
type ForgotForm = z.infer<typeof ForgotForm>;

export function Component() {
  const forgot = useForgotPassword();
  const form = useForm<ForgotForm>({ resolver: zodResolver(ForgotForm), defaultValues: { email: '' } });

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you sign in with and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className="font-semibold text-indigo-600 hover:text-indigo-500">
          Back to sign in
        </Link>
      }
    >
      <form noValidate className="space-y-5" onSubmit={form.handleSubmit((values) => forgot.mutate(values))}>
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" className="w-full" isLoading={forgot.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
