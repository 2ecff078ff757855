import { createHash, randomBytes } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../apps/server/src/test/content.js';
import { call, type Session, signUp } from '../apps/server/src/test/harness.js';
import { type Answer, attack, newUser, report, send, startTarget } from './harness.js';

// GraphQL abuse (API.md "GraphQL"): amplification through aliases, duplicates, depth, fragments
// and directives; introspection and hidden fields; batches, huge documents, bad variables; and
// mutations sent the ways a browser can be made to send them (GET, simple POSTs).

const target = await startTarget({ worker: false });
afterAll(async () => target.close());

/** In the hidden field and in the draft: an answer holding either leaked what the caller may not see. */
const HIDDEN = `hiddenvalue${randomBytes(5).toString('hex')}`;
const DRAFT = `draftvalue${randomBytes(5).toString('hex')}`;
const OTHER = `otherproject${randomBytes(5).toString('hex')}`;

let owner: Session;
let reader: string;
let schemaReader: string;
let writer: string;
let projectId: string;
let adaId: string;
let draftId: string;
let otherOwner: Session;
let otherProjectId: string;
let otherToken: string;
let otherDocumentId: string;

const PEOPLE = {
  slug: 'people',
  name: 'People',
  singular: 'person',
  fields: [
    { name: 'name', type: 'text' },
    { name: 'secret_notes', type: 'text', hidden: true },
    { name: 'friend', type: 'reference', options: { collection: 'people' } },
    { name: 'friends', type: 'reference', options: { collection: 'people', multiple: true } },
  ],
};

