import { Repository } from '../../db/repository.js';
import type { Database, InvitationRow } from '../../db/schema.js';

/** An open invitation with what its link shows and what claiming it needs. */
export interface OpenInvitation {
  id: string;
  projectId: string;
  projectName: string;
  /** The invited user (an `invited` account until the email registers). */
  userId: string;
  role: InvitationRole;
  /** The member who invited them, if a person did. */
  invitedBy: string | null;
  expiresAt: string;
}
type InvitationRole = Database['project_members']['role'];

/** All SQL of invitations; the membership they belong to lives in ProjectsRepository. */
export class InvitationsRepository extends Repository {
  async insert(row: InvitationRow): Promise<void> {
    await this.db.insertInto('invitations').values(row).execute();
  }

  /** The invitation with this token hash, unless it expired or its project was deleted. */
  async findOpen(hash: string, now: string): Promise<OpenInvitation | undefined> {
    const row = await this.db
      .selectFrom('invitations')
      .innerJoin('project_members', (join) =>
        join
          .onRef('project_members.project_id', '=', 'invitations.project_id')
          .onRef('project_members.user_id', '=', 'invitations.user_id'),
      )
      .innerJoin('projects', 'projects.id', 'invitations.project_id')
      .select([
        'invitations.id',
        'invitations.project_id',
        'projects.name as project_name',
        'invitations.user_id',
        'project_members.role',
        'invitations.invited_by',
        'invitations.expires_at',
      ])
      .where('invitations.token_hash', '=', hash)
      .where('invitations.expires_at', '>', now)
      .where('projects.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      projectId: row.project_id,
      projectName: row.project_name,
      userId: row.user_id,
      role: row.role,
      invitedBy: row.invited_by,
      expiresAt: row.expires_at,
    };
  }

  /**
   * Uses up every unexpired invitation sent to this user, for someone who proved the invited
   * email another way than the link (a sign-in provider's verified email). Expired ones stay
   * and keep granting nothing.
   */
  async claimAllFor(userId: string, now: string): Promise<void> {
    await this.db.deleteFrom('invitations').where('user_id', '=', userId).where('expires_at', '>', now).execute();
  }

  /** Uses an invitation up; false when another request used it first. */
  async claim(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('invitations').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
