import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { useSubscribeToStatus } from '../api/subscribe';

const SubscribeForm = z.object({ email: z.email('Enter a valid email address') });
type SubscribeForm = z.infer<typeof SubscribeForm>;

export function StatusSubscribeForm() {
  const subscribe = useSubscribeToStatus();
  const form = useForm<SubscribeForm>({ resolver: zodResolver(SubscribeForm), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((values) => subscribe.mutate(values, { onSuccess: () => form.reset() }));
  return (
    <form noValidate aria-label="Subscribe to status updates" onSubmit={onSubmit} className="space-y-4">
      <InputField
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" isLoading={subscribe.isPending}>
        Subscribe
      </Button>
      {subscribe.isSuccess ? (
        <p role="status" className="text-emerald-700 text-sm">
          {subscribe.data?.message ?? 'Check your inbox to confirm the subscription.'}
        </p>
      ) : null}
    </form>
  );
}
