import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

/*
 * Invitations: a member added by email is "invited" while an invitation row exists, and only
 * the holder of its token (sent by email, stored as a hash) can turn it into a membership.
 * Removing the member removes the invitation with it.
 *
 * Idempotency: stored answers are encrypted from now on; the plaintext ones kept so far (which
 * may hold API tokens and webhook secrets) are deleted.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invitations_member_uq', ['project_id', 'user_id'])
    .addForeignKeyConstraint(
      'invitations_member_fk',
      ['project_id', 'user_id'],
      'project_members',
      ['project_id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  // Invitations made before tokens existed: they stay "invited", with a hash no token has, so
  // nobody can claim them by registering the email; their admins invite again.
  await sql`
    INSERT INTO invitations (id, project_id, user_id, token_hash, expires_at, invited_by, created_at)
    SELECT 'legacy:' || m.project_id || ':' || m.user_id, m.project_id, m.user_id,
           'legacy:' || m.project_id || ':' || m.user_id, m.created_at, NULL, m.created_at
    FROM project_members m JOIN users u ON u.id = m.user_id
    WHERE u.status = 'invited'
  `.execute(db);

  await db.deleteFrom('idempotency_keys').execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_created_idx').execute();
  await db.schema.dropTable('invitations').execute();
}
