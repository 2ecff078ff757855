import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

/*
 * Social and single sign-on: sign-ins in progress (the state sent to the provider, kept as a
 * hash, with its PKCE verifier and redirect URI; single use, short-lived) and the provider
 * accounts linked to users, by the provider's stable subject rather than by email.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_states_expires_idx').on('oauth_states').column('expires_at').execute();

  await db.schema
    .createTable('oauth_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('oauth_identities_user_idx').on('oauth_identities').column('user_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('oauth_identities').execute();
  await db.schema.dropTable('oauth_states').execute();
}
