import type {
  ChangePasswordBody,
  CurrentUser,
  LoginResponse,
  RegisterBody,
  RegisterResponse,
  TokenPair,
  UpdateMeBody,
} from '@plinth/contract';
import type { Config, RegistrationMode } from '../../config.js';
import type { Transact, Trx } from '../../db/repository.js';
import type { UserRow } from '../../db/schema.js';
import { queueEmail } from '../../jobs/email.job.js';
import type { JobQueue } from '../../jobs/queue.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { randomSecret, sha256 } from '../../lib/crypto.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import type { Page } from '../../lib/pagination.js';
import { SlidingWindowLimiter, type WindowStore } from '../../lib/rate-limiter.js';
import type { InstanceSettings } from '../settings/instance-settings.js';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './access-tokens.js';
import type { AuthRepository } from './auth.repository.js';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords.js';
import type { UserPrincipal } from './principal.js';
import { normalizeEmail, toCurrentUser, toUser } from './user.mapper.js';

/** Refresh tokens start with this, which tells them apart from access tokens (JWTs). */
export const REFRESH_TOKEN_PREFIX = 'prt_';
const REFRESH_TOKEN_MS = 30 * 24 * 3600_000;
const RESET_TOKEN_MS = 3600_000;
const LIMIT_WINDOW_MS = 15 * 60_000;
const INVALID_LOGIN = 'Invalid email or password';
/** Why a pending user (approval mode) cannot sign in yet. */
export const AWAITING_APPROVAL = 'Your account is awaiting approval';
const INVALID_RESET = 'This reset link is invalid or has expired';

const invalidInvitation = () =>
  new AppError('VALIDATION_FAILED', 'This invitation is invalid or has expired; ask for a new one', [
    { path: 'invitation_token', message: 'is invalid or has expired' },
  ]);

/** Names are stored trimmed; one made only of spaces would show as nothing at all. */
function nameOf(raw: string): string {
  const name = raw.trim();
  if (!name) throw fieldError('name', 'must not be blank');
  return name;
}

/**
 * The status a new account gets in a registration mode; closed registration is a 403. The first
 * user of a fresh instance, and someone a project invited (let in by its admins: they hold the
 * invitation's token, or proved the invited email through a sign-in provider), always get in.
 * @example admissionStatus('approval', { isFirstUser: false, isInvited: false }) // 'pending'
 */
