import type { Invitation, Project, Role } from '@plinth/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { queueEmail } from '../../jobs/email.job.js';
import { randomSecret, sha256 } from '../../lib/crypto.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { AuditService } from '../audit/audit.service.js';
import type { UserPrincipal } from '../auth/principal.js';
import { InvitationsRepository } from './invitations.repository.js';
import { toProject, toProjectRecord } from './project.mapper.js';
import type { ProjectGrant } from './project-access.js';
import { ProjectsRepository } from './projects.repository.js';

const INVITATION_MS = 7 * 24 * 3600_000;
const invalid = () => notFound('Invitation (it is invalid or has expired)');

/**
 * Invitations to a project for an email without an account. The link carries a single-use
 * secret, stored only as a hash, that expires after 7 days; only whoever presents it (the
 * owner of the mailbox) turns the invited membership into a real one.
 */
export class InvitationsService {
  private readonly repository: InvitationsRepository;
  private readonly projects: ProjectsRepository;
  private readonly audit: AuditService;

  constructor(private readonly ctx: AppContext) {
    this.repository = new InvitationsRepository(ctx.db);
    this.projects = new ProjectsRepository(ctx.db);
    this.audit = new AuditService(ctx);
  }

  /** Opens the invitation of a just-added member and queues its email, in the caller's transaction. */
  async invite(trx: Kysely<Database>, grant: ProjectGrant, invitee: { userId: string; email: string; role: Role }) {
    const token = randomSecret(32);
    const now = this.ctx.clock();
    await this.repository.insert(trx, {
      id: newId(),
      project_id: grant.project.id,
      user_id: invitee.userId,
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + INVITATION_MS).toISOString(),
      invited_by: grant.principal.kind === 'user' ? grant.principal.userId : null,
      created_at: now.toISOString(),
    });
    const { publicUrl } = this.ctx.config;
    const link = `${publicUrl}/register?invitation=${token}&email=${encodeURIComponent(invitee.email)}`;
    const projectName = grant.project.name;
    await queueEmail(
      this.ctx,
      {
        to: invitee.email,
        subject: `You are invited to ${projectName} on Plinth`,
        link,
        text: `Hello,\n\nYou have been invited to join the project "${projectName}" on Plinth as ${invitee.role}.\nCreate your account with this email address through this link (it works once, for 7 days):\n\n${link}\n\nIf you already have an account, sign in first and then open the link.\n`,
      },
      trx,
    );
  }

  /** What an invitation link shows; 404 once it was used, expired or its member was removed. */
  async preview(token: string): Promise<Invitation> {
    const invitation = await this.repository.findOpen(sha256(token), this.ctx.clock().toISOString());
    if (!invitation) throw invalid();
    return {
      project: { id: invitation.projectId, name: invitation.projectName },
      email: invitation.email,
      role: invitation.role,
      invited_by: invitation.invitedBy,
      has_account: invitation.userStatus !== 'invited',
      expires_at: invitation.expiresAt,
    };
  }

  /**
   * Joins the project as the signed-in user the invitation was sent to (someone whose account
   * was registered without the link). Anyone else is refused, even holding the link.
   */
  async accept(principal: UserPrincipal, token: string, ip: string): Promise<Project> {
    const invitation = await this.repository.findOpen(sha256(token), this.ctx.clock().toISOString());
    if (!invitation) throw invalid();
    if (invitation.userId !== principal.userId) {
      throw forbidden('This invitation was sent to another email address; sign in with that one');
    }
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await this.repository.claim(trx, invitation.id))) throw invalid();
      await this.audit.record(
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
    const row = await this.projects.findLive(invitation.projectId);
    if (!row) throw invalid();
    return toProject(toProjectRecord(row), invitation.role);
  }
}
