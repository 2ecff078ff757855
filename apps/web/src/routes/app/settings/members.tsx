import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMembers } from '../../../features/members/api/get-members';
import { InvitationList } from '../../../features/members/components/invitation-list';
import { InviteMemberForm } from '../../../features/members/components/invite-member-form';
import { LeaveProjectCard } from '../../../features/members/components/leave-project-card';
import { MemberList } from '../../../features/members/components/member-list';
import { RolesGuide } from '../../../features/members/components/roles-guide';
import { countOwners, memberAbilities } from '../../../features/members/rules';
import { useLeaveProject } from '../../../features/projects/api/leave-project';
import { useSession } from '../../../lib/auth';
import { useCan, useCurrentProject } from '../../../lib/current-project';

function RowsLoading({ label, rows }: { label: string; rows: number }) {
  return (
    <div role="status" aria-label={label} className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
        <div key={index} className="flex items-center gap-3 px-5 py-4">
          <div className="size-9 shrink-0 overflow-hidden rounded-full">
            <Skeleton className="size-full" />
          </div>
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton className="hidden h-8 w-28 sm:block" />
        </div>
      ))}
    </div>
  );
}

/** `/app/projects/:projectId/settings/members`: who works in the project, invitations, roles. */
export function Component() {
  const project = useCurrentProject();
  const { user } = useSession();
  const canManage = useCan('members.manage');
  const members = useMembers(project.id);
  const leave = useLeaveProject(project.id);
  const [isConfirmingLeave, setConfirmingLeave] = useState(false);
  const navigate = useNavigate();
  const me = { userId: user?.id ?? null, role: project.role };

  const all = members.data?.pages.flatMap((page) => page.data) ?? [];
  const active = all.filter((member) => member.status === 'active');
  const invited = all.filter((member) => member.status === 'invited');
  const ownerCount = countOwners(all, members.isSuccess && !members.hasNextPage);
  const myself = active.find((member) => member.user_id === me.userId);
  const isLastOwner = myself ? memberAbilities({ member: myself, me, ownerCount }).isLastOwner : false;
  const total = members.data?.pages[0]?.meta.total;

  const leaveProject = () => {
    if (!me.userId) return;
    leave.mutate(me.userId, { onSuccess: () => navigate('/app/projects', { replace: true }) });
  };

  return (
    <div className="space-y-6">
      {canManage ? (
        <Card
          title="Invite people"
          description="Someone with a Plinth account joins at once; anyone else gets an email with a link to create one."
        >
          <InviteMemberForm projectId={project.id} myRole={project.role} />
        </Card>
      ) : null}

      {members.isError ? (
        <LoadError
          title="We could not load the members of this project."
          error={members.error}
          onRetry={() => members.refetch()}
        />
      ) : (
        <>
          <Card
            title="Members"
            description={
              members.isSuccess
                ? `${active.length}${members.hasNextPage ? '+' : ''} ${active.length === 1 ? 'person has' : 'people have'} access to ${project.name}.`
                : 'People with access to the project.'
            }
            padded={false}
          >
            {members.isPending ? (
              <RowsLoading label="Loading the members" rows={3} />
            ) : active.length === 0 ? (
              <div className="p-5">
                <EmptyState icon={UsersRound} title="Nobody has joined yet">
                  {canManage
                    ? 'Invite people by email above: those who already have an account join at once.'
                    : 'Members appear here once they join.'}
                </EmptyState>
              </div>
            ) : (
              <MemberList
                projectId={project.id}
                projectName={project.name}
                members={active}
                me={me}
                ownerCount={ownerCount}
              />
            )}
            {members.hasNextPage ? (
              <div className="border-slate-100 border-t px-5 py-3 text-center">
                <Button
                  variant="secondary"
                  size="sm"
                  isLoading={members.isFetchingNextPage}
                  onClick={() => members.fetchNextPage()}
                >
                  Load more{total !== undefined ? ` (${all.length} of ${total} shown)` : ''}
                </Button>
              </div>
            ) : null}
          </Card>

          <Card
            title="Pending invitations"
            description="Invited emails that have not joined yet. To send a new link, revoke the invitation and invite the email again."
            padded={false}
          >
            {members.isPending ? (
              <RowsLoading label="Loading the invitations" rows={1} />
            ) : (
              <InvitationList projectId={project.id} invitations={invited} me={me} />
            )}
          </Card>
        </>
      )}

      <RolesGuide />

      <LeaveProjectCard
        projectName={project.name}
        me={me}
        isLastOwner={isLastOwner}
        isCheckingOwners={!members.isSuccess}
        isConfirming={isConfirmingLeave}
        isLeaving={leave.isPending || leave.isSuccess}
        onAsk={() => setConfirmingLeave(true)}
        onCancel={() => setConfirmingLeave(false)}
        onLeave={leaveProject}
      />
    </div>
  );
}
