import { createHash } from 'node:crypto';
import type {
  LinkedIdentity,
  LoginResponse,
  OAuthCallbackBody,
  OAuthProvider,
  OAuthProviderId,
} from '@plinth/contract';
import type { Config } from '../../../config.js';
import type { Transact } from '../../../db/repository.js';
import type { UserRow } from '../../../db/schema.js';
import { type Clock, isoNow } from '../../../lib/clock.js';
import { randomSecret, sha256 } from '../../../lib/crypto.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { AuthRepository } from '../auth.repository.js';
import {
  type AuthService,
  AWAITING_APPROVAL,
  admissionStatus,
  type ClientInfo,
  type InvitationClaims,
} from '../auth.service.js';
import type { OAuthRepository } from './oauth.repository.js';
import { isProviderId, PROVIDER_NAMES } from './providers.js';
import type { ProviderIdentity, SignInProvider } from './sign-in-provider.js';

/** Long enough to sign in at the provider (and maybe create an account there), short enough to go stale. */
const STATE_TTL_MS = 10 * 60_000;
const INVALID_STATE = 'This sign-in link is invalid, was already used or has expired; please start again';
const RACE = 'Another sign-in changed this account at the same time; please try again';

/** RFC 7636 S256: the challenge the provider keeps, to check the verifier sent with the code. */
const codeChallengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/**
 * Sign-in through GitHub, Google or an OpenID Connect issuer: the authorization code flow with
 * PKCE and a single-use state kept on the server. The provider account is linked to a Plinth
 * user by its stable subject, so a changed email still signs in the same user; a first sign-in
 * links the user with the same verified email, or registers one under the registration mode.
 */
export class OAuthService {
  private readonly providers: ReadonlyMap<OAuthProviderId, SignInProvider>;

  constructor(
    private readonly deps: {
      repository: OAuthRepository;
      users: AuthRepository;
      accounts: AuthService;
      invitations: InvitationClaims;
      providers: SignInProvider[];
      transaction: Transact;
      clock: Clock;
      config: Pick<Config, 'registration' | 'publicUrl'>;
    },
  ) {
    this.providers = new Map(deps.providers.map((provider) => [provider.id, provider]));
  }

  /** The configured providers, for the "Continue with …" buttons. */
  listProviders(): OAuthProvider[] {
    return [...this.providers.values()].map((provider) => ({ id: provider.id, name: provider.name }));
  }

  private provider(id: string): SignInProvider {
    if (!isProviderId(id)) throw new AppError('NOT_FOUND', 'Unknown sign-in provider; use github, google or oidc');
    const provider = this.providers.get(id);
    if (!provider)
      throw new AppError('NOT_FOUND', `Sign-in with ${PROVIDER_NAMES[id]} is not configured on this instance`);
    return provider;
  }

  /**
   * Starts a sign-in: returns the provider's URL to send the browser to. The provider sends it
   * back to `redirectUri`, which must be the web app's callback page for this provider.
   */
  async start(providerId: string, redirectUri: string): Promise<string> {
    const provider = this.provider(providerId);
    const expected = `${this.deps.config.publicUrl}/auth/${provider.id}/callback`;
    if (!URL.canParse(redirectUri) || new URL(redirectUri).href !== new URL(expected).href) {
      throw fieldError('redirect_uri', `must be ${expected}`);
    }
    const state = randomSecret(32);
    const codeVerifier = randomSecret(32);
    const location = await provider.authorizationUrl({
      state,
      codeChallenge: codeChallengeOf(codeVerifier),
      redirectUri: expected,
    });
    const now = this.deps.clock();
    const { repository } = this.deps;
    await repository.deleteExpiredStates(now.toISOString());
    await repository.insertState({
      state_hash: sha256(state),
      provider: provider.id,
      code_verifier: codeVerifier,
      redirect_uri: expected,
      expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    });
    return location;
  }

