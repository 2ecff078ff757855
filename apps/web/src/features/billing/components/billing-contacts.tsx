import type { Member } from '@plinth/contract';
import { Lock } from 'lucide-react';

/** For members who cannot manage billing: who can (the project's owners), with a way to write to them. */
export function BillingContacts({
  role,
  owners,
  isLoading,
}: {
  role: string | null;
  owners: Member[] | undefined;
  isLoading: boolean;
}) {
  const list = owners ?? [];
  return (
    <div className="flex items-start gap-3 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <Lock className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">Only the project's owners can change the plan or see invoices</p>
        <p className="mt-0.5 text-slate-600">
          You are {/^[aeiou]/.test(role ?? 'member') ? 'an' : 'a'} {role ?? 'member'} here: you can see the plan and
          this period's usage.{' '}
          {isLoading ? (
            'Looking up the owners…'
          ) : list.length > 0 ? (
            <>
              To change the plan, ask{' '}
              {list.map((owner, index) => (
                <span key={owner.user_id}>
                  {index > 0 ? (index === list.length - 1 ? ' or ' : ', ') : null}
                  <a
                    href={`mailto:${owner.email}`}
                    title={owner.email}
                    className="break-all font-medium text-indigo-700 underline-offset-2 hover:underline"
                  >
                    {owner.name || owner.email}
                  </a>
                </span>
              ))}
              .
            </>
          ) : (
            'To change the plan, ask an owner of the project.'
          )}
        </p>
      </div>
    </div>
  );
}
