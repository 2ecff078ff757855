import {
  type AddMemberBody,
  type AdminProject,
  type CreateProjectBody,
  type Invitation,
  type Member,
  type PlanId,
  type Project,
  type Role,
  toSlug,
  type UpdateProjectBody,
} from '@plinth/contract';
import type { Transact, Trx } from '../../db/repository.js';
import type { UserRow } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { userIdOf } from '../auth/principal.js';
import { normalizeEmail } from '../auth/user.mapper.js';
import type { InvitationsService } from './invitations.service.js';
import type { LiveProjects } from './live-projects.js';
import { type ProjectRecord, toProject, toProjectRecord } from './project.mapper.js';
import type { ProjectGrant } from './project-access.js';
import type { MemberRow, ProjectsRepository } from './projects.repository.js';

/**
 * What other modules do when a project is deleted, in the deletion's transaction (the media
 * library queues the purge of its files): wired in the composition root, so projects need not
 * know who listens.
 */
export type ProjectDeletionHook = (trx: Trx, projectId: string) => Promise<void>;

const DEFAULT_LOCALES = ['en'];
const LAST_OWNER = 'A project needs at least one owner; make someone else owner first';

/** A membership with the person's email and name, which the auth module keeps. */
const toMember = (row: MemberRow, user: UserRow | undefined): Member => ({
  user_id: row.user_id,
  email: user?.email ?? '',
  name: user?.name ?? '',
  role: row.role,
  status: row.status,
  created_at: row.created_at,
});

function checkLocales(locales: string[], defaultLocale: string): void {
  if (!locales.includes(defaultLocale)) {
    throw fieldError('default_locale', `must be one of the project's locales (${locales.join(', ')})`);
  }
}

/** The schema allows any 1–120 characters; a name of only spaces would show as nothing. */
function cleanName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw fieldError('name', 'must not be empty');
  return trimmed;
}

/** Projects and their members. Authorization happened before these methods are called. */
export class ProjectsService {
  private readonly repository: ProjectsRepository;

  constructor(
    private readonly deps: {
      repository: ProjectsRepository;
      live: LiveProjects;
      accounts: AuthService;
      invitations: InvitationsService;
      audit: AuditService;
      transaction: Transact;
      clock: Clock;
      delivery: DeliveryCache;
      onDelete: readonly ProjectDeletionHook[];
    },
  ) {
    this.repository = deps.repository;
  }

  private now(): string {
    return isoNow(this.deps.clock);
  }

  /** The live project, or undefined when it does not exist or was deleted. */
  async findLive(projectId: string): Promise<ProjectRecord | undefined> {
    const row = await this.repository.findLive(projectId);
    return row ? toProjectRecord(row) : undefined;
  }

  /** The live project as the hot paths keep it (public media files): cached for a few seconds. */
  findLiveCached(projectId: string): Promise<ProjectRecord | undefined> {
    return this.deps.live.get(projectId);
  }

  /**
   * The live project, locked in the caller's transaction until it ends, so that changes of one
   * project (its plan, its storage quota) run one after another. Only PostgreSQL needs the
   * lock: SQLite runs one write transaction at a time.
   */
  async lock(trx: Trx, projectId: string): Promise<ProjectRecord | undefined> {
    const row = await this.repository.in(trx).lockLive(projectId);
    return row ? toProjectRecord(row) : undefined;
  }

  /**
   * Who hears of a live project's operational problems (a webhook turned off): its owners and
   * admins who have joined, read in the caller's transaction. Undefined once the project is gone.
   */
  async administrators(
    trx: Trx,
    projectId: string,
  ): Promise<{ project: ProjectRecord; members: { email: string; name: string }[] } | undefined> {
    const projects = this.repository.in(trx);
    const row = await projects.findLive(projectId);
    if (!row) return undefined;
    const { rows } = await projects.listMembers(projectId, { page: 1, limit: 1000, offset: 0 });
    const administrators = rows.filter((m) => (m.role === 'owner' || m.role === 'admin') && m.status === 'active');
    const members = await this.withPeople(trx, administrators);
    return { project: toProjectRecord(row), members };
  }

  /** Sets the plan, in the caller's transaction (billing decides when and records why). */
  setPlan(trx: Trx, projectId: string, plan: PlanId, now: string): Promise<void> {
    return this.repository.in(trx).setPlan(projectId, plan, now);
  }

