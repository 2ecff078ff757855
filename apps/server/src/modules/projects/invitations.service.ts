import type { Project, Role } from '@plinth/contract';
import type { Config } from '../../config.js';
import type { Transact, Trx } from '../../db/repository.js';
import { queueEmail } from '../../jobs/email.job.js';
import type { JobQueue } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { randomSecret, sha256 } from '../../lib/crypto.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuditService } from '../audit/audit.service.js';
import type { InvitationClaims } from '../auth/auth.service.js';
import { type UserPrincipal, userIdOf } from '../auth/principal.js';
import type { InvitationsRepository, OpenInvitation } from './invitations.repository.js';
import { toProject, toProjectRecord } from './project.mapper.js';
import type { ProjectGrant } from './project-access.js';
import type { ProjectsRepository } from './projects.repository.js';

const INVITATION_MS = 7 * 24 * 3600_000;
export const invalidInvitation = () => notFound('Invitation (it is invalid or has expired)');

/**
 * Invitations to a project for an email without an account. The link carries a single-use
 * secret, stored only as a hash, that expires after 7 days; only whoever presents it (the
 * owner of the mailbox) turns the invited membership into a real one. Registration claims them
 * through `InvitationClaims`.
 */
export class InvitationsService implements InvitationClaims {
  constructor(
    private readonly deps: {
      repository: InvitationsRepository;
      projects: ProjectsRepository;
      audit: AuditService;
      jobs: JobQueue;
      transaction: Transact;
      clock: Clock;
      config: Pick<Config, 'publicUrl'>;
    },
  ) {}

  /** Opens the invitation of a just-added member and queues its email, in the caller's transaction. */
  async invite(trx: Trx, grant: ProjectGrant, invitee: { userId: string; email: string; role: Role }) {
    const token = randomSecret(32);
    const now = this.deps.clock();
    await this.deps.repository.in(trx).insert({
      id: newId(),
      project_id: grant.project.id,
      user_id: invitee.userId,
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + INVITATION_MS).toISOString(),
      invited_by: userIdOf(grant.actor),
      created_at: now.toISOString(),
    });
    const link = `${this.deps.config.publicUrl}/register?invitation=${token}&email=${encodeURIComponent(invitee.email)}`;
    const projectName = grant.project.name;
    await queueEmail(this.deps.jobs, trx, {
      to: invitee.email,
      subject: `You are invited to ${projectName} on Plinth`,
      link,
      text: `Hello,\n\nYou have been invited to join the project "${projectName}" on Plinth as ${invitee.role}.\nCreate your account with this email address through this link (it works once, for 7 days):\n\n${link}\n\nIf you already have an account, sign in first and then open the link.\n`,
    });
  }

  /** The open invitation of a link's token; 404 once it was used, expired or its member was removed. */
  async findOpenByToken(token: string): Promise<OpenInvitation> {
    const invitation = await this.deps.repository.findOpen(sha256(token), isoNow(this.deps.clock));
    if (!invitation) throw invalidInvitation();
    return invitation;
  }

  /**
   * Joins the project as the signed-in user the invitation was sent to (someone whose account
   * was registered without the link). Anyone else is refused, even holding the link.
   */
  async accept(principal: UserPrincipal, token: string, ip: string): Promise<Project> {
    const invitation = await this.findOpenByToken(token);
    if (invitation.userId !== principal.userId) {
      throw forbidden('This invitation was sent to another email address; sign in with that one');
    }
    await this.deps.transaction(async (trx) => {
      if (!(await this.claim(trx, invitation.id))) throw invalidInvitation();
      await this.deps.audit.record(
        trx,
        { principal, ip },
        {
          projectId: invitation.projectId,
          action: 'member.joined',
          target: { type: 'member', id: principal.userId },
          details: { role: invitation.role },
        },
      );
    });
    const row = await this.deps.projects.findLive(invitation.projectId);
    if (!row) throw invalidInvitation();
    return toProject(toProjectRecord(row), invitation.role);
  }

  findOpen(trx: Trx, token: string): Promise<{ id: string; userId: string } | undefined> {
    return this.deps.repository.in(trx).findOpen(sha256(token), isoNow(this.deps.clock));
  }

  claim(trx: Trx, invitationId: string): Promise<boolean> {
    return this.deps.repository.in(trx).claim(invitationId);
  }

  claimAllFor(trx: Trx, userId: string): Promise<void> {
    return this.deps.repository.in(trx).claimAllFor(userId, isoNow(this.deps.clock));
  }
}
