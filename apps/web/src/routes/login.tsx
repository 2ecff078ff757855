import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../components/ui/button';
import { InputField } from '../components/ui/form-field';
import { useLogin } from '../features/auth/api/login';
import { AuthCard } from '../features/auth/components/auth-card';
import { SocialSignIn } from '../features/auth/components/social-sign-in';

const LoginForm = z.object({
  username: z.email('Enter a valid email address'),
  password: z.string().min(1, 'Enter your password'),
});
type LoginForm = z.infer<typeof LoginForm>;

/** Signing in; the guest-only guard then sends the user on to /app or where they were headed. */
export function Component() {
  const login = useLogin();
  const form = useForm<LoginForm>({ resolver: zodResolver(LoginForm), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Sign in to Plinth"
      description="Welcome back. Sign in to manage your projects and content."
      footer={
        <>
          New to Plinth?{' '}
          <Link to="/register" className="font-semibold text-indigo-600 hover:text-indigo-500">
            Request a demo account
          </Link>
        </>
      }
    >
      <SocialSignIn />
      <form noValidate className="space-y-5" onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="font-medium text-indigo-600 text-sm hover:text-indigo-500">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" isLoading={login.isPending}>
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
