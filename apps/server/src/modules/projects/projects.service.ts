import type { AddMemberBody, CreateProjectBody, Member, Project, Role, UpdateProjectBody } from '@plinth/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import { toSlug } from '../../lib/slugs.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthRepository } from '../auth/auth.repository.js';
import { normalizeEmail } from '../auth/user.mapper.js';
import { queueMediaPurge } from '../media/media-purge.job.js';
import { InvitationsService } from './invitations.service.js';
import { toProject, toProjectRecord } from './project.mapper.js';
import type { ProjectGrant } from './project-access.js';
import { type MemberRow, ProjectsRepository } from './projects.repository.js';

const DEFAULT_LOCALES = ['en'];
const LAST_OWNER = 'A project needs at least one owner; make someone else owner first';

const toMember = (row: MemberRow): Member => ({
  user_id: row.user_id,
  email: row.email,
  name: row.name,
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
  readonly repository: ProjectsRepository;
  private readonly users: AuthRepository;
  private readonly audit: AuditService;
  private readonly invitations: InvitationsService;

  constructor(private readonly ctx: AppContext) {
    this.audit = new AuditService(ctx);
    this.invitations = new InvitationsService(ctx);
    this.repository = new ProjectsRepository(ctx.db);
    this.users = new AuthRepository(ctx.db);
  }

  private now(): string {
    return this.ctx.clock().toISOString();
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
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.repository.update(trx, grant.project.id, {
        ...(name !== undefined ? { name } : {}),
        ...(body.locales ? { locales } : {}),
        ...(body.default_locale ? { default_locale: defaultLocale } : {}),
        updated_at: this.now(),
      });
      await this.audit.recordGrant(
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
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.repository.softDelete(trx, grant.project.id, this.now());
      await this.audit.recordGrant(trx, grant, 'project.deleted', { type: 'project', id: grant.project.id });
      await queueMediaPurge(this.ctx, trx, grant.project.id);
    });
    this.ctx.delivery.invalidate(grant.project.id);
  }

  async listMembers(projectId: string, page: Page) {
    const { rows, total } = await this.repository.listMembers(projectId, page);
    return { items: rows.map(toMember), total };
  }

  /**
   * Adds a member. An email without an account gets an `invited` member and an invitation
   * email; the member, the invitation, its email and the audit entry commit together.
   */
  async addMember(grant: ProjectGrant, body: AddMemberBody): Promise<Member> {
    this.checkOwnerGrant(grant, body.role);
    const email = normalizeEmail(body.email);
    const now = this.now();
    return this.ctx.db.transaction().execute(async (trx) => {
      const user =
        (await this.users.findUserByEmail(email, trx)) ??
        (await this.users.insertUser(
          {
            id: newId(),
            email,
            name: email.split('@')[0] ?? email,
            password_hash: null,
            avatar_url: null,
            company: null,
            is_admin: 0,
            status: 'invited',
            created_at: now,
            updated_at: now,
          },
          trx,
        ));
      if (await this.repository.findMember(grant.project.id, user.id, trx)) {
        throw conflict(`${email} is already a member of this project`);
      }
      await this.repository.insertMember(trx, { projectId: grant.project.id, userId: user.id, role: body.role, now });
      if (user.status === 'invited') {
        await this.invitations.invite(trx, grant, { userId: user.id, email, role: body.role });
      }
      await this.audit.recordGrant(
        trx,
        grant,
        'member.added',
        { type: 'member', id: user.id },
        { email, role: body.role },
      );
      const member = await this.repository.findMember(grant.project.id, user.id, trx);
      if (!member) throw notFound('Member');
      return toMember(member);
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
    if (grant.principal.kind === 'user' && grant.principal.userId === userId) {
      throw forbidden('You cannot change your own role');
    }
    await this.changeMember(grant, userId, role, (trx) =>
      this.audit.recordGrant(
        trx,
        grant,
        'member.updated',
        { type: 'member', id: userId },
        { from: member.role, to: role },
      ),
    );
    return toMember({ ...member, role });
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
      this.audit.recordGrant(trx, grant, 'member.removed', { type: 'member', id: userId }, { role: member.role }),
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
    audit: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const changed = await this.repository.changeMember(trx, {
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
