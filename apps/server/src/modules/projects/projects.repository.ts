import type { Role } from '@plinth/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { likeEscape } from '../../db/like.js';
import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type { Database, ProjectRow } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

/** A membership whose invitation is still open grants nothing yet. */
const isInvited = (eb: ExpressionBuilder<Database, 'project_members'>) =>
  eb.exists(
    eb
      .selectFrom('invitations')
      .select('invitations.id')
      .whereRef('invitations.project_id', '=', 'project_members.project_id')
      .whereRef('invitations.user_id', '=', 'project_members.user_id'),
  );

/** A unique constraint failed: `23505` on PostgreSQL, `SQLITE_CONSTRAINT_UNIQUE` on SQLite. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A membership: who (the auth module knows their name and email), in which role, joined yet or not. */
export interface MemberRow {
  user_id: string;
  role: Role;
  status: 'active' | 'invited';
  created_at: string;
}

/** All SQL of projects and their members. */
export class ProjectsRepository extends Repository {
  private live(id: string) {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  }

  findLive(id: string): Promise<ProjectRow | undefined> {
    return this.live(id).executeTakeFirst();
  }

  /**
   * `findLive` inside a transaction, keeping the row locked until it ends, so that changes of one
   * project (its plan) run one after another. Only PostgreSQL needs the lock: SQLite runs one
   * write transaction at a time.
   */
  lockLive(id: string): Promise<ProjectRow | undefined> {
    return (
      this.live(id)
        // NO KEY UPDATE: lockers wait for each other, but rows that reference the project (their
        // foreign key takes a key-share lock) do not wait for the locker, which could deadlock.
        .$if(this.dialect === 'postgres', (query) => query.forNoKeyUpdate())
        .executeTakeFirst()
    );
  }

