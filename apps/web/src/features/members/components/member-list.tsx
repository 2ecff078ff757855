import type { Member, Role } from '@plinth/contract';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDate } from '../../../lib/format';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { ROLE_NAMES, withArticle } from '../roles';
import { memberAbilities } from '../rules';
import { MemberAvatar } from './member-avatar';
import { RoleBadge } from './role-badge';
import { RoleSelect } from './role-select';

export interface Me {
  userId: string | null;
  role: Role | null;
}

function MemberRow({
  member,
  me,
  ownerCount,
  pendingRole,
  onChangeRole,
  onRemove,
}: {
  member: Member;
  me: Me;
  ownerCount: number | null;
  /** The role being saved, shown at once. */
  pendingRole: Role | undefined;
  onChangeRole: (role: Role) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const abilities = memberAbilities({ member, me, ownerCount });
  const name = member.name || member.email;
  const manages = abilities.reason !== null || abilities.canChangeRole || abilities.canRemove;
  const reasonId = abilities.reason ? `${id}-reason` : undefined;
  const isUpdating = pendingRole !== undefined;
  return (
    <li className="grid gap-3 px-5 py-4 md:grid-cols-[minmax(0,1fr)_11rem_14rem] md:items-center">
      <div className="flex min-w-0 items-center gap-3">
        <MemberAvatar name={member.name} email={member.email} />
        <div className="min-w-0">
          <p className="flex min-w-0 items-center gap-2">
            <span className="truncate font-medium text-slate-900" title={name}>
              {name}
            </span>
            {abilities.isSelf ? <Badge tone="info">You</Badge> : null}
          </p>
          <p className="truncate text-slate-600 text-sm" title={member.email}>
            {member.email}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 text-sm md:flex-col md:items-start">
        <Badge tone="success">Active</Badge>
        <span>
          Joined <time dateTime={member.created_at}>{formatDate(member.created_at)}</time>
        </span>
      </div>
      <div className="flex items-center gap-2 md:justify-end">
        {abilities.canChangeRole ? (
          <RoleSelect
            label={`Role of ${name}`}
            value={pendingRole ?? member.role}
            grantable={abilities.grantableRoles}
            disabled={isUpdating}
            onChange={onChangeRole}
            className="w-32"
          />
        ) : manages ? (
          <RoleSelect
            label={`Role of ${name}`}
            value={member.role}
            grantable={[]}
            disabled
            describedBy={reasonId}
            onChange={() => undefined}
            className="w-32"
          />
        ) : (
          <RoleBadge role={member.role} />
        )}
        {isUpdating ? (
          <span role="status" className="text-slate-500 text-xs">
            Saving…
          </span>
        ) : null}
        {manages && !abilities.isSelf ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={!abilities.canRemove}
            aria-describedby={abilities.canRemove ? undefined : reasonId}
            aria-label={`Remove ${name}`}
            title={abilities.canRemove ? `Remove ${name}` : (abilities.reason ?? undefined)}
            onClick={onRemove}
            className="text-slate-500 hover:text-red-700"
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        ) : null}
      </div>
      {abilities.reason ? (
        <p id={reasonId} className="text-slate-500 text-xs md:col-span-3 md:text-right">
          {abilities.reason}
        </p>
      ) : null}
    </li>
  );
}

/** The members who have joined, with their roles; managers change roles and remove people here. */
export function MemberList({
  projectId,
  projectName,
  members,
  me,
  ownerCount,
}: {
  projectId: string;
  projectName: string;
  members: readonly Member[];
  me: Me;
  ownerCount: number | null;
}) {
  const update = useUpdateMember(projectId);
  const remove = useRemoveMember(projectId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [promoting, setPromoting] = useState<Member | null>(null);
  const saving = update.isPending ? update.variables : undefined;

  const changeRole = (member: Member, role: Role) => {
    if (role === member.role) return;
    // Owners can delete the project and nobody but another owner can take that back: ask first.
    if (role === 'owner') setPromoting(member);
    else update.mutate({ userId: member.user_id, role });
  };

  return (
    <>
      <ul aria-label="Members" className="divide-y divide-slate-100">
        {members.map((member) => (
          <MemberRow
            key={member.user_id}
            member={member}
            me={me}
            ownerCount={ownerCount}
            pendingRole={saving?.userId === member.user_id ? saving.role : undefined}
            onChangeRole={(role) => changeRole(member, role)}
            onRemove={() => setRemoving(member)}
          />
        ))}
      </ul>
      <ConfirmDialog
        isOpen={removing !== null}
        title="Remove this member?"
        description={
          removing ? (
            <>
              <span className="break-words font-semibold text-slate-900">{removing.name || removing.email}</span> (
              {withArticle(removing.role)}) loses access to {projectName} at once. What they wrote stays. To bring them
              back, invite their email again.
            </>
          ) : null
        }
        confirmLabel="Remove member"
        isPending={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing, { onSuccess: () => setRemoving(null) });
        }}
        onClose={() => (remove.isPending ? undefined : setRemoving(null))}
      />
      <ConfirmDialog
        isOpen={promoting !== null}
        destructive={false}
        title="Make this member an owner?"
        description={
          promoting ? (
            <>
              <span className="break-words font-semibold text-slate-900">{promoting.name || promoting.email}</span> will
              be able to do everything in {projectName}, including managing billing, deleting the project and changing
              other owners. Only an owner can change their role later.
            </>
          ) : null
        }
        confirmLabel={`Make ${ROLE_NAMES.owner.toLowerCase()}`}
        isPending={update.isPending}
        onConfirm={() => {
          if (promoting) {
            update.mutate({ userId: promoting.user_id, role: 'owner' }, { onSettled: () => setPromoting(null) });
          }
        }}
        onClose={() => (update.isPending ? undefined : setPromoting(null))}
      />
    </>
  );
}