export function admissionStatus(
  mode: RegistrationMode,
  account: { isFirstUser: boolean; isInvited: boolean },
): 'active' | 'pending' {
  if (account.isFirstUser || account.isInvited || mode === 'open') return 'active';
  if (mode === 'closed') throw forbidden('Registration is closed on this instance');
  return 'pending';
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/**
 * Project invitations as registration uses them: an account registered through an invitation's
 * link joins its project. The projects module owns invitations (implemented there, wired in the
 * composition root).
 */
export interface InvitationClaims {
  /** The open invitation a link's token belongs to, read in the caller's transaction. */
  findOpen(trx: Trx, token: string): Promise<{ id: string; userId: string } | undefined>;
  /** Uses an invitation up; false when another request used it first. */
  claim(trx: Trx, invitationId: string): Promise<boolean>;
  /** Uses up every open invitation of a user who proved the invited email another way (a provider's verified email). */
  claimAllFor(trx: Trx, userId: string): Promise<void>;
}

export interface AuthDeps {
  users: AuthRepository;
  settings: InstanceSettings;
  invitations: InvitationClaims;
  jobs: JobQueue;
  rateLimits: WindowStore;
  transaction: Transact;
  clock: Clock;
  log: Logger;
  /** HS256 key of access tokens. */
  jwtKey: Uint8Array;
  config: Pick<Config, 'registration' | 'publicUrl'>;
}

/** Accounts and sessions: registration, sign-in, refresh rotation, password changes. */
export class AuthService {
  private readonly repository: AuthRepository;
  private readonly failuresPerAccount: SlidingWindowLimiter;
  private readonly failuresPerIp: SlidingWindowLimiter;

  constructor(private readonly deps: AuthDeps) {
    this.repository = deps.users;
    const limits = { store: deps.rateLimits, windowMs: LIMIT_WINDOW_MS, clock: deps.clock };
    this.failuresPerAccount = new SlidingWindowLimiter({ ...limits, name: 'auth-account', limit: 10 });
    this.failuresPerIp = new SlidingWindowLimiter({ ...limits, name: 'auth-ip', limit: 30 });
  }

  private now(): string {
    return isoNow(this.deps.clock);
  }

  /**
   * Whether this registration makes the first user of the instance (the instance admin). Call
   * it in the registration's transaction: of two racing first registrations only one claims
   * it, and a registration that fails later rolls its claim back.
   */
  async claimFirstUser(trx: Trx, now: string): Promise<boolean> {
    if ((await this.repository.in(trx).countRegisteredUsers()) > 0) return false;
    return this.deps.settings.claim(trx, 'first_user_registered_at', now);
  }

  /**
   * Registers an account. The first user becomes instance admin (decided atomically, so two
   * racing first registrations cannot both be). An invitation token, which only the invited
   * email received, joins its project and lets the account in whatever the registration mode;
   * without it an invited email registers like any other and claims no invitation.
   */
  async register(body: RegisterBody): Promise<RegisterResponse> {
    const { config, invitations } = this.deps;
    const name = nameOf(body.name);
    const email = normalizeEmail(body.email);
    // Hashed before the transaction, which then stays short.
    const passwordHash = await hashPassword(body.password);
    const now = this.now();
    return this.deps.transaction(async (trx) => {
      const users = this.repository.in(trx);
      const existing = await users.findUserByEmail(email);
      const invitation = body.invitation_token ? await invitations.findOpen(trx, body.invitation_token) : undefined;
      if (body.invitation_token && !invitation) throw invalidInvitation();
      if (invitation && invitation.userId !== existing?.id) {
        throw fieldError('invitation_token', 'was sent to another email address');
      }
      if (existing && existing.status !== 'invited') throw conflict('An account with this email already exists');
      const isFirstUser = await this.claimFirstUser(trx, now);
      const status = admissionStatus(config.registration, { isFirstUser, isInvited: Boolean(invitation) });
      const fields = {
        name,
        password_hash: passwordHash,
        company: body.company?.trim() || null,
        status,
        updated_at: now,
      } as const;
      // Another registration of the same email may have won meanwhile.
      const user = existing
        ? await users.registerInvitedUser(existing.id, fields)
        : await users.insertUserUnlessEmailTaken({
            id: newId(),
            email,
            avatar_url: null,
            is_admin: isFirstUser ? 1 : 0,
            created_at: now,
            ...fields,
          });
      if (!user) throw conflict('An account with this email already exists');
      if (invitation && !(await invitations.claim(trx, invitation.id))) throw invalidInvitation();
      return { user: toUser(user), status };
    });
  }

  /**
   * Counts an attempt against the account's and the address's limits before it is checked, in
   * one atomic step per limit, so that a burst of simultaneous attempts cannot all pass a check
   * made before any of them failed (429 once either limit is spent). `forgive` uncounts an
   * attempt that turned out not to be a failure.
   */
  private async attempt(accountKey: string, ipKey: string): Promise<{ forgive(): Promise<void> }> {
    const accountEvent = await this.failuresPerAccount.take(accountKey);
    const ipEvent = accountEvent === null ? null : await this.failuresPerIp.take(ipKey);
    if (accountEvent === null || ipEvent === null) {
      if (accountEvent !== null) await this.failuresPerAccount.release(accountKey, accountEvent);
      const retryAfter = Math.max(
        1,
        await this.failuresPerAccount.retryAfterSeconds(accountKey),
        await this.failuresPerIp.retryAfterSeconds(ipKey),
      );
      throw new AppError(
        'RATE_LIMITED',
        `Too many attempts; try again in ${Math.ceil(retryAfter / 60)} minutes`,
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
    return {
      forgive: async () => {
        await this.failuresPerAccount.release(accountKey, accountEvent);
        await this.failuresPerIp.release(ipKey, ipEvent);
      },
    };
  }

  async login(username: string, password: string, client: ClientInfo): Promise<LoginResponse> {
    const email = normalizeEmail(username);
    const accountKey = `login:${email}`;
    const attempt = await this.attempt(accountKey, `login:${client.ip}`);
    const user = await this.repository.findUserByEmail(email);
    const valid = user?.password_hash
      ? await verifyPassword(user.password_hash, password)
      : await verifyDecoy(password);
    if (!user || !valid) throw new AppError('UNAUTHENTICATED', INVALID_LOGIN);
    await attempt.forgive();
    if (user.status === 'pending') throw forbidden(AWAITING_APPROVAL);
    await this.failuresPerAccount.reset(accountKey);
    return this.openSession(user, client);
  }

  /**
   * Opens a session for a user who has proved who they are (by password, or through a sign-in
   * provider) and answers the login body.
   */
  async openSession(user: UserRow, client: ClientInfo): Promise<LoginResponse> {
    const sessionId = newId();
    await this.repository.insertSession({
      id: sessionId,
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent,
      now: this.now(),
    });
    const tokens = await this.issueTokens(user.id, sessionId);
    return { ...tokens, token_type: 'Bearer', user: toUser(user) };
  }

  private async issueTokens(userId: string, sessionId: string): Promise<TokenPair> {
    const now = this.deps.clock();
    const refreshToken = randomSecret(32, REFRESH_TOKEN_PREFIX);
    await this.repository.insertRefreshToken({
      id: newId(),
      sessionId,
      hash: sha256(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_MS).toISOString(),
      now: now.toISOString(),
    });
    const accessToken = await signAccessToken({ key: this.deps.jwtKey, userId, sessionId, now });
    return { access_token: accessToken, refresh_token: refreshToken, expires_in: ACCESS_TOKEN_SECONDS };
  }

  /**
   * Rotates a refresh token. Presenting one that was already used means it leaked (or a client
   * replayed it): the whole session ends, for the thief and the owner alike.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const invalid = new AppError('UNAUTHENTICATED', 'The refresh token is invalid; sign in again');
    const row = await this.repository.findRefreshToken(sha256(refreshToken));
    if (!row || row.revoked_at !== null) throw invalid;
    const now = this.now();
    if (row.used_at !== null || !(await this.repository.markRefreshTokenUsed(row.id, now))) {
      await this.repository.revokeSession(row.session_id, now);
      this.deps.log.warn({ sessionId: row.session_id }, 'Refresh token reused; session revoked');
      throw invalid;
    }
    if (row.expires_at <= now) throw invalid;
    const user = await this.repository.findUserById(row.user_id);
    if (user?.status !== 'active') throw invalid;
    return this.issueTokens(row.user_id, row.session_id);
  }

  /** Ends the session of the refresh token, or of the caller's access token. */
  async logout(options: { refreshToken?: string | undefined; principal?: UserPrincipal | undefined }): Promise<void> {
    const now = this.now();
    if (options.refreshToken) {
      const row = await this.repository.findRefreshToken(sha256(options.refreshToken));
      if (row) await this.repository.revokeSession(row.session_id, now);
    }
    if (options.principal) await this.repository.revokeSession(options.principal.sessionId, now);
  }

  async me(userId: string): Promise<CurrentUser> {
    const user = await this.repository.findUserById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'The account no longer exists');
    return toCurrentUser(user);
  }

  async updateMe(userId: string, body: UpdateMeBody): Promise<CurrentUser> {
    const user = await this.repository.updateUser(userId, {
      ...(body.name !== undefined ? { name: nameOf(body.name) } : {}),
      ...(body.avatar_url !== undefined ? { avatar_url: body.avatar_url } : {}),
      updated_at: this.now(),
    });
    if (!user) throw new AppError('UNAUTHENTICATED', 'The account no longer exists');
    return toCurrentUser(user);
  }

  /**
   * Changes the password and ends every other session of the user. Wrong current passwords
   * count as failed logins of the account, so a stolen session cannot be used to guess it. An
   * account without a password (made through a sign-in provider) sets its first one here: it
   * has no current password to give, and any it sends is ignored.
   */
  async changePassword(principal: UserPrincipal, body: ChangePasswordBody, client: ClientInfo): Promise<void> {
    const user = await this.repository.findUserById(principal.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'The account no longer exists');
    if (user.password_hash) {
      const attempt = await this.attempt(`login:${user.email}`, `login:${client.ip}`);
      if (body.current_password === undefined) {
        await attempt.forgive();
        throw fieldError('current_password', 'is required');
      }
      if (!(await verifyPassword(user.password_hash, body.current_password))) {
        throw fieldError('current_password', 'is incorrect');
      }
      await attempt.forgive();
    }
    const now = this.now();
    await this.repository.updateUser(user.id, {
      password_hash: await hashPassword(body.new_password),
      updated_at: now,
    });
    await this.repository.revokeUserSessions(user.id, now, principal.sessionId);
  }

  /**
   * Emails a one-hour reset link when the account exists. The answer and its timing are the
   * same either way, so the endpoint cannot be used to discover accounts.
   */
  async forgotPassword(rawEmail: string, client: ClientInfo): Promise<void> {
    const email = normalizeEmail(rawEmail);
    const accountKey = `forgot:${email}`;
    // Every request counts, sent or not (the answer must not tell which).
    await this.attempt(accountKey, `forgot:${client.ip}`);
    const user = await this.repository.findUserByEmail(email);
    if (!user || user.status === 'invited') return;
    const token = randomSecret(32);
    const now = this.deps.clock();
    const link = `${this.deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // The reset and its email commit together: never a link that was not sent, nor one that does not work.
    await this.deps.transaction(async (trx) => {
      await this.repository.in(trx).insertPasswordReset({
        id: newId(),
        userId: user.id,
        hash: sha256(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_MS).toISOString(),
        now: now.toISOString(),
      });
      await queueEmail(this.deps.jobs, trx, {
        to: user.email,
        subject: 'Reset your Plinth password',
        link,
        text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Plinth account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
      });
    });
  }

  /** Sets a new password from a reset link (once, within the hour) and ends every session. */
  async resetPassword(token: string, password: string): Promise<void> {
    const reset = await this.repository.findPasswordReset(sha256(token));
    const now = this.now();
    if (!reset || reset.used_at !== null || reset.expires_at <= now) {
      throw new AppError('VALIDATION_FAILED', INVALID_RESET, [{ path: 'token', message: 'is invalid or has expired' }]);
    }
    if (!(await this.repository.consumePasswordResets(reset.id, reset.user_id, now))) {
      throw new AppError('VALIDATION_FAILED', INVALID_RESET, [{ path: 'token', message: 'is invalid or has expired' }]);
    }
    await this.repository.updateUser(reset.user_id, { password_hash: await hashPassword(password), updated_at: now });
    await this.repository.revokeUserSessions(reset.user_id, now);
  }

  /**
   * Creates the instance admin named by PLINTH_ADMIN_EMAIL at start, when no account has that
   * email. An existing account is left as it is: promoting it would hand the instance to
   * whoever registered that address first, with a password the operator never chose.
   */
  async ensureAdmin(rawEmail: string, password: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    const existing = await this.repository.findUserByEmail(email);
    const now = this.now();
    if (existing) {
      if (!existing.is_admin) {
        this.deps.log.warn(
          { email },
          'PLINTH_ADMIN_EMAIL names an existing account that is not an instance admin; it was left unchanged',
        );
      }
      return;
    }
    await this.repository.insertUser({
      id: newId(),
      email,
      name: 'Administrator',
      password_hash: await hashPassword(password),
      avatar_url: null,
      company: null,
      is_admin: 1,
      status: 'active',
      created_at: now,
      updated_at: now,
    });
  }

  /** A user by id, for other modules (an owner's email for billing); undefined when gone. */
  findUser(userId: string): Promise<UserRow | undefined> {
    return this.repository.findUserById(userId);
  }

  /** Users by id, for lists that show people (members, invitations); read in `trx` unless null. */
  async findUsers(trx: Trx | null, ids: readonly string[]): Promise<Map<string, UserRow>> {
    const users = trx ? this.repository.in(trx) : this.repository;
    const rows = await users.findUsersByIds(ids);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Users' names by id, in one query (the audit trail names who acted); unknown ids are absent. */
  async userNames(ids: readonly string[]): Promise<Map<string, string>> {
    const users = await this.findUsers(null, ids);
    return new Map([...users].map(([id, user]) => [id, user.name]));
  }

  /** The instance admin who registered first, who owns the built-in site project. */
  findFirstAdmin(): Promise<UserRow | undefined> {
    return this.repository.findFirstAdmin();
  }

  /** Whether anyone has registered yet (seeding a demo is for empty instances only). */
  async hasUsers(): Promise<boolean> {
    return (await this.repository.countRegisteredUsers()) > 0;
  }

  /**
   * The account of an email, made as an `invited` one (no password, cannot sign in) when there
   * is none: what adding a member who has no account creates, in the caller's transaction.
   */
  async findOrInvite(trx: Trx, email: string): Promise<UserRow> {
    const users = this.repository.in(trx);
    const existing = await users.findUserByEmail(email);
    if (existing) return existing;
    const now = this.now();
    return users.insertUser({
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

  /** Accounts for instance admins, newest first. */
  async listUsers(options: { status?: UserRow['status'] | undefined; page: Page }) {
    return this.repository.listUsers(options);
  }

  /** Lets a pending account (approval mode) sign in; an active one stays as it is. */
  async approve(userId: string): Promise<UserRow> {
    const user = await this.repository.findUserById(userId);
    if (!user) throw notFound('User');
    if (user.status === 'invited') throw conflict('This person was invited and has not registered yet');
    const approved =
      user.status === 'pending'
        ? await this.repository.updateUser(userId, { status: 'active', updated_at: this.now() })
        : user;
    if (!approved) throw notFound('User');
    return approved;
  }
}
