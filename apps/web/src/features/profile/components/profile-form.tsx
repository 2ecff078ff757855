import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@plinth/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { useUpdateMe } from '../api/update-me';

const ProfileValues = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120, 'Use at most 120 characters'),
});
type ProfileValues = z.input<typeof ProfileValues>;

/** The user's name (what members of their projects see) and the email they sign in with. */
export function ProfileForm({ me }: { me: CurrentUser }) {
  const update = useUpdateMe();
  const form = useForm<ProfileValues>({ resolver: zodResolver(ProfileValues), defaultValues: { name: me.name } });
  const { isDirty, errors } = form.formState;

  // A name saved elsewhere (another tab) shows here unless the user is typing one.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset({ name: me.name });
  }, [me.name, form]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate({ name: values.name.trim() }, { onSuccess: (saved) => form.reset({ name: saved.name }) }),
  );

  return (
    <form noValidate aria-label="Your name" onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 md:grid-cols-2">
        <InputField
          label="Name"
          autoComplete="name"
          maxLength={120}
          error={errors.name?.message}
          hint="Shown to the members of your projects, in the activity log and on invitations."
          {...form.register('name')}
        />
        <dl className="min-w-0 space-y-1.5">
          <dt className="font-medium text-slate-800 text-sm">Email</dt>
          <dd className="break-all rounded-lg bg-slate-50 px-3 py-2 text-slate-900 ring-1 ring-slate-200 ring-inset sm:text-sm">
            {me.email}
          </dd>
          <dd className="text-slate-500 text-xs">You sign in with it, and invitations and password resets go to it.</dd>
        </dl>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          variant="secondary"
          disabled={!isDirty || update.isPending}
          onClick={() => form.reset({ name: me.name })}
        >
          Reset
        </Button>
        <Button type="submit" disabled={!isDirty} isLoading={update.isPending}>
          Save name
        </Button>
      </div>
    </form>
  );
}