  async findMembership(projectId: string, userId: string): Promise<{ project: ProjectRow; role: Role } | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .innerJoin('project_members', 'project_members.project_id', 'projects.id')
      .selectAll('projects')
      .select('project_members.role')
      .where('projects.id', '=', projectId)
      .where('projects.deleted_at', 'is', null)
      .where('project_members.user_id', '=', userId)
      .where((eb) => eb.not(isInvited(eb)))
      .executeTakeFirst();
    if (!row) return undefined;
    const { role, ...project } = row;
    return { project, role };
  }

  listForUser(userId: string, page: Page) {
    const query = this.db
      .selectFrom('projects')
      .innerJoin('project_members', 'project_members.project_id', 'projects.id')
      .where('project_members.user_id', '=', userId)
      .where('projects.deleted_at', 'is', null)
      .where((eb) => eb.not(isInvited(eb)))
      .selectAll('projects')
      .select('project_members.role')
      .orderBy('projects.created_at', 'desc')
      .orderBy('projects.id', 'desc');
    return listPage(query, page);
  }

  /**
   * Every live project of the instance, newest first, with how many members have joined and the
   * owner who joined first; `q` narrows to names or slugs containing it (any letter case).
   */
  listAll(options: { q?: string | undefined; page: Page }) {
    let query = this.db.selectFrom('projects').where('projects.deleted_at', 'is', null);
    if (options.q) {
      const pattern = `%${likeEscape(options.q.toLowerCase())}%`;
      query = query.where(
        sql<boolean>`(lower(projects.name) LIKE ${pattern} ESCAPE '\\' OR lower(projects.slug) LIKE ${pattern} ESCAPE '\\')`,
      );
    }
    const rows = query
      .selectAll('projects')
      .select((eb) => [
        eb
          .selectFrom('project_members')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .whereRef('project_members.project_id', '=', 'projects.id')
          .where((inner) => inner.not(isInvited(inner)))
          .as('member_count'),
        eb
          .selectFrom('project_members')
          .select('project_members.user_id')
          .whereRef('project_members.project_id', '=', 'projects.id')
          .where('project_members.role', '=', 'owner')
          .where((inner) => inner.not(isInvited(inner)))
          .orderBy('project_members.created_at')
          .orderBy('project_members.user_id')
          .limit(1)
          .as('owner_id'),
      ])
      .orderBy('projects.created_at', 'desc')
      .orderBy('projects.id', 'desc');
    return listPage(rows, options.page);
  }

  async slugTaken(slug: string): Promise<boolean> {
    const row = await this.db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Creates the project with its creator as owner, in one transaction. Answers false, and
   * creates nothing, when the slug was taken in the meantime (two creates racing for it).
   */
  async createWithOwner(project: ProjectRow, ownerId: string): Promise<boolean> {
    try {
      await this.insertWithOwner(project, ownerId);
      return true;
    } catch (error) {
      if (isUniqueViolation(error) && (await this.slugTaken(project.slug))) return false;
      throw error;
    }
  }

  private async insertWithOwner(project: ProjectRow, ownerId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('projects')
        .values({ ...project, locales: JSON.stringify(project.locales) })
        .execute();
      await trx
        .insertInto('project_members')
        .values({
          project_id: project.id,
          user_id: ownerId,
          role: 'owner',
          created_at: project.created_at,
          updated_at: project.created_at,
        })
        .execute();
    });
  }

  async update(
    id: string,
    changes: { name?: string; locales?: string[]; default_locale?: string; updated_at: string },
  ) {
    await this.db
      .updateTable('projects')
      .set({ ...changes, ...(changes.locales ? { locales: JSON.stringify(changes.locales) } : {}) })
      .where('id', '=', id)
      .execute();
  }

  async setPlan(id: string, plan: ProjectRow['plan'], now: string): Promise<void> {
    await this.db.updateTable('projects').set({ plan, updated_at: now }).where('id', '=', id).execute();
  }

  /** Projects are never erased by a user; the slug is freed so it can be used again. */
  async softDelete(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('projects')
      // `||` rather than concat(): PostgreSQL cannot type a parameter passed to concat's "any".
      .set({ deleted_at: now, slug: sql<string>`slug || ${`~deleted~${id}`}` })
      .where('id', '=', id)
      .execute();
  }

  private memberQuery(projectId: string) {
    return this.db
      .selectFrom('project_members')
      .select((eb) => [
        'project_members.user_id',
        'project_members.role',
        eb.case().when(isInvited(eb)).then('invited').else('active').end().as('status'),
        'project_members.created_at',
      ])
      .where('project_members.project_id', '=', projectId);
  }

  async listMembers(projectId: string, page: Page) {
    const query = this.memberQuery(projectId)
      .orderBy('project_members.created_at', 'asc')
      .orderBy('project_members.user_id', 'asc');
    const { rows, total } = await listPage(query, page);
    return { rows: rows as MemberRow[], total };
  }

  async findMember(projectId: string, userId: string): Promise<MemberRow | undefined> {
    return (await this.memberQuery(projectId).where('project_members.user_id', '=', userId).executeTakeFirst()) as
      | MemberRow
      | undefined;
  }

  async insertMember(member: { projectId: string; userId: string; role: Role; now: string }): Promise<void> {
    await this.db
      .insertInto('project_members')
      .values({
        project_id: member.projectId,
        user_id: member.userId,
        role: member.role,
        created_at: member.now,
        updated_at: member.now,
      })
      .execute();
  }

  /**
   * Gives a member another role, or removes them (`role: null`), unless that would leave the
   * project without an active owner: then nothing changes and the answer is false. Run it in
   * the caller's transaction (`in(trx)`): it first locks the project row, so two owners demoting
   * each other at the same time cannot both succeed (SQLite runs one transaction at a time
   * anyway). Removing an invited member deletes the invitation with it (foreign key cascade).
   */
  async changeMember(change: { projectId: string; userId: string; role: Role | null; now: string }): Promise<boolean> {
    const { projectId, userId, role, now } = change;
    const trx = this.db;
    await trx
      .updateTable('projects')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', projectId)
      .execute();
    const target = await trx
      .selectFrom('project_members')
      .select((eb) => ['role', isInvited(eb).as('invited')])
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
    if (target?.role === 'owner' && !target.invited && role !== 'owner') {
      if ((await this.countOwners(projectId)) <= 1) return false;
    }
    if (role === null) {
      await trx
        .deleteFrom('project_members')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute();
    } else {
      await trx
        .updateTable('project_members')
        .set({ role, updated_at: now })
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute();
    }
    return true;
  }

  /** Members who have joined, and those whose invitation is still open. */
  async countMembers(projectId: string): Promise<{ active: number; invited: number }> {
    const row = await this.db
      .selectFrom('project_members')
      .select((eb) => [
        eb.fn
          .countAll<number>()
          .filterWhere(eb.not(isInvited(eb)))
          .as('active'),
        eb.fn.countAll<number>().filterWhere(isInvited(eb)).as('invited'),
      ])
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return { active: Number(row.active), invited: Number(row.invited) };
  }

  /** Owners who have joined (an invited owner cannot run the project yet). */
  async countOwners(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('project_members')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project_id', '=', projectId)
      .where('role', '=', 'owner')
      .where((eb) => eb.not(isInvited(eb)))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
