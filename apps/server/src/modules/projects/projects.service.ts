import type { AddMemberBody, CreateProjectBody, Member, Project, Role, UpdateProjectBody } from '@plinth/contract';
import type { AppContext } from '../../context.js';
import { queueEmail } from '../../jobs/email.job.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import { toSlug } from '../../lib/slugs.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthRepository } from '../auth/auth.repository.js';
import { normalizeEmail } from '../auth/user.mapper.js';
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
  status: row.status === 'invited' ? 'invited' : 'active',
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

  constructor(private readonly ctx: AppContext) {
    this.audit = new AuditService(ctx);
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
    await this.repository.update(grant.project.id, {
      ...(body.name !== undefined ? { name: cleanName(body.name) } : {}),
      ...(body.locales ? { locales } : {}),
      ...(body.default_locale ? { default_locale: defaultLocale } : {}),
      updated_at: this.now(),
    });
    await this.audit.recordGrant(
      grant,
      'project.updated',
      { type: 'project', id: grant.project.id },
      { changes: body },
    );
    const row = await this.repository.findLive(grant.project.id);
    if (!row) throw notFound('Project');
    return toProject(toProjectRecord(row), grant.role);
  }

  async delete(grant: ProjectGrant): Promise<void> {
    await this.repository.softDelete(grant.project.id, this.now());
    this.ctx.delivery.invalidate(grant.project.id);
    await this.audit.recordGrant(grant, 'project.deleted', { type: 'project', id: grant.project.id });
  }

  async listMembers(projectId: string, page: Page) {
    const { rows, total } = await this.repository.listMembers(projectId, page);
    return { items: rows.map(toMember), total };
  }

  /** Adds a member; an email without an account gets an invitation and an `invited` member. */
  async addMember(grant: ProjectGrant, body: AddMemberBody): Promise<Member> {
    this.checkOwnerGrant(grant, body.role);
    const email = normalizeEmail(body.email);
    const now = this.now();
    let user = await this.users.findUserByEmail(email);
    if (!user) {
      user = await this.users.insertUser({
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
      });
    }
    if (await this.repository.findMember(grant.project.id, user.id)) {
      throw conflict(`${email} is already a member of this project`);
    }
    await this.repository.insertMember({ projectId: grant.project.id, userId: user.id, role: body.role, now });
    if (user.status === 'invited') await this.sendInvitation(email, grant.project.name, body.role);
    await this.audit.recordGrant(grant, 'member.added', { type: 'member', id: user.id }, { email, role: body.role });
    const member = await this.repository.findMember(grant.project.id, user.id);
    if (!member) throw notFound('Member');
    return toMember(member);
  }

  private async sendInvitation(email: string, projectName: string, role: Role): Promise<void> {
    const link = `${this.ctx.config.publicUrl}/register?email=${encodeURIComponent(email)}`;
    await queueEmail(this.ctx, {
      to: email,
      subject: `You are invited to ${projectName} on Plinth`,
      link,
      text: `Hello,\n\nYou have been invited to join the project "${projectName}" on Plinth as ${role}.\nCreate your account with this email address to get started:\n\n${link}\n`,
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
    if (member.role === 'owner' && role !== 'owner' && (await this.repository.countOwners(grant.project.id)) <= 1) {
      throw conflict(LAST_OWNER);
    }
    if (grant.principal.kind === 'user' && grant.principal.userId === userId) {
      throw forbidden('You cannot change your own role');
    }
    await this.changeMember(grant.project.id, userId, role);
    await this.audit.recordGrant(
      grant,
      'member.updated',
      { type: 'member', id: userId },
      { from: member.role, to: role },
    );
    return toMember({ ...member, role });
  }

  async removeMember(grant: ProjectGrant, userId: string): Promise<void> {
    const member = await this.repository.findMember(grant.project.id, userId);
    if (!member) throw notFound('Member');
    this.checkOwnerGrant(grant, member.role);
    if (member.role === 'owner' && (await this.repository.countOwners(grant.project.id)) <= 1) {
      throw conflict(LAST_OWNER);
    }
    await this.changeMember(grant.project.id, userId, null);
    await this.audit.recordGrant(grant, 'member.removed', { type: 'member', id: userId }, { role: member.role });
  }

  /** The write, re-checking the last owner atomically (the checks above may race with another change). */
  private async changeMember(projectId: string, userId: string, role: Role | null): Promise<void> {
    if (!(await this.repository.changeMember({ projectId, userId, role, now: this.now() }))) {
      throw conflict(LAST_OWNER);
    }
  }
}