  /** Every project of the instance, for its administrators: plan, first owner, members who joined. */
  async listAll(options: { q?: string | undefined; page: Page }): Promise<{ items: AdminProject[]; total: number }> {
    const { rows, total } = await this.repository.listAll(options);
    const owners = await this.deps.accounts.findUsers(
      null,
      rows.flatMap((row) => (row.owner_id ? [row.owner_id] : [])),
    );
    const items = rows.map((row): AdminProject => {
      const owner = row.owner_id ? owners.get(row.owner_id) : undefined;
      return {
        id: row.id,
        name: row.name,
        slug: row.slug,
        plan: row.plan,
        owner: owner ? { id: owner.id, name: owner.name, email: owner.email } : null,
        members: Number(row.member_count ?? 0),
        created_at: row.created_at,
      };
    });
    return { items, total };
  }

  async listMine(userId: string, page: Page) {
    const { rows, total } = await this.repository.listForUser(userId, page);
    return { items: rows.map(({ role, ...row }) => toProject(toProjectRecord(row), role)), total };
  }

  private async uniqueSlug(wanted: string | undefined, name: string): Promise<string> {
    if (wanted) {
      if (await this.repository.slugTaken(wanted)) throw conflict(`The project slug "${wanted}" is taken`);
      return wanted;
    }
    const base = toSlug(name, 56) || 'project';
    for (let suffix = 1; ; suffix += 1) {
      const candidate = suffix === 1 ? base : `${base}-${suffix}`;
      if (!(await this.repository.slugTaken(candidate))) return candidate;
    }
  }

