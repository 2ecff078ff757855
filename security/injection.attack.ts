import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefused,
  graphqlAttack,
  idsOf,
  listOf,
  ownerCounts,
  type QueryFixture,
  refused,
  startQueryFixture,
} from './content-fixture.js';
import { attack, type Session } from './harness.js';

// SQL injection through every part of the list query (field paths, JSON paths, operators,
// values, sort keys, projections, locale, search, cursor) and through GraphQL arguments. Each
// attempt must be a 400 VALIDATION_FAILED with details, or a 200 whose rows are exactly those a
// literal reading of the value gives: never a 500, never an extra row. The batch ends by
// checking, through the API, that every table it could have touched is intact.

const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

describe(`SQL injection through document queries (${dialect})`, () => {
  let f: QueryFixture;
  let counts: { articles: number; authors: number };
  /** What the owner (working copies, drafts included) may list: every article. */
  let all: string[];

  beforeAll(async () => {
    f = await startQueryFixture();
    counts = await ownerCounts(f);
    all = Object.values(f.articles)
      .map((document) => document.id)
      .sort();
  });
  afterAll(() => f?.target.close());

  /** Sends `query` as the owner (the caller that sees the most) and returns the ids, or the refusal. */
  async function probe(tried: string, query: string, as: Session | string = f.owner) {
    return attack(f.target, tried, { path: f.documents(`?${query}`), as });
  }

  /** The query must be refused with a 400 VALIDATION_FAILED naming what was wrong. */
  async function mustRefuse(tried: string, queries: string[], as: Session | string = f.owner): Promise<void> {
    for (const query of queries) expectRefused(await probe(tried, query, as));
  }

  it('GHSA-shape: SQL in filter field paths is refused before any SQL is built', async () => {
    const keys = [
      "filter[title'--][eq]",
      'filter[title") OR 1=1--][eq]',
      "filter[title' OR '1'='1][eq]",
      'filter[title;DROP TABLE documents][eq]',
      'filter[title/**/][eq]',
      'filter[TITLE][eq]',
      'filter[ title][eq]',
      'filter[title\u0000][eq]',
      'filter[][eq]',
      'filter[title',
      'filter',
      'filterx',
      'filter[title][eq]extra',
    ];
    await mustRefuse(
      'SQL in a filter key',
      keys.map((key) => `${encodeURIComponent(key)}=x`),
    );
  });

  it('GHSA-shape: JSON paths and dotted paths with quotes do not reach json_extract or ->>', async () => {
    const keys = [
      "filter[data->>'title'][eq]",
      'filter[data->title][eq]',
      "filter[json_extract(data,'$.secret')][eq]",
      'filter[$.title][eq]',
      'filter[$.secret][eq]',
      'filter[seo.title][eq]',
      "filter[seo.ti'tle][eq]",
      'filter[seo.title"][eq]',
      "filter[author.na'me][eq]",
      'filter[author"."name][eq]',
      'filter[author.name.x][eq]',
      'filter[title.en][eq]',
      "filter[title.en'][eq]",
      'filter[author..name][eq]',
      'filter[.title][eq]',
      'filter[published_data.secret][eq]',
    ];
    await mustRefuse(
      'a JSON path or a dotted path with quotes',
      keys.map((key) => `${encodeURIComponent(key)}=x`),
    );
    // JSON fields only answer exists, which cannot carry a value.
    await mustRefuse('operators on a JSON field', ['filter[seo][eq]=x', "filter[seo][contains]=it's"]);
    expect(idsOf(await probe('exists on a JSON field', 'filter[seo][exists]=true'))).toEqual([f.articles.alpha.id]);
  });

  it('GHSA-shape: SQL in sort keys is refused', async () => {
    const sorts = [
      'title;DROP TABLE documents',
      '(select 1)',
      '(SELECT password_hash FROM users LIMIT 1)',
      '-title,id desc',
      'title desc',
      'title asc nulls first',
      "title'",
      '1',
      'random()',
      'title--',
      '--title',
      '-',
      'title,',
      'author.name',
      'seo',
      'tags',
      'title,title,title,title,title,title',
    ];
    await mustRefuse(
      'SQL in sort',
      sorts.map((sort) => `sort=${encodeURIComponent(sort)}`),
    );
    // Control: a valid sort with ties broken on id still answers.
    expect(listOf(await probe('a valid sort', 'sort=-views,title')).data.map((doc) => doc.data.views)).toEqual([
      99, 30, 20, 10,
    ]);
  });

  it('GHSA-shape: unknown operators, raw operators and structured values are refused', async () => {
    await mustRefuse('unknown or raw operators', [
      'filter[title][$raw]=1=1',
      'filter[title][raw]=1=1',
      'filter[title][like]=%25',
      'filter[title][regex]=.*',
      'filter[title][EQ]=Alpha',
      `${encodeURIComponent('filter[title][eq OR 1=1]')}=x`,
      `${encodeURIComponent('filter[title][eq] OR 1=1')}=x`,
      'filter[title][eq][a]=b',
      'filter[title][eq][]=b',
      'filter[title][][eq]=b',
      'filter[title][constructor]=x',
      'filter[title][__proto__]=x',
      'filter[views][contains]=1',
      'filter[views][starts_with]=1',
      'filter[title][exists]=maybe',
      'filter[title][contains]=',
    ]);
    // A repeated parameter arrives as a list: it is refused or read as one value, never spliced.
    const repeated = await probe('a repeated filter parameter', 'filter[title][eq]=Alpha&filter[title][eq]=Beta');
    expect([200, 400]).toContain(repeated.status);
    if (repeated.status === 200) expect(idsOf(repeated).length).toBeLessThanOrEqual(1);
    else expectRefused(repeated);
  });

  it('GHSA-shape: [in] with a huge list and with quotes matches literally', async () => {
    const many = Array.from({ length: 101 }, (_, index) => `v${index}`).join(',');
    await mustRefuse('an [in] list over the limit', [`filter[title][in]=${many}`, `filter[title][nin]=${many}`]);
    const quoted = ["Alpha'", "') OR ('1'='1", 'Alpha"', '\\', 'Beta'].map(encodeURIComponent).join(',');
    expect(idsOf(await probe('[in] with quoted values', `filter[title][in]=${quoted}`))).toEqual([f.articles.beta.id]);
    const hundred = [...Array.from({ length: 99 }, (_, index) => `x'${index}`), 'Alpha']
      .map(encodeURIComponent)
      .join(',');
    expect(idsOf(await probe('[in] with 100 values', `filter[title][in]=${hundred}`))).toEqual([f.articles.alpha.id]);
    expect(idsOf(await probe('[nin] with quoted values', `filter[title][nin]=${quoted}`))).toEqual(
      all.filter((id) => id !== f.articles.beta.id),
    );
    await mustRefuse('[in] on numbers with SQL', [`filter[views][in]=10,${encodeURIComponent('1) OR (1=1')}`]);
  });

  it('GHSA-shape: SQL in filter values is data, matched literally', async () => {
    const values = [
      "' OR 1=1 --",
      "Alpha' OR '1'='1",
      'Alpha") OR 1=1 --',
      "Alpha'; DROP TABLE documents; --",
      "\\' OR 1=1 #",
      "Alpha' || '",
      '$1',
      '?',
    ];
    for (const value of values) {
      const encoded = encodeURIComponent(value);
      for (const op of ['eq', 'contains', 'starts_with', 'gt']) {
        const answer = await probe(`SQL in a ${op} value`, `filter[title][${op}]=${encoded}`);
        const ids = idsOf(answer);
        if (op !== 'gt') expect(ids, value).toEqual([]);
        // A text comparison orders the value as a plain string: each row it keeps sorts above it.
        else {
          const titles = listOf(answer).data.map((doc) => String(doc.data.title));
          for (const title of titles) expect(title > value).toBe(true);
        }
      }
      expect(idsOf(await probe('SQL in a ne value', `filter[title][ne]=${encoded}`))).toEqual(all);
      expect(idsOf(await probe('SQL through a reference', `filter[author.name][eq]=${encoded}`))).toEqual([]);
      expect(idsOf(await probe('SQL in a reference id', `filter[author][eq]=${encoded}`))).toEqual([]);
      expect(idsOf(await probe('SQL in an id', `filter[id][eq]=${encoded}`))).toEqual([]);
      expect(idsOf(await probe('SQL in a multiple select', `filter[tags][contains]=${encoded}`))).toEqual([]);
    }
  });

  it('GHSA-shape: NUL bytes in filter values, ids, sort, fields and locale are refused (400), never a 500', async () => {
    // No stored value can hold a NUL (PostgreSQL refuses it in text and jsonb, and SQLite's LIKE
    // cuts its pattern there, so `contains=a%00b` matched every title with an "a"): refused.
    await mustRefuse('a NUL byte in a filter value', [
      'filter[title][eq]=%00',
      'filter[title][eq]=Alpha%00',
      'filter[title][contains]=a%00b',
      'filter[title][starts_with]=%00',
      'filter[title][in]=Alpha,%00',
      'filter[title][gt]=%00',
      'filter[author.name][eq]=Ada%00',
      'filter[id][eq]=%00',
      'filter[author][eq]=%00',
      'filter[tags][contains]=news%00',
      'filter[code][contains]=%00',
      'filter[published_on][eq]=2026-01-05%00',
      'sort=title%00',
      'fields=title%00',
      'locale=en%00',
    ]);
    for (const as of [f.owner, f.reader]) {
      expectRefused(await probe('a NUL byte through the token too', 'filter[title][contains]=a%00b', as));
    }
    // Search keeps letters and digits only: the NUL is no part of a term.
    expect(idsOf(await probe('a NUL byte in a search', 'q=alpha%00'))).toEqual([f.articles.alpha.id]);
    for (const path of [f.documents('/%00'), f.documents(`/${f.articles.alpha.id}%00`)]) {
      expectRefused(await attack(f.target, 'a NUL byte in a document id', { path, as: f.owner }));
    }
    const graph = await graphqlAttack(
      f,
      'a NUL byte in a GraphQL filter',
      'query ($v: String) { articles(filter: { title: { contains: $v } }) { total } }',
      f.owner,
      { v: 'a\u0000b' },
    );
    expect(graph.body.errors?.[0]?.extensions?.code, graph.text).toBe('VALIDATION_FAILED');
  });

  it('GHSA-shape: GraphQL ids and NUL bytes in written values never reach the database as a 500', async () => {
    const quoted = await graphqlAttack(
      f,
      'GraphQL single read of a quoted id',
      `{ article(id: "' OR 1=1 --") { id } }`,
      f.owner,
    );
    expect(quoted.body, quoted.text).toEqual({ data: { article: null } });
    // Ids follow REST's rule for ids in paths (1–64 characters, no NUL): anything else is refused.
    for (const id of ['\u0000', `${f.articles.alpha.id}\u0000`, 'x'.repeat(5000)]) {
      for (const query of [
        'query ($id: ID!) { article(id: $id) { id } }',
        'mutation ($id: ID!) { updateArticle(id: $id, data: { title: "x" }) { id } }',
        'mutation ($id: ID!) { deleteArticle(id: $id) }',
        'mutation ($id: ID!) { publishArticle(id: $id) { id } }',
      ]) {
        const answer = await graphqlAttack(f, `GraphQL id ${JSON.stringify(id).slice(0, 30)}`, query, f.owner, { id });
        expect(answer.body.errors?.[0]?.extensions?.code, answer.text).toBe('VALIDATION_FAILED');
      }
    }
    for (const [data, path] of [
      [{ title: 'a\u0000b' }, 'data.title'],
      [{ title: 'Ok', seo: { 'k\u0000': 'v' } }, 'data.seo'],
      [{ title: 'Ok', seo: ['\u0000'] }, 'data.seo.0'],
      [{ title: 'Ok', author: `${f.authors.ada.id}\u0000` }, 'data.author'],
    ] as const) {
      const answer = await attack(f.target, `write ${JSON.stringify(data)}`, {
        method: 'POST',
        path: f.documents(''),
        as: f.owner,
        body: { data },
      });
      expect(expectRefused(answer).details[0]?.path).toBe(path);
      const patched = await attack(f.target, `update with ${JSON.stringify(data)}`, {
        method: 'PATCH',
        path: f.documents(`/${f.articles.beta.id}`),
        as: f.owner,
        body: { data },
      });
      expectRefused(patched);
    }
    const created = await graphqlAttack(
      f,
      'GraphQL create with a NUL byte',
      'mutation ($title: String) { createArticle(data: { title: $title }) { id } }',
      f.owner,
      { title: 'a\u0000b' },
    );
    expect(created.body.errors?.[0]?.extensions?.code, created.text).toBe('VALIDATION_FAILED');
  });

  it('GHSA-shape: locale with SQL is refused', async () => {
    await mustRefuse('SQL in locale', [
      `locale=${encodeURIComponent("en' OR '1'='1")}`,
      `locale=${encodeURIComponent('en"."x')}`,
      `locale=${encodeURIComponent("en') --")}`,
      'locale=EN;DROP',
      'locale=xx',
      'locale=**',
      'locale=',
    ]);
    await refused(
      f,
      'SQL in the locale of a single read',
      f.documents(`/${f.articles.alpha.id}?locale=en'--`),
      f.owner,
    );
    // Control: real locales answer.
    expect(idsOf(await probe('locale=es', 'locale=es&filter[title][eq]=Alpha'))).toEqual([f.articles.alpha.id]);
  });

  it('GHSA-shape: LIKE wildcards % _ \\ match literally in contains and starts_with on both databases', async () => {
    // Only Alpha's code ("100% pure_under\score") holds these characters; every other code would
    // match if a wildcard slipped through.
    for (const [op, value] of [
      ['contains', '%'],
      ['contains', '_'],
      ['contains', '\\'],
      ['contains', '%_\\'.slice(0, 1)],
      ['contains', 'pu_e'],
      ['contains', '0% p'],
      ['starts_with', '100%'],
      ['starts_with', '1__%'],
      ['contains', 'r\\s'],
    ] as const) {
      const answer = await probe(`a LIKE wildcard in ${op}`, `filter[code][${op}]=${encodeURIComponent(value)}`);
      const expected = value === '1__%' || value === 'pu_e' ? [] : [f.articles.alpha.id];
      expect(idsOf(answer), `${op} ${value}`).toEqual(expected);
    }
    for (const value of ['%', '_', '%%', '\\', '\\%']) {
      const answer = await probe('a wildcard alone', `filter[title][contains]=${encodeURIComponent(value)}`);
      expect(idsOf(answer)).toEqual([]);
    }
  });

  it('GHSA-shape: search wildcards and full-text syntax are literal, and the wrong parameter is refused', async () => {
    await mustRefuse('search made only of wildcards', ['q=%25', 'q=_', 'q=%5C', 'q=*', 'q=%22%22', 'q=']);
    for (const q of [
      'alpha" OR 1=1 --',
      'alpha NEAR(x y) OR beta*',
      'alpha:* | beta',
      "alpha') OR to_tsquery('beta",
      'NOT alpha',
      'title:alpha',
      '-alpha',
    ]) {
      const answer = await probe('full-text syntax in q', `q=${encodeURIComponent(q)}`);
      const ids = idsOf(answer);
      // Terms are letters and digits only, all required: at most the documents holding every word.
      for (const id of ids) expect(all).toContain(id);
      expect(ids).not.toContain(f.articles.beta.id);
    }
    expect(idsOf(await probe('a plain search', 'q=alpha'))).toEqual([f.articles.alpha.id]);
    await mustRefuse('search under another name', ['search=%25', 'search=alpha', 'where=1', 'raw=1']);
  });

  it('GHSA-shape: SQL in fields and populate is refused', async () => {
    await mustRefuse('SQL in fields or populate', [
      `fields=${encodeURIComponent('title,(select 1)')}`,
      'fields=*',
      `fields=${encodeURIComponent('title;DROP TABLE documents')}`,
      'fields=title,password_hash',
      'fields=data',
      `populate=${encodeURIComponent('author;DROP TABLE documents')}`,
      'populate=author,users',
      'populate=title',
      'populate=**',
      'depth=4',
      'depth=1;',
    ]);
  });

  it('GHSA-shape: numbers and dates with SQL or non-values are refused', async () => {
    await mustRefuse('non-numbers in numeric comparisons', [
      'filter[views][gt]=abc',
      `filter[views][gt]=${encodeURIComponent('1 OR 1=1')}`,
      'filter[views][eq]=NaN',
      'filter[views][lt]=Infinity',
      'filter[views][lt]=-Infinity',
      'filter[views][gte]=1e999',
      'filter[views][eq]=%20',
      'filter[views][eq]=',
      'filter[rating][lte]=1.5.5',
      `filter[rating][eq]=${encodeURIComponent("1'")}`,
    ]);
    await mustRefuse('SQL in dates and times', [
      `filter[published_on][gt]=${encodeURIComponent("2026-01-01' OR '1'='1")}`,
      'filter[published_on][eq]=2026-02-30',
      'filter[published_on][lt]=now()',
      `filter[created_at][lt]=${encodeURIComponent('now() OR 1=1')}`,
      `filter[created_at][gt]=${encodeURIComponent("2026-01-01T00:00:00Z' --")}`,
      'filter[published_at][gte]=2026-13-45',
      'filter[updated_at][lt]=x%201',
      'filter[created_at][contains]=2026',
    ]);
    // Controls: real numbers and dates answer (numbers compare as numbers on both databases).
    expect(idsOf(await probe('a number', 'filter[views][gte]=9.5&filter[views][lt]=2e1'))).toEqual([
      f.articles.alpha.id,
    ]);
    expect(idsOf(await probe('a date', 'filter[published_on][gt]=2026-01-31'))).toEqual([f.articles.beta.id]);
  });

  it('GHSA-shape: a content:read token gets the same refusals, never a 500, on the whole batch', async () => {
    for (const query of [
      "filter[title'--][eq]=x",
      `sort=${encodeURIComponent('(select 1)')}`,
      'filter[title][$raw]=1',
      `locale=${encodeURIComponent("en' OR '1'='1")}`,
      `fields=${encodeURIComponent('title,(select 1)')}`,
      'filter[views][gt]=abc',
      'filter[data][eq]=x',
    ]) {
      expectRefused(await probe('the batch as a content:read token', query, f.reader));
    }
    const literal = await probe(
      'a quoted value as the token',
      `filter[title][eq]=${encodeURIComponent("' OR 1=1 --")}`,
      f.reader,
    );
    expect(idsOf(literal)).toEqual([]);
  });

  it('GHSA-shape: GraphQL arguments carry SQL as data', async () => {
    const articles = (args: string) => `{ articles(${args}) { total items { id } } }`;
    for (const value of ["' OR 1=1 --", 'Alpha") OR 1=1 --', "Alpha'; DROP TABLE documents; --"]) {
      const variables = { value };
      const answer = await graphqlAttack(
        f,
        'SQL in GraphQL filter values',
        `query ($value: String) { articles(filter: { title: { eq: $value } }) { total } byRef: articles(filter: { author: { where: { name: { contains: $value } } } }) { total } }`,
        f.owner,
        variables,
      );
      expect(answer.body.data, answer.text).toEqual({ articles: { total: 0 }, byRef: { total: 0 } });
    }
    for (const args of [
      'sort: ["title;DROP TABLE documents"]',
      'sort: ["(select 1)"]',
      "locale: \"en' OR '1'='1\"",
      'search: "%"',
      'filter: { views: { in: [] } }',
      `filter: { title: { in: ["${Array.from({ length: 101 }, (_, index) => `v${index}`).join('", "')}"] } }`,
    ]) {
      const answer = await graphqlAttack(f, 'SQL in GraphQL arguments', articles(args), f.owner);
      expect(answer.body.errors?.[0]?.extensions?.code, answer.text).toBe('VALIDATION_FAILED');
      expect(answer.body.data?.articles ?? null).toBeNull();
    }
    for (const args of ['filter: { title: { raw: "1=1" } }', 'filter: { data: { eq: "x" } }', 'offset: -1']) {
      const answer = await graphqlAttack(
        f,
        'GraphQL operators or arguments outside the schema',
        articles(args),
        f.owner,
      );
      expect(answer.body.errors?.length, answer.text).toBeGreaterThan(0);
      expect(answer.body.data?.articles ?? null).toBeNull();
    }
    const wildcard = await graphqlAttack(
      f,
      'a LIKE wildcard in GraphQL',
      articles('filter: { code: { contains: "_" } }'),
      f.owner,
    );
    expect(wildcard.body.data?.articles).toEqual({ total: 1, items: [{ id: f.articles.alpha.id }] });
  });

  it('GHSA-shape: after the whole batch every table is intact', async () => {
    expect(await ownerCounts(f)).toEqual(counts);
    expect(counts).toEqual({ articles: 4, authors: 2 });
    const reader = await probe('the token still lists the published snapshots', '', f.reader);
    expect(listOf(reader).meta.total).toBe(3);
    // The full-text rows too: a search still finds what it found before the batch.
    expect(idsOf(await probe('the search index still answers', 'q=alpha', f.reader))).toEqual([f.articles.alpha.id]);
    const me = await attack(f.target, 'the owner still signs in (users table intact)', {
      path: '/api/v1/auth/me',
      as: f.owner,
    });
    expect(me.status, me.text).toBe(200);
    const projects = await attack(f.target, 'the project is still there', {
      path: `/api/v1/projects/${f.projectId}/collections`,
      as: f.owner,
    });
    expect((projects.json as { data: unknown[] }).data).toHaveLength(2);
  });
});