  /** Finishes a sign-in with the code and state the provider sent back; answers like a login. */
  async finish(providerId: string, body: OAuthCallbackBody, client: ClientInfo): Promise<LoginResponse> {
    const provider = this.provider(providerId);
    const attempt = await this.deps.repository.takeState(sha256(body.state));
    if (!attempt || attempt.provider !== provider.id || attempt.expires_at <= isoNow(this.deps.clock)) {
      throw new AppError('VALIDATION_FAILED', INVALID_STATE, [{ path: 'state', message: 'is invalid or has expired' }]);
    }
    const identity = await provider.identify({
      code: body.code,
      codeVerifier: attempt.code_verifier,
      redirectUri: attempt.redirect_uri,
    });
    const user = await this.userFor(provider.id, identity);
    if (user.status === 'pending') throw forbidden(AWAITING_APPROVAL);
    return this.deps.accounts.openSession(user, client);
  }

  /**
   * The user of a provider account: the one it is linked to, else the one with its verified
   * email (now linked), else a new one registered under the registration mode (and linked).
   */
  private userFor(provider: OAuthProviderId, identity: ProviderIdentity): Promise<UserRow> {
    return this.deps.transaction(async (trx) => {
      const links = this.deps.repository.in(trx);
      const users = this.deps.users.in(trx);
      const linked = await links.findLinkedUser(provider, identity.subject);
      if (linked) return linked;
      const now = isoNow(this.deps.clock);
      let user = await users.findUserByEmail(identity.email);
      if (!user || user.status === 'invited') {
        const isFirstUser = await this.deps.accounts.claimFirstUser(trx, now);
        const status = admissionStatus(this.deps.config.registration, { isFirstUser, isInvited: Boolean(user) });
        const fields = {
          name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
          avatar_url: identity.avatarUrl,
          status,
          updated_at: now,
        } as const;
        // Another sign-in or registration of the same email may have won meanwhile.
        const invitedId = user?.id;
        user = invitedId
          ? await users.registerInvitedUser(invitedId, fields)
          : await users.insertUserUnlessEmailTaken({
              id: newId(),
              email: identity.email,
              password_hash: null,
              company: null,
              is_admin: isFirstUser ? 1 : 0,
              created_at: now,
              ...fields,
            });
        if (!user) throw conflict(RACE);
        // The provider verified the invited email: as good a proof as the invitation's link.
        if (invitedId) await this.deps.invitations.claimAllFor(trx, invitedId);
      }
      if (
        !(await links.linkIdentity({
          provider,
          subject: identity.subject,
          userId: user.id,
          email: identity.email,
          now,
        }))
      ) {
        throw conflict(RACE);
      }
      return user;
    });
  }

  /** The provider accounts linked to a user, for the profile screen. */
  async listIdentities(userId: string): Promise<LinkedIdentity[]> {
    const rows = await this.deps.repository.listIdentities(userId);
    return rows.map((row) => ({ provider: row.provider, email: row.email, linked_at: row.created_at }));
  }

  /**
   * Unlinks the user's account at a provider. Refused (409) when it is the last way to sign in:
   * no password and no other provider. Decided under the user's lock, so two unlinks at once
   * cannot each leave the other as the last one and both go.
   */
  async unlinkIdentity(userId: string, providerId: string): Promise<void> {
    if (!isProviderId(providerId)) throw notFound('Linked account');
    // A provider turned off since still names itself as it did.
    const name = this.providers.get(providerId)?.name ?? PROVIDER_NAMES[providerId];
    await this.deps.transaction(async (trx) => {
      const user = await this.deps.users.in(trx).lockUser(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'The account no longer exists');
      const links = this.deps.repository.in(trx);
      const identities = await links.listIdentities(userId);
      if (!identities.some((identity) => identity.provider === providerId)) throw notFound(`Linked ${name} account`);
      if (user.password_hash === null && identities.every((identity) => identity.provider === providerId)) {
        throw conflict(
          `Signing in with ${name} is the only way into this account; set a password or link another provider before unlinking it`,
        );
      }
      await links.unlinkIdentities(userId, providerId);
    });
  }
}