  async create(userId: string, body: CreateProjectBody): Promise<Project> {
    const name = cleanName(body.name);
    const locales = body.locales ?? (body.default_locale ? [body.default_locale] : DEFAULT_LOCALES);
    const defaultLocale = body.default_locale ?? (locales[0] as string);
    checkLocales(locales, defaultLocale);
    const now = this.now();
    // The slug is checked first for a clear answer; a create racing for the same slug makes the
    // insert fail, and then a generated slug moves on to the next free one.
    for (let attempt = 1; ; attempt += 1) {
      const row = {
        id: newId(),
        name,
        slug: await this.uniqueSlug(body.slug, body.name),
        plan: 'starter' as const,
        locales,
        default_locale: defaultLocale,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      if (await this.repository.createWithOwner(row, userId)) return toProject(toProjectRecord(row), 'owner');
      if (body.slug || attempt >= 5) throw conflict(`The project slug "${row.slug}" is taken`);
    }
  }

  async update(grant: ProjectGrant, body: UpdateProjectBody): Promise<Project> {
    const locales = body.locales ?? grant.project.locales;
    const defaultLocale = body.default_locale ?? grant.project.defaultLocale;
    checkLocales(locales, defaultLocale);
    const name = body.name !== undefined ? cleanName(body.name) : undefined;
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).update(grant.project.id, {
        ...(name !== undefined ? { name } : {}),
        ...(body.locales ? { locales } : {}),
        ...(body.default_locale ? { default_locale: defaultLocale } : {}),
        updated_at: this.now(),
      });
      await this.deps.audit.recordGrant(
        trx,
        grant,
        'project.updated',
        { type: 'project', id: grant.project.id },
        { changes: body },
      );
    });
    const row = await this.repository.findLive(grant.project.id);
    if (!row) throw notFound('Project');
    return toProject(toProjectRecord(row), grant.role);
  }

  /** Soft-deletes the project; its media files are purged from storage by a job committed with it. */
  async delete(grant: ProjectGrant): Promise<void> {
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).softDelete(grant.project.id, this.now());
      await this.deps.audit.recordGrant(trx, grant, 'project.deleted', { type: 'project', id: grant.project.id });
      for (const hook of this.deps.onDelete) await hook(trx, grant.project.id);
    });
    this.deps.delivery.invalidate(grant.project.id);
  }

  /** Memberships as the API shows them: with each person's email and name (read in `trx` unless null). */
  private async withPeople(trx: Trx | null, rows: readonly MemberRow[]): Promise<Member[]> {
    const users = await this.deps.accounts.findUsers(
      trx,
      rows.map((row) => row.user_id),
    );
    return rows.map((row) => toMember(row, users.get(row.user_id)));
  }

  /** Members who have joined, and those still invited (the project's overview). */
  countMembers(projectId: string): Promise<{ active: number; invited: number }> {
    return this.repository.countMembers(projectId);
  }

  async listMembers(projectId: string, page: Page) {
    const { rows, total } = await this.repository.listMembers(projectId, page);
    return { items: await this.withPeople(null, rows), total };
  }

  /** What an invitation link shows: the project, the role, who was invited and by whom. */
  async previewInvitation(token: string): Promise<Invitation> {
    const invitation = await this.deps.invitations.findOpenByToken(token);
    const people = await this.deps.accounts.findUsers(null, [
      invitation.userId,
      ...(invitation.invitedBy ? [invitation.invitedBy] : []),
    ]);
    const invited = people.get(invitation.userId);
    return {
      project: { id: invitation.projectId, name: invitation.projectName },
      email: invited?.email ?? '',
      role: invitation.role,
      invited_by: invitation.invitedBy ? (people.get(invitation.invitedBy)?.name ?? null) : null,
      has_account: invited !== undefined && invited.status !== 'invited',
      expires_at: invitation.expiresAt,
    };
  }

  /**
   * Adds a member. An email without an account gets an `invited` member and an invitation
   * email; the member, the invitation, its email and the audit entry commit together.
   */
  async addMember(grant: ProjectGrant, body: AddMemberBody): Promise<Member> {
    this.checkOwnerGrant(grant, body.role);
    const email = normalizeEmail(body.email);
    const now = this.now();
    return this.deps.transaction(async (trx) => {
      const members = this.repository.in(trx);
      const user = await this.deps.accounts.findOrInvite(trx, email);
      if (await members.findMember(grant.project.id, user.id)) {
        throw conflict(`${email} is already a member of this project`);
      }
      await members.insertMember({ projectId: grant.project.id, userId: user.id, role: body.role, now });
      if (user.status === 'invited') {
        await this.deps.invitations.invite(trx, grant, { userId: user.id, email, role: body.role });
      }
      await this.deps.audit.recordGrant(
        trx,
        grant,
        'member.added',
        { type: 'member', id: user.id },
        { email, role: body.role },
      );
      const member = await members.findMember(grant.project.id, user.id);
      if (!member) throw notFound('Member');
      return toMember(member, user);
    });
  }

  /** Only an owner may make someone an owner or change what an owner is. */
  private checkOwnerGrant(grant: ProjectGrant, ...roles: Role[]): void {
    if (grant.role !== 'owner' && roles.includes('owner')) {
      throw forbidden('Only an owner can grant or change the owner role');
    }
  }

  async updateMember(grant: ProjectGrant, userId: string, role: Role): Promise<Member> {
    const member = await this.repository.findMember(grant.project.id, userId);
    if (!member) throw notFound('Member');
    this.checkOwnerGrant(grant, role, member.role);
    // Before the own-role rule: the sole owner demoting themselves must learn why it cannot be.
    if (this.takesAnOwner(member, role) && (await this.repository.countOwners(grant.project.id)) <= 1) {
      throw conflict(LAST_OWNER);
    }
    if (userIdOf(grant.actor) === userId) {
      throw forbidden('You cannot change your own role');
    }
    await this.changeMember(grant, userId, role, (trx) =>
      this.deps.audit.recordGrant(
        trx,
        grant,
        'member.updated',
        { type: 'member', id: userId },
        { from: member.role, to: role },
      ),
    );
    const [updated] = await this.withPeople(null, [{ ...member, role }]);
    if (!updated) throw notFound('Member');
    return updated;
  }

  /** Removes a member; an invited one loses the invitation, so its link stops working. */
  async removeMember(grant: ProjectGrant, userId: string): Promise<void> {
    const member = await this.repository.findMember(grant.project.id, userId);
    if (!member) throw notFound('Member');
    this.checkOwnerGrant(grant, member.role);
    if (this.takesAnOwner(member, null) && (await this.repository.countOwners(grant.project.id)) <= 1) {
      throw conflict(LAST_OWNER);
    }
    await this.changeMember(grant, userId, null, (trx) =>
      this.deps.audit.recordGrant(trx, grant, 'member.removed', { type: 'member', id: userId }, { role: member.role }),
    );
  }

  /** Whether the change takes an owner who has joined out of the owners. */
  private takesAnOwner(member: MemberRow, role: Role | null): boolean {
    return member.role === 'owner' && member.status === 'active' && role !== 'owner';
  }

  /**
   * The write and its audit entry in one transaction, re-checking the last owner there (the
   * checks above may race with another change).
   */
  private async changeMember(
    grant: ProjectGrant,
    userId: string,
    role: Role | null,
    audit: (trx: Trx) => Promise<void>,
  ): Promise<void> {
    await this.deps.transaction(async (trx) => {
      const changed = await this.repository.in(trx).changeMember({
        projectId: grant.project.id,
        userId,
        role,
        now: this.now(),
      });
      if (!changed) throw conflict(LAST_OWNER);
      await audit(trx);
    });
  }
}
