import { roleCan } from '@plinth/contract';
import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { Me } from './member-list';

/**
 * Leaving the project. The API lets only members who manage members remove themselves; the last
 * owner cannot leave.
 */
export function LeaveProjectCard({
  projectName,
  me,
  isLastOwner,
  isCheckingOwners,
  isConfirming,
  isLeaving,
  onAsk,
  onCancel,
  onLeave,
}: {
  projectName: string;
  me: Me;
  isLastOwner: boolean;
  /** The members are not loaded yet (or could not be), so whether another owner remains is unknown. */
  isCheckingOwners: boolean;
  isConfirming: boolean;
  isLeaving: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onLeave: () => void;
}) {
  const mustCheck = me.role === 'owner' && isCheckingOwners;
  const canLeave = roleCan(me.role, 'members.manage') && !isLastOwner && !mustCheck;
  let text = 'You lose access to the project at once; an owner or admin can invite you again.';
  if (!roleCan(me.role, 'members.manage')) {
    text = 'To leave this project, ask one of its owners or admins to remove you.';
  } else if (mustCheck) {
    text =
      'A project always keeps at least one owner: leaving waits until the members are loaded and show another owner.';
  } else if (isLastOwner) {
    text =
      'You are its only owner, and a project always keeps at least one: make another member an owner first, or delete the project in General.';
  }
  return (
    <Card title="Leave project">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p id="leave-project-note" className="max-w-2xl text-slate-600 text-sm">
          {text}
        </p>
        {roleCan(me.role, 'members.manage') ? (
          <Button
            variant="secondary"
            className="shrink-0"
            disabled={!canLeave}
            aria-describedby="leave-project-note"
            onClick={onAsk}
          >
            <LogOut className="size-4" aria-hidden />
            Leave project
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title="Leave this project?"
        description={
          <>
            You lose access to <span className="break-words font-semibold text-slate-900">{projectName}</span> at once.
            To come back, an owner or admin must invite you again.
          </>
        }
        confirmLabel="Leave project"
        isPending={isLeaving}
        onConfirm={onLeave}
        onClose={() => (isLeaving ? undefined : onCancel())}
      />
    </Card>
  );
}
