import type { Member, Role } from '@plinth/contract';
import { ROLES, roleCan } from '@plinth/contract';

export const LAST_OWNER_RULE =
  'A project always keeps at least one owner: make another member an owner before this one is changed or removed.';
export const OWNER_ONLY_RULE = 'Only an owner can change or remove an owner.';
export const OWN_ROLE_RULE = 'You cannot change your own role; another owner or admin can.';

/** What the signed-in member may do to one member of the list, and why not when they may not. */
export interface MemberAbilities {
  isSelf: boolean;
  isLastOwner: boolean;
  /** Roles the signed-in member may give (only owners give the owner role). */
  grantableRoles: readonly Role[];
  canChangeRole: boolean;
  canRemove: boolean;
  /** Why a control is disabled; null when nothing is, or when the member manages nobody. */
  reason: string | null;
}

/**
 * The server's member rules, applied before it would refuse: only owners touch owners, nobody
 * changes their own role, and the last owner who has joined stays an owner. `ownerCount` is the
 * number of active owners, or null while not every member is loaded (the server then decides).
 * @example memberAbilities({ member, me: { userId: 'u1', role: 'owner' }, ownerCount: 1 })
 */
export function memberAbilities({
  member,
  me,
  ownerCount,
}: {
  member: Member;
  me: { userId: string | null; role: Role | null };
  ownerCount: number | null;
}): MemberAbilities {
  const isSelf = me.userId !== null && member.user_id === me.userId;
  const isLastOwner = member.role === 'owner' && member.status === 'active' && ownerCount !== null && ownerCount <= 1;
  const grantableRoles = me.role === 'owner' ? ROLES : ROLES.filter((role) => role !== 'owner');
  const none = { isSelf, isLastOwner, grantableRoles, canChangeRole: false, canRemove: false };
  if (!roleCan(me.role, 'members.manage')) return { ...none, reason: null };
  if (member.role === 'owner' && me.role !== 'owner') return { ...none, reason: OWNER_ONLY_RULE };
  if (isLastOwner) return { ...none, reason: LAST_OWNER_RULE };
  if (isSelf) return { ...none, canRemove: true, reason: OWN_ROLE_RULE };
  return { ...none, canChangeRole: true, canRemove: true, reason: null };
}

/** Active owners among the loaded members; null while more pages remain. */
export function countOwners(members: readonly Member[], isComplete: boolean): number | null {
  if (!isComplete) return null;
  return members.filter((member) => member.role === 'owner' && member.status === 'active').length;
}
