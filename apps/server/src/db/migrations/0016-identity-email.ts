import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

/*
 * A linked provider account keeps the email the provider reported when it was linked, so the
 * profile screen can say which account it is ("GitHub, ada@example.com"). Links made before
 * have none.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('oauth_identities').addColumn('email', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('oauth_identities').dropColumn('email').execute();
}
