import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../apps/server/src/test/harness.js';
import {
  type Doc,
  expectRefused,
  graphqlAttack,
  HIDDEN_WORDS,
  idsOf,
  listOf,
  type QueryFixture,
  refused,
  startQueryFixture,
} from './content-fixture.js';
import { attack, errorCode, report, type Session } from './harness.js';

// Query oracles: a `content:read` token (published snapshots, no hidden fields) asks questions
// whose answers would differ between a right and a wrong guess about what it may not read.
// Every probe is paired with a control that proves the same question finds what it may.

const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

describe(`query oracles: what a content:read token may not learn (${dialect})`, () => {
  let f: QueryFixture;
  /** The documents the token may see: the published snapshots. */
  let visible: string[];

  beforeAll(async () => {
    f = await startQueryFixture();
    visible = [f.articles.alpha.id, f.articles.beta.id, f.articles.delta.id].sort();
  });
  afterAll(() => f?.target.close());

  /**
   * Right and wrong guesses must get the same refusal: the answers are byte-identical once the
   * parameter's own name (`filter[secret][eq]`, which the refusal names) is set aside, so the
   * guessed value changes nothing.
   */
  async function sameRefusal(tried: string, queries: string[], as: Session | string = f.reader): Promise<void> {
    const seen = new Set<string>();
    for (const query of queries) {
      const answer = await attack(f.target, tried, { path: f.documents(`?${query}`), as });
      expectRefused(answer);
      const key = query.slice(0, query.indexOf('='));
      seen.add(answer.text.replaceAll(key, 'KEY'));
    }
    expect([...seen]).toHaveLength(1);
  }

  it('GHSA-shape: filter[hidden][eq] answers the same refusal for a right and a wrong guess', async () => {
    await sameRefusal('equality oracle on a hidden field', [
      `filter[secret][eq]=${HIDDEN_WORDS.alphaSecret}`,
      'filter[secret][eq]=wrong-guess',
    ]);
    // Nobody filters on a hidden field, members included (API.md): there is no oracle to tune.
    await sameRefusal(
      'the same probes as the owner',
      [`filter[secret][eq]=${HIDDEN_WORDS.alphaSecret}`, 'filter[secret][eq]=wrong-guess'],
      f.owner,
    );
    const hidden = await refused(f, 'hidden field named like', `${f.documents('?filter[secret][eq]=x')}`);
    const unknown = await refused(f, 'unknown field', `${f.documents('?filter[nosuch][eq]=x')}`);
    // The hidden field is refused exactly as a field that does not exist: its name is all that differs.
    expect(hidden.message.replaceAll('secret', 'nosuch')).toBe(unknown.message);
    expect(hidden.message).not.toMatch(/hidden/i);
  });

  it('GHSA-shape: filter[hidden][starts_with] character by character learns nothing', async () => {
    const guesses = ['h', 'hu', 'hun', 'hunter2a', 'x', 'hunter2x'];
    await sameRefusal(
      'prefix oracle on a hidden field, one character at a time',
      guesses.map((guess) => `filter[secret][starts_with]=${guess}`),
    );
    await sameRefusal('contains oracle on a hidden field', [
      'filter[secret][contains]=quagga',
      'filter[secret][contains]=nothing',
    ]);
    await sameRefusal('exists / ne / in oracles on a hidden field', [
      'filter[secret][exists]=true',
      'filter[secret][exists]=false',
      'filter[secret][ne]=x',
      `filter[secret][in]=${HIDDEN_WORDS.alphaSecret},x`,
      'filter[secret]=zzbeta',
    ]);
  });

  it('GHSA-shape: sort by a hidden field is refused, so the order reveals nothing', async () => {
    await sameRefusal('order oracle on a hidden field', ['sort=secret', 'sort=-secret', 'sort=title,secret']);
    await refused(f, 'order by a referenced document’s hidden field', f.documents('?sort=author.ssn'));
  });

  it('GHSA-shape: full-text search does not match words only in hidden fields', async () => {
    for (const word of [HIDDEN_WORDS.alphaSecret, 'hunter2alpha', HIDDEN_WORDS.adaSsn]) {
      for (const collection of ['articles', 'authors']) {
        const answer = await attack(f.target, `search a hidden value (${collection})`, {
          path: f.documents(`?q=${word}`, collection),
          as: f.reader,
        });
        expect(idsOf(answer)).toEqual([]);
      }
    }
    // Control: the same kind of word in a visible field is found.
    expect(
      idsOf(await attack(f.target, 'search a visible word', { path: f.documents('?q=alpha'), as: f.reader })),
    ).toEqual([f.articles.alpha.id]);
  });

  it('GHSA-shape: full-text search does not match words only in drafts or unpublished edits', async () => {
    for (const [word, collection] of [
      [HIDDEN_WORDS.draftTitle, 'articles'],
      [HIDDEN_WORDS.changedTitle, 'articles'],
      [HIDDEN_WORDS.draftBio, 'authors'],
      [HIDDEN_WORDS.changedBio, 'authors'],
    ] as const) {
      const asReader = await attack(f.target, `search a word only in an unpublished copy (${collection})`, {
        path: f.documents(`?q=${word}`, collection),
        as: f.reader,
      });
      expect(idsOf(asReader)).toEqual([]);
      // Control: the owner (working copies) finds it, so the token's empty answer is a refusal to look.
      const asOwner = await call(f.target.app, f.owner, { method: 'GET', url: f.documents(`?q=${word}`, collection) });
      expect(asOwner.json().meta.total).toBe(1);
    }
  });

  it('GHSA-shape: a field hidden after documents were indexed is no longer searchable', async () => {
    const { app } = f.target;
    const collection = `/api/v1/projects/${f.projectId}/collections`;
    const created = await call(app, f.owner, {
      method: 'POST',
      url: collection,
      payload: {
        slug: 'notes',
        name: 'Notes',
        fields: [
          { name: 'title', type: 'text' },
          { name: 'memo', type: 'text' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const note = await call(app, f.owner, {
      method: 'POST',
      url: f.documents('', 'notes'),
      payload: { data: { title: 'Note', memo: 'memoplatypus' }, status: 'published' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const before = await attack(f.target, 'search a visible memo before it is hidden', {
      path: f.documents('?q=memoplatypus', 'notes'),
      as: f.reader,
    });
    expect(idsOf(before)).toEqual([note.json().data.id]);
    const hidden = await call(app, f.owner, {
      method: 'PATCH',
      url: `${collection}/notes`,
      payload: {
        fields: [
          { name: 'title', type: 'text' },
          { name: 'memo', type: 'text', hidden: true },
        ],
      },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const after = await attack(f.target, 'search the same memo once the field is hidden', {
      path: f.documents('?q=memoplatypus', 'notes'),
      as: f.reader,
    });
    expect(idsOf(after)).toEqual([]);
    const graph = await graphqlAttack(
      f,
      'the same search through GraphQL',
      '{ notes(search: "memoplatypus") { total } }',
    );
    expect(graph.body.data?.notes).toEqual({ total: 0 });
  });

  it('GHSA-shape: filtering through a reference reaches neither its hidden fields nor unpublished referenced documents', async () => {
    await sameRefusal('hidden field of the referenced document', [
      `filter[author.ssn][eq]=${HIDDEN_WORDS.adaSsn}`,
      'filter[author.ssn][eq]=wrong',
      'filter[author.ssn][starts_with]=ssnada',
    ]);
    // Beta's author is an unpublished draft: conditions on it must match as if it did not exist.
    for (const query of [
      'filter[author.name][eq]=Dan Draft',
      `filter[author.bio][starts_with]=${HIDDEN_WORDS.draftBio.slice(0, 6)}`,
      `filter[author.id][eq]=${f.authors.dan.id}`,
      'filter[author.name][exists]=true',
      // Ada is published, with an unpublished edit of her bio: the filter reads her snapshot.
      `filter[author.bio][contains]=${HIDDEN_WORDS.changedBio}`,
    ]) {
      const answer = await attack(f.target, 'probe an unpublished referenced document', {
        path: f.documents(`?${query.replaceAll(' ', '%20')}`),
        as: f.reader,
      });
      const expected = query.endsWith('exists]=true') ? [f.articles.alpha.id] : [];
      expect(idsOf(answer)).toEqual(expected);
    }
    // Control: the owner, who sees drafts, finds Beta through its draft author.
    const owner = await call(f.target.app, f.owner, {
      method: 'GET',
      url: f.documents('?filter[author.name][eq]=Dan%20Draft'),
    });
    expect(owner.json().data.map((document: { id: string }) => document.id)).toEqual([f.articles.beta.id]);
    const ownerEdit = await call(f.target.app, f.owner, {
      method: 'GET',
      url: f.documents(`?filter[author.bio][contains]=${HIDDEN_WORDS.changedBio}`),
    });
    expect(ownerEdit.json().meta.total).toBe(2);
  });

  it('GHSA-shape: the project-wide search finds no draft, unpublished edit or hidden value for the token', async () => {
    const search = (q: string, as: Session | string = f.reader) =>
      attack(f.target, `project search for ${JSON.stringify(q)}`, {
        path: `/api/v1/projects/${f.projectId}/search?q=${encodeURIComponent(q)}`,
        as,
      });
    for (const word of [...Object.values(HIDDEN_WORDS), 'ssndan1111', 'zzbeta']) {
      const answer = await search(word);
      expect(answer.status, answer.text).toBe(200);
      expect((answer.json as { data: unknown[] }).data).toEqual([]);
    }
    // Controls: the token finds a published title, and the owner finds the draft's.
    const found = await search('alpha');
    expect((found.json as { data: { id: string }[] }).data.map((hit) => hit.id)).toEqual([f.articles.alpha.id]);
    const draft = await search(HIDDEN_WORDS.draftTitle, f.owner);
    expect((draft.json as { data: { id: string }[] }).data.map((hit) => hit.id)).toEqual([f.articles.gamma.id]);
    for (const q of ['%', '_', '\\', '"', '*', '\u0000']) {
      const answer = await search(q);
      expect([answer.status, errorCode(answer)], answer.text).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('GHSA-shape: populate never returns unpublished referenced documents or hidden fields', async () => {
    for (const query of ['populate=author', 'populate=*', 'populate=*&depth=3', 'populate=author&locale=*']) {
      const answer = await attack(f.target, 'populate references as the token', {
        path: f.documents(`?${query}`),
        as: f.reader,
      });
      const list = listOf(answer);
      expect(answer.text).not.toContain(HIDDEN_WORDS.draftBio);
      expect(answer.text).not.toContain(HIDDEN_WORDS.adaSsn);
      expect(answer.text).not.toContain('"ssn"');
      expect(answer.text).not.toContain('"secret"');
      const beta = list.data.find((document) => document.id === f.articles.beta.id);
      expect(beta?.data.author).toBeNull();
      const alpha = list.data.find((document) => document.id === f.articles.alpha.id);
      expect((alpha?.data.author as { data?: Record<string, unknown> } | null)?.data).toEqual({
        name: 'Ada',
        bio: 'pioneer',
      });
    }
    const single = await attack(f.target, 'populate a draft author on one document', {
      path: f.documents(`/${f.articles.beta.id}?populate=author`),
      as: f.reader,
    });
    expect(single.status).toBe(200);
    expect((single.json as { data: Doc }).data.data.author).toBeNull();
    await refused(f, 'populate a hidden field', f.documents('?populate=secret'));
    await refused(f, 'project a hidden field', f.documents('?fields=title,secret'));
    const direct = await attack(f.target, 'read the draft author directly', {
      path: f.documents(`/${f.authors.dan.id}`, 'authors'),
      as: f.reader,
    });
    expect([direct.status, errorCode(direct)]).toEqual([404, 'NOT_FOUND']);
  });

  it('GHSA-shape: status parameters do not open drafts, edits or the trash to the token', async () => {
    for (const status of ['draft', 'changed', 'deleted']) {
      const answer = await attack(f.target, `ask for status=${status}`, {
        path: f.documents(`?status=${status}`),
        as: f.reader,
      });
      expect([answer.status, errorCode(answer)]).toEqual([403, 'FORBIDDEN']);
    }
    const published = await attack(f.target, 'ask for status=published', {
      path: f.documents('?status=published'),
      as: f.reader,
    });
    expect(idsOf(published)).toEqual(visible);
  });

  it('GHSA-shape: list totals and filters count only published snapshots', async () => {
    expect(idsOf(await attack(f.target, 'list everything', { path: f.documents(''), as: f.reader }))).toEqual(visible);
    const page = listOf(
      await attack(f.target, 'a page of one: does total count drafts?', {
        path: f.documents('?limit=1'),
        as: f.reader,
      }),
    );
    expect(page.meta.total).toBe(3);
    for (const [query, expected] of [
      // Gamma (views 30) is a draft; Delta's unpublished edit says 99, its snapshot 40.
      ['filter[views][gt]=25', [f.articles.delta.id]],
      ['filter[views][eq]=30', []],
      ['filter[views][eq]=99', []],
      ['filter[views][eq]=40', [f.articles.delta.id]],
      [`filter[title][contains]=${HIDDEN_WORDS.changedTitle}`, []],
      [`filter[id][eq]=${f.articles.gamma.id}`, []],
      [`filter[id][in]=${f.articles.gamma.id},${f.articles.alpha.id}`, [f.articles.alpha.id]],
    ] as const) {
      const answer = await attack(f.target, 'filter into unpublished values', {
        path: f.documents(`?${query}&limit=1`),
        as: f.reader,
      });
      const list = listOf(answer);
      expect(list.meta.total, query).toBe(expected.length);
      expect(list.data.map((document) => document.id)).toEqual(expected.slice(0, 1));
    }
    // Sorting uses the snapshot: Delta sorts by 40, not by its unpublished 99.
    const sorted = listOf(
      await attack(f.target, 'sort by a value changed in a draft', {
        path: f.documents('?sort=-views'),
        as: f.reader,
      }),
    );
    expect(sorted.data.map((document) => document.data.views)).toEqual([40, 20, 10]);
  });

  it('GHSA-shape: system columns that are not public cannot be filtered or sorted on', async () => {
    const columns = [
      'created_by',
      'updated_by',
      'project_id',
      'collection_id',
      'deleted_at',
      'data',
      'published_data',
      'version',
      'workflow_stage',
      'status',
      'publish_at',
      'password_hash',
      'constructor',
      '__proto__',
    ];
    for (const column of columns) {
      await sameRefusal(`filter on the non-public column ${column}`, [
        `filter[${column}][eq]=${f.owner.userId}`,
        `filter[${column}][eq]=wrong`,
      ]);
      await refused(f, `sort on the non-public column ${column}`, f.documents(`?sort=${column}`));
    }
    await sameRefusal('a user id through a reference', [
      `filter[author.created_by][eq]=${f.owner.userId}`,
      'filter[author.created_by][eq]=wrong',
    ]);
  });

  /** A cursor as the server writes it, with `values` and `id` replaced and the unkeyed checksum recomputed. */
  function forge(cursor: string, values: unknown[], id: string): string {
    const [signature] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string];
    const content = [signature, values, id];
    const sum = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);
    return Buffer.from(JSON.stringify([...content, sum])).toString('base64url');
  }

  it('GHSA-shape: tampered and foreign cursors answer 400, and forged ones stay inside what the token sees', async () => {
    const first = listOf(
      await attack(f.target, 'take a real cursor', {
        path: f.documents('?limit=1&sort=title'),
        as: f.reader,
      }),
    );
    const cursor = first.meta.next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const decoded = JSON.parse(Buffer.from(String(cursor), 'base64url').toString('utf8')) as unknown[];
    const tampered = Buffer.from(JSON.stringify([decoded[0], ["' OR 1=1 --"], decoded[2], decoded[3]])).toString(
      'base64url',
    );
    const refusedCursors = [
      ['edited values, old checksum', tampered],
      ['not base64 JSON', 'not-a-cursor'],
      ['base64 of an object', Buffer.from('{"id":"x","created_by":"y"}').toString('base64url')],
      ['base64 of SQL', Buffer.from("'; DROP TABLE documents; --").toString('base64url')],
      ['a cursor of another sort order', '__SORT__'],
    ] as const;
    const otherSort = listOf(
      await attack(f.target, 'a cursor of another sort', {
        path: f.documents('?limit=1&sort=-views'),
        as: f.reader,
      }),
    ).meta.next_cursor;
    for (const [what, value] of refusedCursors) {
      const sent = value === '__SORT__' ? String(otherSort) : value;
      await refused(f, `cursor: ${what}`, f.documents(`?limit=1&sort=title&cursor=${encodeURIComponent(sent)}`));
    }
    await refused(f, 'a cursor over the length limit', f.documents(`?sort=title&cursor=${'A'.repeat(4001)}`));
    await refused(f, 'a cursor with a page', f.documents(`?sort=title&page=2&cursor=${cursor}`));
    // A forged cursor (the checksum is unkeyed) is only a starting point: its values are bound
    // parameters and the rows after it are still the token's published snapshots.
    const forged = [
      ["' OR 1=1 --"],
      ['x'.repeat(2500)],
      [1e308],
      [null],
      [true],
      [{ $gt: '' }],
      ['\u0000'],
      ['Alpha\u0000'],
    ];
    for (const values of forged) {
      for (const id of ['', "' OR '1'='1", f.articles.gamma.id, '\u0000']) {
        const answer = await attack(
          f.target,
          `forged cursor ${JSON.stringify(values).slice(0, 40)} / ${JSON.stringify(id)}`,
          {
            path: f.documents(`?limit=10&sort=title&cursor=${forge(String(cursor), values, id)}`),
            as: f.reader,
          },
        );
        expect([200, 400], answer.text).toContain(answer.status);
        if (answer.status === 200) {
          for (const document of listOf(answer).data) expect(visible).toContain(document.id);
          expect(answer.text).not.toContain(HIDDEN_WORDS.draftTitle);
        } else expectRefused(answer);
      }
    }
    // A cursor the owner got from working copies (drafts included) gives the token nothing more.
    const ownerPage = await call(f.target.app, f.owner, { method: 'GET', url: f.documents('?limit=1&sort=title') });
    const ownerCursor = ownerPage.json().meta.next_cursor as string;
    const replayed = await attack(f.target, "replay the owner's cursor as the token", {
      path: f.documents(`?limit=10&sort=title&cursor=${ownerCursor}`),
      as: f.reader,
    });
    for (const document of listOf(replayed).data) expect(visible).toContain(document.id);
  });

  it('GHSA-shape: a cursor from another collection or project reads only what the token sees here', async () => {
    const authorsCursor = listOf(
      await attack(f.target, 'a cursor from the authors collection', {
        path: f.documents('?limit=1&sort=name', 'authors'),
        as: f.reader,
      }),
    ).meta.next_cursor;
    // The authors' sort (name) is no sort of articles: refused.
    await refused(f, 'the authors cursor on articles', f.documents(`?sort=name&cursor=${authorsCursor}`));
    const defaultAuthors = await call(f.target.app, f.owner, {
      method: 'GET',
      url: f.documents('?limit=1', 'authors'),
    });
    const foreign = defaultAuthors.json().meta.next_cursor as string;
    const answer = await attack(f.target, 'a default-sort cursor from another collection', {
      path: f.documents(`?limit=10&cursor=${foreign}`),
      as: f.reader,
    });
    expect([200, 400]).toContain(answer.status);
    if (answer.status === 200) for (const document of listOf(answer).data) expect(visible).toContain(document.id);
    else expectRefused(answer);
    // Another project's token cannot use its cursor here at all: the token is bound to its project.
    const other = await call(f.target.app, f.owner, {
      method: 'POST',
      url: '/api/v1/projects',
      payload: { name: 'Other', locales: ['en'], default_locale: 'en' },
    });
    const otherPath = `/api/v1/projects/${other.json().data.id}/collections/articles/documents?cursor=${foreign}`;
    const cross = await attack(f.target, "the token on another project's path", { path: otherPath, as: f.reader });
    expect([cross.status, errorCode(cross)]).toEqual([404, 'NOT_FOUND']);
  });

  it('GHSA-shape: GraphQL filter, sort and search reach no hidden field, draft or user column', async () => {
    const probes = [
      `{ articles(filter: { secret: { eq: "${HIDDEN_WORDS.alphaSecret}" } }) { total } }`,
      '{ articles(filter: { secret: { eq: "wrong" } }) { total } }',
      '{ articles(filter: { author: { where: { ssn: { starts_with: "ssnada" } } } }) { total } }',
      '{ articles(filter: { author: { where: { password_hash: { exists: true } } } }) { total } }',
      '{ articles(filter: { created_by: { eq: "x" } }) { total } }',
      '{ articles(filter: { password_hash: { eq: "x" } }) { total } }',
    ];
    for (const query of probes) {
      const answer = await graphqlAttack(f, 'GraphQL filter on a hidden field or user column', query);
      expect(answer.body.data?.articles ?? null, answer.text).toBeNull();
      expect(answer.body.errors?.length, answer.text).toBeGreaterThan(0);
      expect(answer.text).not.toMatch(/did you mean "?(secret|ssn)/i);
    }
    for (const sort of ['secret', '-secret', 'password_hash', 'created_by', 'author.ssn']) {
      const answer = await graphqlAttack(
        f,
        'GraphQL sort on a hidden field',
        `{ articles(sort: ["${sort}"]) { total } }`,
      );
      expect(answer.body.errors?.[0]?.extensions?.code, answer.text).toBe('VALIDATION_FAILED');
      expect(answer.body.data?.articles ?? null).toBeNull();
    }
    for (const word of [HIDDEN_WORDS.alphaSecret, HIDDEN_WORDS.draftTitle, HIDDEN_WORDS.changedTitle]) {
      const answer = await graphqlAttack(
        f,
        'GraphQL search for hidden or draft words',
        `{ articles(search: "${word}") { total items { id } } }`,
      );
      expect(answer.body.data?.articles).toEqual({ total: 0, items: [] });
    }
    const drafts = await graphqlAttack(
      f,
      'GraphQL filter through a reference into a draft',
      '{ articles(filter: { author: { where: { name: { eq: "Dan Draft" } } } }) { total } }',
    );
    expect(drafts.body.data?.articles).toEqual({ total: 0 });
    const all = await graphqlAttack(f, 'GraphQL total', '{ articles(limit: 0) { total } }');
    expect(all.body.data?.articles).toEqual({ total: 3 });
  });

  it('GHSA-shape: GraphQL selections and __typename games reach no user table, hidden field or draft', async () => {
    const probes = [
      '{ articles { items { id secret } } }',
      '{ users { items { id password_hash } } }',
      '{ user(id: "x") { password_hash reset_token } }',
      '{ articles { items { author { ssn } } } }',
      '{ articles { items { author { ... on User { password_hash } } } } }',
      '{ articles { items { created_by { password_hash } } } }',
      '{ __type(name: "User") { fields { name } } }',
    ];
    for (const query of probes) {
      const answer = await graphqlAttack(f, 'GraphQL selection of a hidden or user field', query);
      expect(answer.body.errors?.length, answer.text).toBeGreaterThan(0);
      expect(answer.text).not.toMatch(/password_hash"?\s*:|reset_token"?\s*:|\$argon|\$2[aby]\$/);
      expect(answer.text).not.toContain(HIDDEN_WORDS.adaSsn);
    }
    const typed = await graphqlAttack(
      f,
      'GraphQL populate of a draft author, with __typename',
      `{ article(id: "${f.articles.beta.id}") { __typename author { __typename name bio } } draft: author(id: "${f.authors.dan.id}") { name } gamma: article(id: "${f.articles.gamma.id}") { title } }`,
    );
    expect(typed.body.data).toEqual({ article: { __typename: 'Article', author: null }, draft: null, gamma: null });
    report('GraphQL reads of drafts', JSON.stringify(typed.body.data));
  });
});
