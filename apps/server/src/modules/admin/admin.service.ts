import type { AdminProject, AdminUser, PlanId, Project, SiteMessage, UserStatus } from '@plinth/contract';
import type { UserRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';
import type { AuthService } from '../auth/auth.service.js';
import type { UserPrincipal } from '../auth/principal.js';
import { toUser } from '../auth/user.mapper.js';
import type { PlanChanges } from '../billing/plan-change.js';
import { toProject } from '../projects/project.mapper.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SiteService } from '../site/site.service.js';

const toAdminUser = (row: UserRow): AdminUser => ({ ...toUser(row), status: row.status, company: row.company });

/**
 * What instance administrators do: approve accounts, read the site's messages, look over every
 * project and move one to any plan. The rules live with what they change (accounts, messages, billing).
 */
export class AdminService {
  constructor(
    private readonly deps: {
      accounts: AuthService;
      projects: ProjectsService;
      site: SiteService;
      planChanges: PlanChanges;
    },
  ) {}

  async listUsers(options: { status?: UserStatus | undefined; page: Page }) {
    const { rows, total } = await this.deps.accounts.listUsers(options);
    return { items: rows.map(toAdminUser), total };
  }

  async approve(userId: string): Promise<AdminUser> {
    return toAdminUser(await this.deps.accounts.approve(userId));
  }

  listProjects(options: { q?: string | undefined; page: Page }): Promise<{ items: AdminProject[]; total: number }> {
    return this.deps.projects.listAll(options);
  }

  /** How sales moves a customer: any plan, Enterprise included. */
  async setProjectPlan(admin: UserPrincipal, projectId: string, plan: PlanId, ip: string): Promise<Project> {
    const { after } = await this.deps.planChanges.change({
      projectId,
      plan,
      actor: { principal: admin, ip },
      by: 'instance admin',
    });
    return toProject(after, null);
  }

  listMessages(options: { kind?: SiteMessage['kind'] | undefined; page: Page }) {
    return this.deps.site.list(options);
  }

  getMessage(id: string): Promise<SiteMessage> {
    return this.deps.site.get(id);
  }
}
