import type { OAuthProviderId } from '@plinth/contract';
import type { Insertable, Selectable } from 'kysely';
import { Repository } from '../../../db/repository.js';
import type { OAuthIdentityRow, OAuthStatesTable, UserRow } from '../../../db/schema.js';

export type OAuthStateRow = Selectable<OAuthStatesTable>;

/** All SQL of sign-ins through providers: attempts in progress and linked provider accounts. */
export class OAuthRepository extends Repository {
  async insertState(state: Insertable<OAuthStatesTable>): Promise<void> {
    await this.db.insertInto('oauth_states').values(state).execute();
  }

  /** Attempts nobody finished are dropped once expired, so the table stays small. */
  async deleteExpiredStates(now: string): Promise<void> {
    await this.db.deleteFrom('oauth_states').where('expires_at', '<=', now).execute();
  }

  /** Removes an attempt and returns it; undefined when unknown or taken by another request first. */
  async takeState(stateHash: string): Promise<OAuthStateRow | undefined> {
    const state = await this.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    if (!state) return undefined;
    const result = await this.db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).executeTakeFirst();
    return Number(result.numDeletedRows) === 1 ? state : undefined;
  }

  /** The user a provider account is linked to. */
  findLinkedUser(provider: OAuthProviderId, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('oauth_identities')
      .innerJoin('users', 'users.id', 'oauth_identities.user_id')
      .selectAll('users')
      .where('oauth_identities.provider', '=', provider)
      .where('oauth_identities.subject', '=', subject)
      .executeTakeFirst();
  }

  /** Links a provider account to a user; false when it is already linked (to anyone). */
  async linkIdentity(link: { provider: OAuthProviderId; subject: string; userId: string; email: string; now: string }) {
    const result = await this.db
      .insertInto('oauth_identities')
      .values({
        provider: link.provider,
        subject: link.subject,
        user_id: link.userId,
        email: link.email,
        created_at: link.now,
      })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The provider accounts linked to a user, oldest link first. */
  listIdentities(userId: string): Promise<OAuthIdentityRow[]> {
    return this.db
      .selectFrom('oauth_identities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('provider')
      .execute();
  }

  /** Unlinks a user's accounts at one provider; how many links went. */
  async unlinkIdentities(userId: string, provider: OAuthProviderId): Promise<number> {
    const result = await this.db
      .deleteFrom('oauth_identities')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
