import type { Kysely } from 'kysely';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';

/** The database, or the transaction of the change at hand. */
type Db = Kysely<Database>;

/** Set by the registration that made the first user, the instance admin. */
const FIRST_USER_SETTING = 'first_user_registered_at';

/** All SQL of accounts, sessions and their secrets. */
export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUserById(id: string, db: Db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUserByEmail(email: string, db: Db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async countRegisteredUsers(db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '!=', 'invited')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insertUser(user: NewUserRow, db: Db = this.db): Promise<UserRow> {
    await db.insertInto('users').values(user).execute();
    return (await this.findUserById(user.id, db)) as UserRow;
  }

  /** Inserts a user unless the email is taken (by a concurrent request too); undefined then. */
  async insertUserUnlessEmailTaken(user: NewUserRow, db: Db = this.db): Promise<UserRow | undefined> {
    const result = await db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return undefined;
    return this.findUserById(user.id, db);
  }

  /**
   * Whether this registration makes the first user of the instance. Call it in the
   * registration's transaction: of two racing first registrations only one inserts the
   * setting (the other waits for it, then finds it), and a registration that fails later
   * rolls its claim back.
   */
  async claimFirstUser(trx: Db, now: string): Promise<boolean> {
    if ((await this.countRegisteredUsers(trx)) > 0) return false;
    const result = await trx
      .insertInto('settings')
      .values({ key: FIRST_USER_SETTING, value: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Turns an invited person into a registered one, once; undefined when someone else did first. */
  async registerInvitedUser(id: string, changes: UserUpdate, db: Db = this.db): Promise<UserRow | undefined> {
    const result = await db
      .updateTable('users')
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', 'invited')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    return this.findUserById(id, db);
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

  async insertPasswordReset(
    db: Db,
    reset: { id: string; userId: string; hash: string; expiresAt: string; now: string },
  ): Promise<void> {
    await db
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
