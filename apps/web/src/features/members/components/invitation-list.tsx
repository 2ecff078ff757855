import type { Member } from '@plinth/contract';
import { MailX } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { useRemoveMember } from '../api/remove-member';
import { withArticle } from '../roles';
import { memberAbilities } from '../rules';
import { MemberAvatar } from './member-avatar';
import type { Me } from './member-list';
import { RoleBadge } from './role-badge';

/** An invitation link works for 7 days from the invitation (the server's rule, said in its email). */
export const INVITATION_DAYS = 7;

export function invitationExpiry(member: Member): Date {
  return new Date(new Date(member.created_at).getTime() + INVITATION_DAYS * 24 * 3600_000);
}

function InvitationRow({ member, me, onRevoke }: { member: Member; me: Me; onRevoke: () => void }) {
  const id = useId();
  const abilities = memberAbilities({ member, me, ownerCount: null });
  const expires = invitationExpiry(member);
  const isExpired = expires.getTime() <= Date.now();
  const manages = abilities.reason !== null || abilities.canRemove;
  return (
    <li className="grid gap-3 px-5 py-4 md:grid-cols-[minmax(0,1fr)_11rem_14rem] md:items-center">
      <div className="flex min-w-0 items-center gap-3">
        <MemberAvatar name="" email={member.email} muted />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900" title={member.email}>
            {member.email}
          </p>
          <p className="text-slate-600 text-sm">
            Invited <time dateTime={member.created_at}>{formatDate(member.created_at)}</time>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 text-sm md:flex-col md:items-start">
        {isExpired ? <Badge tone="warning">Link expired</Badge> : <Badge tone="info">Invited</Badge>}
        <span>
          {isExpired ? 'Expired' : 'Link expires'}{' '}
          <time dateTime={expires.toISOString()} title={formatDate(expires.toISOString())}>
            {formatRelativeTime(expires.toISOString())}
          </time>
        </span>
      </div>
      <div className="flex items-center gap-2 md:justify-end">
        <RoleBadge role={member.role} />
        {manages ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={!abilities.canRemove}
            aria-label={`Revoke the invitation to ${member.email}`}
            aria-describedby={abilities.reason ? `${id}-reason` : undefined}
            onClick={onRevoke}
          >
            <MailX className="size-4" aria-hidden />
            Revoke
          </Button>
        ) : null}
      </div>
      {abilities.reason ? (
        <p id={`${id}-reason`} className="text-slate-500 text-xs md:col-span-3 md:text-right">
          {abilities.reason}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Emails invited to the project that have not joined yet. The API has no way to send an invitation
 * again: revoking it and inviting the email again sends a fresh link.
 */
export function InvitationList({
  projectId,
  invitations,
  me,
}: {
  projectId: string;
  invitations: readonly Member[];
  me: Me;
}) {
  const remove = useRemoveMember(projectId);
  const [revoking, setRevoking] = useState<Member | null>(null);
  if (invitations.length === 0) {
    return (
      <p className="px-5 py-6 text-slate-600 text-sm">
        No pending invitations. When you invite an email that has no Plinth account yet, the invitation waits here until
        they join.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Pending invitations" className="divide-y divide-slate-100">
        {invitations.map((member) => (
          <InvitationRow key={member.user_id} member={member} me={me} onRevoke={() => setRevoking(member)} />
        ))}
      </ul>
      <ConfirmDialog
        isOpen={revoking !== null}
        title="Revoke this invitation?"
        description={
          revoking ? (
            <>
              The link sent to <span className="break-all font-semibold text-slate-900">{revoking.email}</span> stops
              working, and they will not join as {withArticle(revoking.role)}. You can invite the email again at any
              time.
            </>
          ) : null
        }
        confirmLabel="Revoke invitation"
        isPending={remove.isPending}
        onConfirm={() => {
          if (revoking) remove.mutate(revoking, { onSuccess: () => setRevoking(null) });
        }}
        onClose={() => (remove.isPending ? undefined : setRevoking(null))}
      />
    </>
  );
}
