import type { AdminUser, PlanId, Project, SiteMessage, UserStatus } from '@plinth/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Page } from '../../lib/pagination.js';
import { AuthRepository } from '../auth/auth.repository.js';
import type { UserPrincipal } from '../auth/principal.js';
import { toUser } from '../auth/user.mapper.js';
import { changeProjectPlan } from '../billing/plan-change.js';
import { toProject, toProjectRecord } from '../projects/project.mapper.js';
import { MessagesRepository } from '../site/messages.repository.js';
import { toSiteMessage } from '../site/site.service.js';
import { AdminRepository } from './admin.repository.js';

const toAdminUser = (row: UserRow): AdminUser => ({ ...toUser(row), status: row.status, company: row.company });

/** What instance administrators do: approve accounts and read the site's messages. */
export class AdminService {
  private readonly repository: AdminRepository;
  private readonly users: AuthRepository;
  private readonly messages: MessagesRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new AdminRepository(ctx.db);
    this.users = new AuthRepository(ctx.db);
    this.messages = new MessagesRepository(ctx.db);
  }

  async listUsers(options: { status?: UserStatus | undefined; page: Page }) {
    const { rows, total } = await this.repository.listUsers(options);
    return { items: rows.map(toAdminUser), total };
  }

  async approve(userId: string): Promise<AdminUser> {
    const user = await this.users.findUserById(userId);
    if (!user) throw notFound('User');
    if (user.status === 'invited') throw conflict('This person was invited and has not registered yet');
    const approved =
      user.status === 'pending'
        ? await this.users.updateUser(userId, { status: 'active', updated_at: this.ctx.clock().toISOString() })
        : user;
    if (!approved) throw notFound('User');
    return toAdminUser(approved);
  }

  /** How sales moves a customer: any plan, Enterprise included. */
  async setProjectPlan(admin: UserPrincipal, projectId: string, plan: PlanId, ip: string): Promise<Project> {
    const { after } = await changeProjectPlan(this.ctx, {
      projectId,
      plan,
      actor: { principal: admin, ip },
      by: 'instance admin',
    });
    return toProject(toProjectRecord(after), null);
  }

  async listMessages(options: { kind?: SiteMessage['kind'] | undefined; page: Page }) {
    const { rows, total } = await this.messages.list(options);
    return { items: rows.map(toSiteMessage), total };
  }

  async getMessage(id: string): Promise<SiteMessage> {
    const row = await this.messages.findById(id);
    if (!row) throw notFound('Message');
    return toSiteMessage(row);
  }
}
