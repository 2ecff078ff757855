import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema.
type Db = Kysely<any>;

/*
 * The AI assistant: the model tokens each project used per calendar month (UTC, `2026-11`), as the
 * model reported them, and how many calls used them. Added to in the database by each call.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('ai_usage')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('calls', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_usage_pk', ['project_id', 'period'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('ai_usage').execute();
}
