import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangePasswordBody } from '@plinth/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useChangePassword } from '../api/change-password';

// The contract's limits (Password: 8 to 256 characters).
const NewPassword = z.string().min(8, 'Use at least 8 characters').max(256, 'Use at most 256 characters');

const PasswordValues = z
  .object({
    current_password: z.string(),
    new_password: NewPassword,
    confirm_password: z.string(),
  })
  .refine((values) => values.confirm_password === values.new_password, {
    path: ['confirm_password'],
    message: 'The two passwords differ',
  });
type PasswordValues = z.input<typeof PasswordValues>;

const EMPTY: PasswordValues = { current_password: '', new_password: '', confirm_password: '' };

/** The API names fields by their path; the form says it in words. */
const FIELD_LABELS = { current_password: 'Current password', new_password: 'New password' } as const;

/**
 * Changes the password, which signs out every other session; an account made through a sign-in
 * provider (no password yet) sets its first one without the current-password field.
 */
export function PasswordForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const change = useChangePassword();
  const form = useForm<PasswordValues>({ resolver: zodResolver(PasswordValues), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    if (hasPassword && !values.current_password) {
      form.setError('current_password', { message: 'Enter your current password' });
      return;
    }
    const body: ChangePasswordBody = hasPassword
      ? { current_password: values.current_password, new_password: values.new_password }
      : { new_password: values.new_password };
    change.mutate(body, {
      onSuccess: () => form.reset(EMPTY),
      onError: (error) => {
        for (const { path, message } of serverFieldErrors(error)) {
          if (path === 'current_password' || path === 'new_password') {
            form.setError(path, { message: `${FIELD_LABELS[path]} ${message}` }, { shouldFocus: true });
          }
        }
      },
    });
  });

  const fieldErrorShown = serverFieldErrors(change.error).some(
    ({ path }) => path === 'current_password' || path === 'new_password',
  );

  return (
    <form noValidate aria-label={hasPassword ? 'Change password' : 'Set a password'} onSubmit={onSubmit}>
      {/* Password managers file the new password under this account. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <div className="grid max-w-xl gap-5">
        {hasPassword ? (
          <InputField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...form.register('current_password')}
          />
        ) : null}
        <InputField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters. A passphrase of a few unrelated words is easy to remember and hard to guess."
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <InputField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
      </div>
      {change.isError && !fieldErrorShown ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm ring-1 ring-red-200">
          {errorMessage(change.error, 'Could not save your password. Please try again.')}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600 text-sm">
          Saving signs you out on every other browser and device; you stay signed in here. API tokens keep working.
        </p>
        <Button type="submit" isLoading={change.isPending}>
          {hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </div>
    </form>
  );
}
