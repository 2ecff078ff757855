import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import * as searchRows from '../../db/migrations/0015-search-rows.js';
import { createCollection, createDocument, createProject } from '../../test/content.js';
import { call, createTestApp, dialectName, type Session, signUp, type TestApp } from '../../test/harness.js';

/** The expression indexes behind filters, sorts and unique checks. */
describe('content indexes', () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  // Two names of 64 characters that differ only at the end: cut at 63, they would be one.
  const first = `${'a'.repeat(63)}1`;
  const second = `${'a'.repeat(63)}2`;

  /** Name and definition of every index of the documents table. */
  async function indexes(): Promise<{ name: string; definition: string }[]> {
    const query =
      dialectName === 'postgres'
        ? sql<{ name: string; definition: string }>`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
            WHERE tablename = 'documents' AND schemaname = current_schema()`
        : sql<{ name: string; definition: string }>`SELECT name, sql AS definition FROM sqlite_master
            WHERE type = 'index' AND tbl_name = 'documents' AND sql IS NOT NULL`;
    return (await query.execute(t.database.db)).rows;
  }

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner, { name: 'Indexes', locales: ['en', 'es'], default_locale: 'en' });
    await createCollection(t.app, owner, projectId, {
      slug: 'things',
      name: 'Things',
      fields: [
        { name: first, type: 'text', unique: true },
        { name: second, type: 'integer' },
        { name: 'title', type: 'text', localized: true },
      ],
    });
  });
  afterAll(async () => t.close());

  it('gives every indexed value its own index, however long the field names', async () => {
    const all = await indexes();
    for (const index of all) expect(index.name.length).toBeLessThanOrEqual(63);
    for (const name of [first, second]) {
      for (const column of ['data', 'published_data']) {
        const covering = all.filter(
          (index) => index.definition.includes(name) && new RegExp(`\\b${column}\\b`).test(index.definition),
        );
        expect(covering, `${column} ${name}`).toHaveLength(1);
      }
    }
    // The localized field: the default locale's value, and the other locale's with its fallback.
    const title = all.filter((index) => index.definition.includes("'title'") || index.definition.includes('$.title'));
    expect(title).toHaveLength(4);
    expect(title.filter((index) => /coalesce/i.test(index.definition))).toHaveLength(2);
  });

  it('keeps both fields working: unique checks and filters on each', async () => {
    await createDocument(t.app, owner, projectId, 'things', { data: { [first]: 'one', [second]: 1 } });
    const taken = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/collections/things/documents`,
      payload: { data: { [first]: 'one', [second]: 2 } },
    });
    expect(taken.statusCode, taken.body).toBe(409);
    const found = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/collections/things/documents?filter[${second}][eq]=1&sort=${first}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().meta.total).toBe(1);
  });

  // Every write replaces the document's search rows; on SQLite that once scanned the whole
  // full-text table, so writes slowed down with every document added.
  it.skipIf(dialectName !== 'sqlite')("finds a document's search rows through an index", async () => {
    const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
      DELETE FROM document_search_rows WHERE document_id = ${'any'}`.execute(t.database.db);
    expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(
      /USING (COVERING )?INDEX document_search_rows_document_idx/,
    );
  });

  it.skipIf(dialectName !== 'sqlite')(
    'keeps what is searchable when the search rows move (migration 0015)',
    async () => {
      await createDocument(t.app, owner, projectId, 'things', { data: { title: 'Migrating meadowlarks' } });
      const search = async (word: string) =>
        (
          await call(t.app, owner, {
            method: 'GET',
            url: `/api/v1/projects/${projectId}/collections/things/documents?q=${word}`,
          })
        ).json().meta.total;
      expect(await search('meadowlarks')).toBe(1);
      await searchRows.down(t.database.db);
      await searchRows.up(t.database.db);
      // Cached answers would hide the new table; a migration runs before any is cached.
      t.services.delivery.invalidate(projectId);
      expect(await search('meadowlarks')).toBe(1);
      // The index follows its rows: an edit replaces the old words.
      const [document] = (
        await call(t.app, owner, {
          method: 'GET',
          url: `/api/v1/projects/${projectId}/collections/things/documents?q=meadowlarks`,
        })
      ).json().data;
      const edited = await call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${projectId}/collections/things/documents/${document.id}`,
        payload: { data: { title: 'Resident robins' } },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await search('meadowlarks')).toBe(0);
      expect(await search('robins')).toBe(1);
    },
  );

  it.skipIf(dialectName !== 'sqlite')('leaves the search table as it was when moving the rows fails', async () => {
    const search = async () => {
      t.services.delivery.invalidate(projectId);
      return (
        await call(t.app, owner, {
          method: 'GET',
          url: `/api/v1/projects/${projectId}/collections/things/documents?q=robins`,
        })
      ).json().meta.total;
    };
    expect(await search()).toBe(1);
    // Undone, and forgotten by the migrator, so that the next migration run applies it again.
    await searchRows.down(t.database.db);
    await sql`DELETE FROM kysely_migration WHERE name = '0015-search-rows'`.execute(t.database.db);
    // A trigger of that name already exists, so the migration fails after dropping the old table.
    await sql`CREATE TRIGGER document_search_rows_update AFTER UPDATE ON settings BEGIN SELECT 1; END`.execute(
      t.database.db,
    );
    await expect(migrateToLatest(t.database.db)).rejects.toThrow(/0015-search-rows/);
    expect(await search()).toBe(1);
    await sql`DROP TRIGGER document_search_rows_update`.execute(t.database.db);
    await migrateToLatest(t.database.db);
    expect(await search()).toBe(1);
  });
});
