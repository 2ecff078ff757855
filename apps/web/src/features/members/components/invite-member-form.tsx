import { zodResolver } from '@hookform/resolvers/zod';
import type { Member, Role } from '@plinth/contract';
import { MailCheck, UserCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/form-field';
import { addedMessage, useAddMember } from '../api/add-member';
import { ROLE_SUMMARIES, ROLES } from '../roles';
import { RoleSelect } from './role-select';

const InviteForm = z.object({
  email: z.string().trim().min(1, 'Enter an email address').pipe(z.email('Enter a valid email address')),
  role: z.enum(ROLES),
});
type InviteForm = z.infer<typeof InviteForm>;

/**
 * Adds someone by email: a person with an account joins at once, anyone else receives an
 * invitation link. What happened stays on screen until the next invitation.
 */
export function InviteMemberForm({ projectId, myRole }: { projectId: string; myRole: Role | null }) {
  const id = useId();
  const add = useAddMember(projectId);
  const [result, setResult] = useState<Member | null>(null);
  const form = useForm<InviteForm>({
    resolver: zodResolver(InviteForm),
    defaultValues: { email: '', role: 'editor' },
  });
  const role = form.watch('role');
  const grantable = myRole === 'owner' ? ROLES : ROLES.filter((item) => item !== 'owner');

  const onSubmit = form.handleSubmit((values) => {
    setResult(null);
    add.mutate(
      { email: values.email.trim(), role: values.role },
      {
        onSuccess: (answer) => {
          setResult(answer.data);
          form.reset({ email: '', role: values.role });
        },
      },
    );
  });

  return (
    <form noValidate aria-label="Invite a member" onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
        <InputField
          label="Email address"
          type="email"
          autoComplete="off"
          placeholder="name@company.com"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-role`} className="block font-medium text-slate-800 text-sm">
            Role
          </label>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <RoleSelect
                id={`${id}-role`}
                value={field.value}
                grantable={grantable}
                onChange={field.onChange}
                describedBy={`${id}-role-summary`}
                className="w-full py-2"
              />
            )}
          />
        </div>
        <Button type="submit" className="sm:mt-7" isLoading={add.isPending}>
          Invite
        </Button>
      </div>
      <p id={`${id}-role-summary`} className="text-slate-500 text-xs">
        <span className="font-medium text-slate-700 capitalize">{role}:</span> {ROLE_SUMMARIES[role]}
        {myRole !== 'owner' ? ' Only owners can make someone an owner.' : ''}
      </p>
      <div role="status" aria-live="polite">
        {result ? (
          <p
            className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ring-1 ${result.status === 'invited' ? 'bg-sky-50 text-sky-900 ring-sky-200' : 'bg-emerald-50 text-emerald-900 ring-emerald-200'}`}
          >
            {result.status === 'invited' ? (
              <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            ) : (
              <UserCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            )}
            <span className="min-w-0 break-words">
              {addedMessage(result)}
              {result.status === 'invited' ? ' The link works once, for 7 days.' : ''}
            </span>
          </p>
        ) : null}
      </div>
    </form>
  );
}