beforeAll(async () => {
  const { app } = target;
  owner = await signUp(app, { name: 'Owner' });
  projectId = await createProject(app, owner);
  await createCollection(app, owner, projectId, PEOPLE);
  const ada = await createDocument(app, owner, projectId, 'people', {
    data: { name: 'Ada', secret_notes: HIDDEN },
    status: 'published',
  });
  adaId = ada.id;
  await call(app, owner, {
    method: 'PATCH',
    url: `/api/v1/projects/${projectId}/collections/people/documents/${adaId}`,
    payload: { data: { friend: adaId, friends: [adaId] } },
  });
  await call(app, owner, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/collections/people/documents/${adaId}/publish`,
  });
  draftId = (await createDocument(app, owner, projectId, 'people', { data: { name: DRAFT } })).id;
  reader = await createToken(app, owner, projectId, ['content:read']);
  schemaReader = await createToken(app, owner, projectId, ['content:read', 'schema:read']);
  writer = await createToken(app, owner, projectId, ['content:read', 'content:write']);
  // The owner is the instance admin (first user): no burst limit gets in the way of the cases.
  await call(app, owner, {
    method: 'PATCH',
    url: `/api/v1/admin/projects/${projectId}`,
    payload: { plan: 'enterprise' },
  });

  otherOwner = await newUser(target, 'Other Owner');
  otherProjectId = await createProject(app, otherOwner);
  await createCollection(app, otherOwner, otherProjectId, PEOPLE);
  otherDocumentId = (
    await createDocument(app, otherOwner, otherProjectId, 'people', { data: { name: OTHER }, status: 'published' })
  ).id;
  otherToken = await createToken(app, otherOwner, otherProjectId, ['content:read', 'content:write', 'schema:read']);
});

const ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; limit?: string; [key: string]: unknown } }[];
}

/** A GraphQL request over HTTP, accepting application/graphql-response+json so that statuses mean what they say. */
async function graphql(
  tried: string,
  as: Session | string | null,
  query: string,
  options: {
    variables?: unknown;
    method?: 'GET' | 'POST';
    project?: string;
    headers?: Record<string, string>;
    operationName?: string;
  } = {},
): Promise<Answer & { body: GraphqlBody }> {
  const path = `/api/v1/projects/${options.project ?? projectId}/graphql`;
  const answer =
    options.method === 'GET'
      ? await attack(target, tried, {
          path: `${path}?${new URLSearchParams({
            query,
            ...(options.variables === undefined ? {} : { variables: JSON.stringify(options.variables) }),
            ...(options.operationName ? { operationName: options.operationName } : {}),
          })}`,
          as,
          headers: { accept: ACCEPT, ...options.headers },
        })
      : await attack(target, tried, {
          method: 'POST',
          path,
          as,
          headers: { accept: ACCEPT, ...options.headers },
          body: {
            query,
            ...(options.variables === undefined ? {} : { variables: options.variables }),
            ...(options.operationName ? { operationName: options.operationName } : {}),
          },
        });
  return { ...answer, body: (answer.json ?? {}) as GraphqlBody };
}

const codes = (body: GraphqlBody) => (body.errors ?? []).map((error) => error.extensions?.code);

/** Refused before running: 400, GraphQL errors only, each with an error code, no data. */
function expectRefusedRequest(answer: Answer & { body: GraphqlBody }, code = 'VALIDATION_FAILED') {
  expect(answer.status, answer.text).toBe(400);
  expect(Object.keys(answer.body)).toEqual(['errors']);
  expect(codes(answer.body)[0]).toBe(code);
}

/** How many people the project has, for cases that must not have written anything. */
async function peopleCount(): Promise<number> {
  const answer = await send(target, { path: `/api/v1/projects/${projectId}/collections/people/documents`, as: owner });
  return (answer.json as { meta: { total: number } }).meta.total;
}

const aliases = (count: number, selection: string) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;

describe('GraphQL abuse', () => {
  describe('amplification', () => {
    it('1000 aliases of a page of documents are refused by the cost limit before anything runs', async () => {
      target.queries.length = 0;
      const answer = await graphql(
        '1000 aliases of people { items { name } }',
        reader,
        aliases(1000, 'people { items { name } }'),
      );
      expectRefusedRequest(answer);
      expect(answer.body.errors?.[0]?.extensions?.limit).toBe('cost');
      expect(target.queries.filter((statement) => statement.includes('"documents"'))).toEqual([]);
    });

    it('1000 aliases of a cheap root field (a count) do not run 1000 database queries', async () => {
      target.queries.length = 0;
      const answer = await graphql('1000 aliases of people { total }', reader, aliases(1000, 'people { total }'));
      const documentQueries = target.queries.filter((statement) => statement.includes('"documents"')).length;
      report('1000 aliases of a count: SQL statements on documents', String(documentQueries));
      expectRefusedRequest(answer);
      expect(answer.body.errors?.[0]?.extensions?.limit).toBe('cost');
      expect(documentQueries).toBe(0);
    });

    it('a field repeated 5000 times is refused by the cost limit (each repetition counts)', async () => {
      const answer = await graphql(
        'the same field 5000 times under a page',
        reader,
        `{ people { items { ${'name '.repeat(5000)} } } }`,
      );
      expectRefusedRequest(answer);
      expect(answer.body.errors?.[0]?.extensions?.limit).toBe('cost');
    });

    it('nesting through references past the depth limit is refused, spread through fragments too', async () => {
      let selection = 'name';
      for (let level = 0; level < 12; level++) selection = `friend { ${selection} }`;
      const direct = await graphql(
        '12 levels of friend { friend { … } }',
        reader,
        `{ people { items { ${selection} } } }`,
      );
      expectRefusedRequest(direct);
      expect(direct.body.errors?.[0]?.extensions).toMatchObject({ limit: 'depth', max: 8 });
      const spread = await graphql(
        'depth hidden in fragments',
        reader,
        `{ people { items { ...A } } }
         fragment A on Person { friend { ...B } }
         fragment B on Person { friend { friend { friend { friend { friend { friend { name } } } } } } }`,
      );
      expectRefusedRequest(spread);
      expect(spread.body.errors?.[0]?.extensions?.limit).toBe('depth');
    });

    it('a page of 100 with nested lists is refused by the cost limit', async () => {
      const answer = await graphql(
        'limit 100 with friends of friends of friends',
        reader,
        '{ people(limit: 100) { items { name friends { name friends { name friends { name } } } } } }',
      );
      expectRefusedRequest(answer);
      expect(answer.body.errors?.[0]?.extensions).toMatchObject({ limit: 'cost', max: 10000 });
    });

    it('a negative limit on one alias does not pay for an over-costly other alias', async () => {
      const wide = 'people(limit: 100) { items { name friends { name friends { name friends { name } } } } }';
      const alone = await graphql('the over-costly page alone (control)', reader, `{ ${wide} }`);
      expectRefusedRequest(alone);
      for (const [header, negative] of [
        ['query', 'limit: -1000000'],
        ['query ($n: Int)', 'limit: $n'],
      ]) {
        const answer = await graphql(
          `the same page beside people(${negative}) with a huge negative limit`,
          reader,
          `${header} { credit: people(${negative}) { items { name } } big: ${wide} }`,
          { variables: { n: -1_000_000 } },
        );
        expectRefusedRequest(answer);
        expect(answer.body.errors?.[0]?.extensions?.limit).toBe('cost');
      }
    });

    it('fragment cycles are refused (no stack overflow, no 500)', async () => {
      const answer = await graphql(
        'fragments that spread each other',
        reader,
        `{ people { items { ...A } } }
         fragment A on Person { friend { ...B } }
         fragment B on Person { friend { ...A } }`,
      );
      expectRefusedRequest(answer);
      expect(answer.body.errors?.[0]?.message).toMatch(/Cannot spread fragment "A" within itself/);
      const self = await graphql(
        'a fragment that spreads itself, 500 times over',
        reader,
        `{ people { items { ...A } } } fragment A on Person { ${'...A '.repeat(500)} }`,
      );
      expectRefusedRequest(self);
    });

    it('a directive repeated 2000 times is refused, with a bounded list of errors', async () => {
      const answer = await graphql(
        '@include(if: true) 2000 times on one field',
        reader,
        `{ people { total ${'@include(if: true) '.repeat(2000)} } }`,
      );
      expectRefusedRequest(answer);
      // graphql-js stops at 100 validation errors: the answer does not grow with the attack.
      expect(answer.body.errors?.length).toBeLessThanOrEqual(101);
      expect(answer.text.length).toBeLessThan(64 * 1024);
    });

    it('1500 aliases of the whole introspection are refused for a schema:read token', async () => {
      const answer = await graphql(
        '1500 aliases of __schema { types { fields { name } } }',
        schemaReader,
        aliases(1500, '__schema { types { fields { name } } }'),
      );
      report('1500 introspection aliases: answer size', `${answer.text.length} characters`);
      expectRefusedRequest(answer);
      expect(answer.body.errors?.[0]?.extensions?.limit).toBe('introspection');
      expect(answer.text.length).toBeLessThan(64 * 1024);
    });

    it('introspection nested through types of fields of types is refused (no exponential answer)', async () => {
      let selection = 'name';
      for (let level = 0; level < 10; level++) selection = `fields { type { ${selection} } }`;
      const answer = await graphql(
        '__type(Person) { fields { type { fields { type { … 10 levels',
        schemaReader,
        `{ __type(name: "Person") { ${selection} } }`,
      );
      expectRefusedRequest(answer);
      expect(answer.body.errors?.[0]?.message).toBe('Maximum introspection depth exceeded');
    });
  });

  describe('introspection and hidden fields', () => {
    it('introspection without credentials is a 401, not a schema', async () => {
      const answer = await graphql('introspection, anonymously', null, getIntrospectionQuery());
      expect(answer.status).toBe(401);
      expect(codes(answer.body)).toEqual(['UNAUTHENTICATED']);
      expect(answer.text).not.toContain('__Schema');
      expect(answer.text).not.toContain('Person');
    });

    it('introspection with a content:read token (no schema:read) is refused, __type included', async () => {
      for (const query of [getIntrospectionQuery(), '{ __type(name: "Person") { fields { name } } }']) {
        const answer = await graphql('introspection with content:read only', reader, query);
        expect(answer.status).toBe(403);
        expect(codes(answer.body)[0]).toBe('FORBIDDEN');
        expect(answer.body.data).toBeUndefined();
      }
    });

    it("a schema:read token's introspection has no hidden field; a member's has it", async () => {
      const query = '{ __type(name: "Person") { fields { name } } }';
      const token = await graphql('introspect Person with schema:read', schemaReader, query);
      expect(token.status).toBe(200);
      expect(token.text).toContain('"name"');
      expect(token.text).not.toContain('secret_notes');
      const member = await graphql('introspect Person as a member', owner, query);
      expect(member.text).toContain('secret_notes');
    });

    it('a token naming a hidden field gets an error without the value, and no suggestion names it', async () => {
      const direct = await graphql(
        'select the hidden field with a token',
        reader,
        '{ people { items { secret_notes } } }',
      );
      expectRefusedRequest(direct);
      expect(direct.body.errors?.[0]?.message).toBe('Cannot query field "secret_notes" on type "Person".');
      expect(direct.text).not.toContain(HIDDEN);
      const typo = await graphql(
        'a near miss, fishing for "Did you mean"',
        reader,
        '{ people { items { secret_note } } }',
      );
      expectRefusedRequest(typo);
      expect(typo.text).not.toContain('secret_notes');
      const filter = await graphql(
        'filter on a near miss of the hidden field',
        reader,
        '{ people(filter: { secret_note: { eq: "x" } }) { total } }',
      );
      expectRefusedRequest(filter);
      expect(filter.text).not.toContain('secret_notes');
      const member = await graphql(
        'the member reads it (control)',
        owner,
        `{ person(id: "${adaId}") { secret_notes } }`,
      );
      expect(member.text).toContain(HIDDEN);
    });

    it('sorting on the hidden field is refused for everyone, without its values or its name', async () => {
      // Refused as the field runs: GraphQL over HTTP answers 200, with the error and no data.
      for (const credential of [reader, owner]) {
        const sort = await graphql(
          'sort on the hidden field',
          credential,
          '{ people(sort: ["secret_notes"]) { items { name } } }',
        );
        expect(sort.body.data).toBeNull();
        expect(codes(sort.body)).toEqual(['VALIDATION_FAILED']);
        expect(sort.text).not.toContain(HIDDEN);
      }
      const unknown = await graphql(
        'sort on an unknown field, fishing for the list of fields',
        reader,
        '{ people(sort: ["nope"]) { total } }',
      );
      expect(codes(unknown.body)).toEqual(['VALIDATION_FAILED']);
      expect(unknown.text).not.toContain('secret_notes');
    });

    it('a content:read token never sees a draft, by list or by id', async () => {
      const list = await graphql('list people with content:read', reader, '{ people { total items { id name } } }');
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(DRAFT);
      expect(list.body.data).toEqual({ people: { total: 1, items: [{ id: adaId, name: 'Ada' }] } });
      const byId = await graphql(
        'read the draft by id with content:read',
        reader,
        `{ person(id: "${draftId}") { name } }`,
      );
      expect(byId.body).toEqual({ data: { person: null } });
    });
  });

  describe('other projects', () => {
    it("another project's token on this project's GraphQL is a 404", async () => {
      const answer = await graphql("the other project's token here", otherToken, '{ people { items { name } } }');
      expect(answer.status).toBe(404);
      expect(codes(answer.body)).toEqual(['NOT_FOUND']);
      expect(answer.text).not.toContain('Ada');
    });

    it("this project's document ids read nothing through another project's GraphQL", async () => {
      for (const credential of [otherToken, otherOwner]) {
        const answer = await graphql(
          "read Ada by id through the other project's GraphQL",
          credential,
          `{ person(id: "${adaId}") { name friend { name } } }`,
          { project: otherProjectId },
        );
        expect(answer.body).toEqual({ data: { person: null } });
      }
    });

    it("a reference to another project's document is refused on write, so GraphQL never resolves it", async () => {
      const write = await graphql(
        "point the other project's document at Ada",
        otherToken,
        `mutation { updatePerson(id: "${otherDocumentId}", data: { friend: "${adaId}" }) { friend { name } } }`,
        { project: otherProjectId },
      );
      expect(write.text).not.toContain('"Ada"');
      expect(codes(write.body)[0]).toBe('VALIDATION_FAILED');
      const read = await graphql(
        'read the reference back',
        otherOwner,
        `{ person(id: "${otherDocumentId}") { friend { name } } }`,
        { project: otherProjectId },
      );
      expect(read.body).toEqual({ data: { person: { friend: null } } });
    });
  });

  describe('requests', () => {
    it('a batch (array body) is refused whole; nothing in it runs', async () => {
      const before = await peopleCount();
      const batch = Array.from({ length: 100 }, (_, i) => ({
        query: `mutation { createPerson(data: { name: "batched ${i}" }) { id } }`,
      }));
      const answer = await attack(target, '100 mutations as a batched array', {
        method: 'POST',
        path: `/api/v1/projects/${projectId}/graphql`,
        as: writer,
        headers: { accept: ACCEPT },
        body: batch,
      });
      expect(answer.status).toBe(400);
      expect((answer.json as GraphqlBody).errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
      expect(await peopleCount()).toBe(before);
    });

    it('26 aliased mutations are refused before any runs', async () => {
      const before = await peopleCount();
      const answer = await graphql(
        '26 createPerson aliases in one request',
        writer,
        `mutation { ${Array.from({ length: 26 }, (_, i) => `m${i}: createPerson(data: { name: "m${i}" }) { id }`).join(' ')} }`,
      );
      expectRefusedRequest(answer);
      expect(answer.body.errors?.[0]?.extensions).toMatchObject({ limit: 'mutations', max: 25, actual: 26 });
      expect(await peopleCount()).toBe(before);
    });

    it('a query over 100 000 characters is a 400, and a body over the body limit a 413', async () => {
      const long = await graphql(
        'a 100 001-character query',
        reader,
        `{ people { total } }${' '.repeat(100_001 - 20)}`,
      );
      expect(long.status).toBe(400);
      expect(codes(long.body)[0]).toBe('VALIDATION_FAILED');
      const huge = await attack(target, 'a 2 MB GraphQL body', {
        method: 'POST',
        path: `/api/v1/projects/${projectId}/graphql`,
        as: reader,
        headers: { accept: ACCEPT },
        body: { query: '{ people { total } }', variables: { padding: 'x'.repeat(2 * 1024 * 1024) } },
      });
      expect(huge.status).toBe(413);
      expect((huge.json as GraphqlBody).errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('a document of 30 000 tokens is refused by the parser before validation', async () => {
      const answer = await graphql('30 000 tokens in 60 KB', reader, `{ people { total }${' a'.repeat(30_000)} }`);
      expectRefusedRequest(answer);
      expect(answer.body.errors?.[0]?.message).toMatch(/^Syntax Error: Document contains more th\w+ 20000 tokens/);
    });

    it('variables of the wrong type are 400s, never 500s', async () => {
      const limit = 'query ($n: Int!) { people(limit: $n) { total } }';
      for (const n of ['ten', 1e20, { $gt: 0 }, [1], null, 1.5]) {
        const answer = await graphql(`limit: Int! given ${JSON.stringify(n)}`, reader, limit, { variables: { n } });
        expectRefusedRequest(answer);
      }
      const id = 'query ($id: ID!) { person(id: $id) { name } }';
      for (const value of [{ $ne: null }, ['a', 'b'], true]) {
        const answer = await graphql(`id: ID! given ${JSON.stringify(value)}`, reader, id, {
          variables: { id: value },
        });
        expectRefusedRequest(answer);
        expect(answer.text).not.toContain('Ada');
      }
      for (const variables of [[1, 2], 'n=1', 42]) {
        const answer = await graphql(`variables as ${JSON.stringify(variables)}`, reader, limit, { variables });
        expect(answer.status).toBe(400);
        expect(codes(answer.body)[0]).toBe('VALIDATION_FAILED');
      }
    });

    it('limits and offsets out of range are refused, never 500s or huge pages', async () => {
      for (const args of ['limit: 1000000', 'limit: -1', 'offset: -5', 'limit: 2147483647', 'offset: 99999999999']) {
        const answer = await graphql(`people(${args})`, reader, `{ people(${args}) { total items { id } } }`);
        // Out of Int's range is a 400 before running; in range but over the page limit fails the field.
        expect([200, 400], answer.text).toContain(answer.status);
        expect(answer.body.data ?? null).toBeNull();
        expect(codes(answer.body)).toEqual(['VALIDATION_FAILED']);
      }
    });
  });

  describe('cross-site request forgery', () => {
    it('a mutation over GET is a 405 with Allow: POST, and writes nothing', async () => {
      const before = await peopleCount();
      const answer = await graphql(
        'createPerson over GET (an <img src> could send it)',
        owner,
        'mutation { createPerson(data: { name: "via GET" }) { id } }',
        { method: 'GET' },
      );
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('POST');
      expect(codes(answer.body)).toEqual(['VALIDATION_FAILED']);
      const chosen = await graphql(
        'a query and a mutation in one GET, the mutation chosen by operationName',
        owner,
        'query Q { people { total } } mutation M { createPerson(data: { name: "via GET" }) { id } }',
        { method: 'GET', operationName: 'M' },
      );
      expect(chosen.status).toBe(405);
      expect(await peopleCount()).toBe(before);
    });

    it('a mutation in a "simple" cross-site POST (text/plain, form-encoded) is a 415, and writes nothing', async () => {
      const before = await peopleCount();
      const query = JSON.stringify({ query: 'mutation { createPerson(data: { name: "csrf" }) { id } }' });
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const answer = await attack(target, `createPerson posted as ${contentType}`, {
          method: 'POST',
          path: `/api/v1/projects/${projectId}/graphql`,
          as: owner,
          headers: { 'content-type': contentType, origin: 'https://evil.example' },
          body: query,
        });
        expect(answer.status).toBe(415);
        expect((answer.json as GraphqlBody).errors?.[0]?.extensions?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      expect(await peopleCount()).toBe(before);
    });

    it('a read-only token cannot write or delete through GraphQL', async () => {
      const before = await peopleCount();
      const create = await graphql(
        'createPerson with content:read',
        reader,
        'mutation { createPerson(data: { name: "x" }) { id } }',
      );
      expect(codes(create.body)).toEqual(['FORBIDDEN']);
      const remove = await graphql(
        'deletePerson with content:read',
        reader,
        `mutation { deletePerson(id: "${adaId}") }`,
      );
      expect(codes(remove.body)).toEqual(['FORBIDDEN']);
      expect(await peopleCount()).toBe(before);
    });
  });

  describe('persisted queries', () => {
    it('a hash registered with another query is refused, so nobody can poison a persisted query', async () => {
      const innocent = '{ people { total } }';
      const hash = createHash('sha256').update(innocent).digest('hex');
      const poisoned = await attack(target, 'register the hash of an innocent query with another query', {
        method: 'POST',
        path: `/api/v1/projects/${projectId}/graphql`,
        as: owner,
        headers: { accept: ACCEPT },
        body: {
          query: `{ person(id: "${adaId}") { secret_notes } }`,
          extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
        },
      });
      expect(poisoned.status).toBe(400);
      const byHash = await attack(target, 'a content:read token runs the hash alone', {
        path: `/api/v1/projects/${projectId}/graphql?extensions=${encodeURIComponent(
          JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
        )}`,
        as: reader,
        headers: { accept: ACCEPT },
      });
      expect(byHash.text).not.toContain(HIDDEN);
      expect((byHash.json as GraphqlBody).errors?.[0]?.message).toBe('PersistedQueryNotFound');
    });
  });
});
