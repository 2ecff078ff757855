import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

interface Doc {
  id: string;
  created_at: string;
  published_at: string | null;
  data: Record<string, unknown>;
}
type Value = string | number | null;

const ITEMS = 30;

describe('documents list: sort, pages and cursors', () => {
  let t: TestApp;
  let owner: Session;
  let reader: string;
  let projectId: string;
  // The clock stands still: every document has the same created_at, so ties must break on id.
  const clock = createTestClock();
  const url = (query: string) => `/api/v1/projects/${projectId}/collections/items/documents?${query}`;

  const list = async (query: string, credential: Session | string = owner) => {
    const response = await call(t.app, credential, { method: 'GET', url: url(query) });
    if (response.statusCode !== 200) throw new Error(`${query} answered ${response.statusCode}: ${response.body}`);
    return response.json() as {
      data: Doc[];
      meta: { total: number; page: number; limit: number; next_cursor: string | null };
    };
  };
  const rejects = async (query: string) =>
    expectError(await call(t.app, owner, { method: 'GET', url: url(query) }), 400, 'VALIDATION_FAILED');

  /** Follows next_cursor from the first page to the last, checking meta on the way. */
  const walk = async (query: string, credential: Session | string = owner) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, credential);
      ids.push(...page.data.map((doc) => doc.id));
      if (page.meta.next_cursor) expect(page.data.length).toBe(page.meta.limit);
      cursor = page.meta.next_cursor;
      if (++pages > 100) throw new Error('the walk does not end');
    } while (cursor);
    return ids;
  };

  /** The order API.md promises: nulls lowest (first ascending, last descending), ties by id. */
  const expectedOrder = (docs: Doc[], sort: string, locale = 'en'): string[] => {
    const keys = sort.split(',').map((part) => ({ name: part.replace(/^-/, ''), descending: part.startsWith('-') }));
    const sortValueOf = (doc: Doc, name: string): Value => {
      if (name === 'id' || name === 'created_at' || name === 'published_at') return doc[name];
      const value = doc.data[name];
      if (value && typeof value === 'object') return (value as Record<string, string>)[locale] ?? null;
      return (value ?? null) as Value;
    };
    const compare = (a: Value, b: Value) => {
      if (a === b) return 0;
      if (a === null) return -1;
      if (b === null) return 1;
      return a < b ? -1 : 1;
    };
    return [...docs]
      .sort((a, b) => {
        for (const key of keys) {
          const order = compare(sortValueOf(a, key.name), sortValueOf(b, key.name));
          if (order !== 0) return key.descending ? -order : order;
        }
        return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      })
      .map((doc) => doc.id);
  };

  let all: Doc[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.clock });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    await createCollection(t.app, owner, projectId, {
      slug: 'items',
      name: 'Items',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'rank', type: 'integer' },
        { name: 'score', type: 'number' },
        { name: 'grp', type: 'select', options: { choices: ['a', 'b', 'c'] } },
        { name: 'label', type: 'text', localized: true },
      ],
    });
    for (let i = 0; i < ITEMS; i++) {
      const name = `n${String((i * 7) % ITEMS).padStart(2, '0')}`;
      const data: Record<string, unknown> = {
        name,
        grp: ['a', 'b', 'c'][i % 3],
        label: `en-${29 - ((i * 7) % ITEMS)}`,
      };
      if (i % 4 !== 0) data.rank = i % 3;
      if (i % 5 !== 0) data.score = (i % 6) / 2;
      await createDocument(t.app, owner, projectId, 'items', { data, ...(i % 2 ? { status: 'published' } : {}) });
    }
    // A second locale with another order; clock moves only for the published_at ties below.
    const english = await list('limit=100&locale=*');
    for (const doc of english.data) {
      const name = doc.data.name as string;
      const response = await call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${projectId}/collections/items/documents/${doc.id}`,
        payload: { data: { label: `es-${name}` }, locale: 'es' },
      });
      expect(response.statusCode).toBe(200);
    }
    all = (await list('limit=100&locale=*')).data;
    expect(all).toHaveLength(ITEMS);
    reader = await createToken(t.app, owner, projectId, ['content:read']);
  });
  afterAll(async () => t.close());

  it('pages with page and limit (default 25, at most 100)', async () => {
    const first = await list('sort=rank');
    expect(first.meta).toMatchObject({ total: ITEMS, page: 1, limit: 25 });
    expect(first.data).toHaveLength(25);
    expect(first.meta.next_cursor).toEqual(expect.any(String));
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = await list(`sort=rank&limit=8&page=${page}`);
      expect(body.meta).toMatchObject({ total: ITEMS, page, limit: 8 });
      expect(body.data).toHaveLength(page < 4 ? 8 : ITEMS - 24);
      if (page === 4) expect(body.meta.next_cursor).toBeNull();
      pages.push(...body.data.map((doc) => doc.id));
    }
    expect(pages).toEqual(expectedOrder(all, 'rank'));
    const beyond = await list('sort=rank&limit=8&page=5');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ total: ITEMS, page: 5, limit: 8, next_cursor: null });
    expect((await list('limit=100')).data).toHaveLength(ITEMS);
    for (const query of ['limit=101', 'limit=0', 'limit=-1', 'limit=abc', 'page=0', 'page=-2', 'page=1.5', 'limit=']) {
      await rejects(query);
    }
  });

  it('sorts ascending and descending on several keys, nulls lowest, ties in id order', async () => {
    const sorts = [
      'rank',
      '-rank',
      'score',
      '-score',
      'name',
      '-name',
      'grp,-rank',
      '-grp,rank,-name',
      'rank,score',
      '-rank,-score',
      'created_at',
      '-created_at',
      'id',
      '-id',
      'published_at',
      '-published_at',
      'label',
      '-label',
    ];
    for (const sort of sorts) {
      const body = await list(`sort=${sort}&limit=100`);
      expect(
        body.data.map((doc) => doc.id),
        sort,
      ).toEqual(expectedOrder(all, sort));
    }
    const ascending = await list('sort=rank&limit=100');
    expect(ascending.data[0]?.data.rank).toBeNull();
    expect(ascending.data.at(-1)?.data.rank).toBe(2);
    const descending = await list('sort=-rank&limit=100');
    expect(descending.data[0]?.data.rank).toBe(2);
    expect(descending.data.at(-1)?.data.rank).toBeNull();
    // Equal created_at everywhere: the order is the id order in both directions.
    const sortedIds = all.map((doc) => doc.id).sort();
    expect((await list('sort=-created_at&limit=100')).data.map((doc) => doc.id)).toEqual(sortedIds);
    // A localized field sorts on the chosen locale's values.
    const spanish = await list('sort=label&limit=100&locale=es');
    expect(spanish.data.map((doc) => doc.id)).toEqual(expectedOrder(all, 'label', 'es'));
    expect(spanish.data.map((doc) => doc.data.label)).toEqual(
      [...spanish.data.map((doc) => doc.data.label as string)].sort(),
    );
  });

  it('rejects sorts on fields that cannot be sorted', async () => {
    for (const sort of ['nope', '-nope', 'rank,nope', '', ',', '-', 'rank,', '--rank', 'a,b,c,d,e,f', 'name desc']) {
      if (sort === '') continue;
      await rejects(`sort=${encodeURIComponent(sort)}`);
    }
  });

  it('walks every page with cursors: no duplicates, no gaps, in order', async () => {
    for (const sort of [
      'rank',
      '-rank',
      'score',
      '-score',
      '-name',
      'grp,-rank',
      '-published_at',
      '-created_at',
      'id',
    ]) {
      for (const limit of [4, 7]) {
        const walked = await walk(`sort=${sort}&limit=${limit}`);
        expect(new Set(walked).size, `${sort} by ${limit}`).toBe(walked.length);
        expect(walked, `${sort} by ${limit}`).toEqual(expectedOrder(all, sort));
      }
    }
    const spanish = await walk('sort=-label&limit=6&locale=es');
    expect(spanish).toEqual(expectedOrder(all, '-label', 'es'));
    const filtered = await walk('sort=-score&limit=3&filter[grp][ne]=a');
    expect(filtered).toEqual(
      expectedOrder(
        all.filter((doc) => doc.data.grp !== 'a'),
        '-score',
      ),
    );
  });

  it('walks the published snapshots as a content:read token', async () => {
    const published = all.filter((doc) => doc.published_at !== null);
    expect(published.length).toBe(ITEMS / 2);
    const walked = await walk('sort=-rank,score&limit=4', reader);
    expect(walked).toEqual(expectedOrder(published, '-rank,score'));
  });

  it('rejects tampered cursors and cursors of another sort', async () => {
    const first = await list('sort=rank&limit=5');
    const cursor = first.meta.next_cursor as string;
    expect((await list(`sort=rank&limit=5&cursor=${cursor}`)).data).toHaveLength(5);
    await rejects(`sort=-rank&limit=5&cursor=${cursor}`);
    await rejects(`sort=name&limit=5&cursor=${cursor}`);
    await rejects(`sort=rank,name&limit=5&cursor=${cursor}`);
    await rejects(`limit=5&cursor=${cursor}`);
    await rejects(`sort=rank&page=2&cursor=${cursor}`);
    const label = (await list('sort=label&limit=5&locale=es')).meta.next_cursor as string;
    await rejects(`sort=label&limit=5&locale=en&cursor=${label}`);

    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const reencode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const otherId = all.find((doc) => !cursor.includes(doc.id))?.id;
    const tampered = [
      reencode([decoded[0], decoded[1], otherId]),
      reencode([decoded[0], [99], decoded[2]]),
      reencode([decoded[0], ["' OR 1=1 --"], decoded[2]]),
      reencode([decoded[0], decoded[1], "x' OR '1'='1"]),
      reencode([decoded[0], decoded[1]]),
      reencode({ a: 1 }),
      `${cursor.slice(0, -3)}${cursor.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`,
      cursor.slice(0, 10),
      'not-a-cursor',
      '!!!',
    ];
    for (const value of tampered) await rejects(`sort=rank&limit=5&cursor=${encodeURIComponent(value)}`);
  });

  it('keeps a walk exact when documents are added between pages', async () => {
    const seen: string[] = [];
    // The first page holds every null rank (nulls sort lowest) and the first ranks 0.
    const first = await list('sort=rank&limit=10');
    expect(first.data.at(-1)?.data.rank).toBe(0);
    seen.push(...first.data.map((doc) => doc.id));
    // One document sorts before the cursor (must not show up), one after it (must).
    const before = await createDocument(t.app, owner, projectId, 'items', { data: { name: 'early', rank: -1 } });
    const later = await createDocument(t.app, owner, projectId, 'items', { data: { name: 'late', rank: 99 } });
    let cursor = first.meta.next_cursor;
    let inserted = false;
    while (cursor) {
      const page = await list(`sort=rank&limit=10&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...page.data.map((doc) => doc.id));
      cursor = page.meta.next_cursor;
      if (!inserted) {
        // And one more that lands in the middle of what is left.
        await createDocument(t.app, owner, projectId, 'items', { data: { name: 'middle', rank: 2 } });
        inserted = true;
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    const final = (await list('sort=rank&limit=100&locale=*')).data;
    expect(seen).toEqual(expectedOrder(final, 'rank').filter((id) => id !== before.id));
    expect(seen).not.toContain(before.id);
    expect(seen.at(-1)).toBe(later.id);
    expect(seen).toHaveLength(ITEMS + 2);
  });
});
