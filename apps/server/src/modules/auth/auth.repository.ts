import type { UserStatus } from '@plinth/contract';
import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type { NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

/** All SQL of accounts, sessions and their secrets. */
export class AuthRepository extends Repository {
  findUserById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The user, locked until the caller's transaction ends on PostgreSQL (SQLite runs one writer
   * at a time), so changes to how the account signs in run one after another.
   */
  lockUser(id: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .$if(this.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
  }

  /** Whether any account's picture is this URL (anyone may set theirs to any URL, ours included). */
  async isAvatarInUse(url: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('avatar_url', '=', url)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async findUsersByIds(ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** The instance admin who registered first (the owner of the built-in site project). */
  findFirstAdmin(): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('is_admin', '=', 1)
      .where('status', '=', 'active')
      .orderBy('created_at')
      .executeTakeFirst();
  }

  /** Accounts for instance admins, newest first, optionally of one status. */
  listUsers(options: { status?: UserStatus | undefined; page: Page }) {
    let query = this.db.selectFrom('users');
    if (options.status) query = query.where('status', '=', options.status);
    return listPage(query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), options.page);
  }

  async countRegisteredUsers(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '!=', 'invited')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insertUser(user: NewUserRow): Promise<UserRow> {
    await this.db.insertInto('users').values(user).execute();
    return (await this.findUserById(user.id)) as UserRow;
  }

  /** Inserts a user unless the email is taken (by a concurrent request too); undefined then. */
  async insertUserUnlessEmailTaken(user: NewUserRow): Promise<UserRow | undefined> {
    const result = await this.db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return undefined;
    return this.findUserById(user.id);
  }

  /** Turns an invited person into a registered one, once; undefined when someone else did first. */
  async registerInvitedUser(id: string, changes: UserUpdate): Promise<UserRow | undefined> {
    const result = await this.db
      .updateTable('users')
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', 'invited')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    return this.findUserById(id);
  }

  async updateUser(id: string, changes: UserUpdate): Promise<UserRow | undefined> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
    return this.findUserById(id);
  }

  async insertSession(session: {
    id: string;
    userId: string;
    ip: string | null;
    userAgent: string | null;
    now: string;
  }) {
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        ip: session.ip,
        user_agent: session.userAgent,
        created_at: session.now,
        revoked_at: null,
      })
      .execute();
  }

  /** The session behind an access token, with what authorization needs of its user. */
  findLiveSession(sessionId: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'users.is_admin', 'users.status'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async revokeSession(sessionId: string, now: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeUserSessions(userId: string, now: string, exceptSessionId?: string): Promise<void> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
  }

  async insertRefreshToken(token: { id: string; sessionId: string; hash: string; expiresAt: string; now: string }) {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        id: token.id,
        session_id: token.sessionId,
        token_hash: token.hash,
        expires_at: token.expiresAt,
        used_at: null,
        created_at: token.now,
      })
      .execute();
  }

  findRefreshToken(hash: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select([
        'refresh_tokens.id',
        'refresh_tokens.session_id',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'sessions.user_id',
        'sessions.revoked_at',
      ])
      .where('refresh_tokens.token_hash', '=', hash)
      .executeTakeFirst();
  }

  /** Marks a refresh token used; false when another request used it first. */
  async markRefreshTokenUsed(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertPasswordReset(reset: {
    id: string;
    userId: string;
    hash: string;
    expiresAt: string;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({
        id: reset.id,
        user_id: reset.userId,
        token_hash: reset.hash,
        expires_at: reset.expiresAt,
        used_at: null,
        created_at: reset.now,
      })
      .execute();
  }

  findPasswordReset(hash: string) {
    return this.db.selectFrom('password_resets').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }

  /** Uses a reset token once: marks it and every other open reset of the same user. */
  async consumePasswordResets(id: string, userId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    return true;
  }
}
