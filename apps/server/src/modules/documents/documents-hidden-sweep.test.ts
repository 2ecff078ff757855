import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, createToken } from '../../test/content.js';
import { type GraphqlAnswer, graphql, graphqlData } from '../../test/graphql.js';
import { call, dialectName, expectError, type Session, signUp, type TestApp } from '../../test/harness.js';
import { createWebhookTestApp, type Receiver, startReceiver } from '../../test/webhooks.js';

/** A word no visible value holds: every hidden value carries it, so finding it in an answer is a leak. */
const SECRET = `sentinel${randomUUID().replaceAll('-', '')}`;
/** A word of the same shape in a visible field: proves that a search for such a word finds what it may. */
const VISIBLE = `visible${randomUUID().replaceAll('-', '')}`;
/** The hidden fields' names, as stored and in GraphQL's camelCase; naming one tells a token it exists. */
const HIDDEN_NAME = /vault_?note|vault_?local|vault_?ref|card_?memo|chip_?pin|author_?ssn/i;
/** A name no model has: what a token learns about it is all it may learn about a hidden field. */
const UNKNOWN = 'zz_unknown';

interface Doc {
  id: string;
  status: string;
  version: number;
  data: Record<string, unknown>;
}
interface One {
  data: Doc;
}
interface Many {
  data: Doc[];
  meta: { total: number; next_cursor: string | null };
}
interface Model {
  slug?: string;
  fields: { name: string }[];
}
interface VersionSummary {
  version: number;
  changed_fields: string[];
}
interface Delivery {
  id: string;
  event: string;
  request: { body: string };
}
interface Payload {
  event: string;
  data: { collection?: string };
}

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface IntrospectedType {
  kind: string;
  name: string;
  fields: { name: string; args: unknown[]; type: TypeRef }[] | null;
  possibleTypes: { name: string }[] | null;
}

/** The named type under lists and non-nulls. */
const namedType = (ref: TypeRef): TypeRef => (ref.ofType ? namedType(ref.ofType) : ref);

/**
 * A GraphQL selection of every field `name` has, following object and union fields `depth`
 * levels down (a union's members count as the same level).
 */
function everyField(types: ReadonlyMap<string, IntrospectedType>, name: string, depth: number): string {
  const type = types.get(name);
  if (!type) return '';
  if (type.kind === 'UNION') {
    const members = (type.possibleTypes ?? []).map(
      (member) => `... on ${member.name} { ${everyField(types, member.name, depth)} }`,
    );
    return `__typename ${members.join(' ')}`;
  }
  const parts: string[] = [];
  for (const field of type.fields ?? []) {
    if (field.args.length > 0) continue;
    const inner = namedType(field.type);
    if (inner.kind === 'SCALAR' || inner.kind === 'ENUM') parts.push(field.name);
    else if (depth > 0 && inner.name) parts.push(`${field.name} { ${everyField(types, inner.name, depth - 1)} }`);
  }
  return parts.join(' ');
}

/** Everything a caller reads in an answer: the body, the headers, and the JSON inside any cursor. */
function exposedText(response: LightMyRequestResponse): string {
  const cursors = [...response.body.matchAll(/"next_cursor":"([\w-]+)"/g)].map((match) =>
    Buffer.from(match[1] ?? '', 'base64url').toString('utf8'),
  );
  return [response.body, JSON.stringify(response.headers), ...cursors].join('\n');
}

/** The text around `needle`, so that a failure shows the leak itself. */
function around(text: string, needle: string): string {
  const at = text.indexOf(needle);
  return at < 0 ? '' : `…${text.slice(Math.max(0, at - 200), at + needle.length + 80)}…`;
}

/** One answer, with the field names replaced, to compare what a hidden and an unknown name get. */
const withoutName = (text: string, name: string) => text.replaceAll(name, '<field>');

/**
 * The hidden-field property end to end: whatever an API token calls (REST, GraphQL) and whatever
 * a webhook receives, no hidden value and no hidden field's name reaches it. Every hidden value
 * holds one sentinel word, and every answer is searched for it.
 */
describe(`hidden fields never reach API tokens or webhooks: a sentinel sweep (${dialectName})`, () => {
  let t: TestApp;
  let receiver: Receiver;
  let owner: Session;
  let projectId: string;
  /** content:read only: published snapshots. */
  let reader: string;
  /** Everything a site's build or an integration would hold. */
  let writer: string;
  /** What an integration that watches its webhooks holds. */
  let hooksToken: string;
  let webhookId: string;
  const ids: Record<'ada' | 'shadow' | 'ledger' | 'atlas' | 'memo', string> = {
    ada: '',
    shadow: '',
    ledger: '',
    atlas: '',
    memo: '',
  };
  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;
  const docs = (suffix = '') => api(`/collections/dossiers/documents${suffix}`);
  const authors = (suffix = '') => api(`/collections/authors/documents${suffix}`);

  /**
   * Fails when `text` holds a hidden value (or, unless `names` is false, a hidden field's name),
   * showing the excerpt. Text about dossiers must not hold the id of the author that only the
   * hidden reference `vault_ref` points to either.
   */
  function expectSealedText(label: string, text: string, options: { names?: boolean; shadow?: boolean } = {}) {
    for (const secret of [SECRET, ...(options.shadow === false ? [] : [ids.shadow])]) {
      expect(text.includes(secret), `${label} leaked a hidden value: ${around(text, secret)}`).toBe(false);
    }
    if (options.names !== false) {
      const name = HIDDEN_NAME.exec(text)?.[0];
      expect(name, `${label} named a hidden field: ${around(text, name ?? '')}`).toBeUndefined();
    }
  }

  /** expectSealedText over everything the answer shows, then its status. */
  function expectSealed(
    label: string,
    response: LightMyRequestResponse,
    options: { status?: number; names?: boolean; shadow?: boolean } = {},
  ) {
    expectSealedText(label, exposedText(response), options);
    if (options.status !== undefined) expect(response.statusCode, `${label}: ${response.body}`).toBe(options.status);
  }

  const card = (title: string, hidden: boolean) => ({
    _component: 'card',
    _key: 'c1',
    heading: `Card of ${title}`,
    ...(hidden ? { card_memo: `${SECRET} memo of ${title}` } : {}),
    chips: [
      {
        _component: 'chip',
        _key: 'p1',
        label: `Chip of ${title}`,
        ...(hidden ? { chip_pin: `${SECRET} pin of ${title}` } : {}),
      },
    ],
  });
  /** What a member writes: a hidden value at every level. */
  const memberData = (title: string) => ({
    title,
    summary: `Summary of ${title}, ${VISIBLE}`,
    vault_note: `${SECRET} note of ${title}`,
    vault_local: `${SECRET} english of ${title}`,
    author: ids.ada,
    vault_ref: ids.shadow,
    body: [card(title, true)],
  });
  /** What an API token may see of it, in the default locale. */
  const tokenView = (title: string) => ({
    title,
    summary: `Summary of ${title}, ${VISIBLE}`,
    author: ids.ada,
    body: [card(title, false)],
  });

  const send = (
    credential: Session | string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => call(t.app, credential, { method, url, ...(payload ? { payload } : {}) });
  /** A token's read of a URL the member has just read, so a cached member answer would be served to it. */
  const tokenRead = async (token: string, url: string) => {
    await send(owner, 'GET', url);
    return send(token, 'GET', url);
  };
  const memberEdit = async (id: string, data: Record<string, unknown>, locale?: string) => {
    const response = await send(owner, 'PATCH', docs(`/${id}`), { data, ...(locale ? { locale } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as One).data;
  };
  const memberRead = async (id: string) => (await send(owner, 'GET', docs(`/${id}?locale=*`))).json() as One;

  beforeAll(async () => {
    t = await createWebhookTestApp({ env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    receiver = await startReceiver();
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner);
    // A sweep makes hundreds of token requests: the plan without a burst limit or quota (the owner is instance admin).
    const plan = await send(owner, 'PATCH', `/api/v1/admin/projects/${projectId}`, { plan: 'enterprise' });
    expect(plan.statusCode, plan.body).toBe(200);
    reader = await createToken(t.app, owner, projectId, ['content:read']);
    writer = await createToken(t.app, owner, projectId, [
      'content:read',
      'content:preview',
      'content:write',
      'schema:read',
      'media:read',
    ]);
    hooksToken = await createToken(t.app, owner, projectId, ['webhooks:manage']);
    // Subscribed before the model exists, so the model's own events are swept too.
    const hook = await send(owner, 'POST', api('/webhooks'), { url: receiver.url, events: ['*'] });
    expect(hook.statusCode, hook.body).toBe(201);
    webhookId = (hook.json() as { data: { id: string } }).data.id;

    for (const component of [
      {
        name: 'chip',
        fields: [
          { name: 'label', type: 'text' },
          // The sentinel is in the hidden fields' definitions too: a definition that leaks is caught like a value.
          { name: 'chip_pin', type: 'text', hidden: true, required: true, label: 'PIN', help: `${SECRET} staff only` },
        ],
      },
      {
        name: 'card',
        fields: [
          { name: 'heading', type: 'text' },
          { name: 'card_memo', type: 'text', hidden: true, default: `${SECRET} default memo` },
          { name: 'chips', type: 'blocks', options: { components: ['chip'] } },
        ],
      },
    ]) {
      const response = await send(owner, 'POST', api('/components'), component);
      expect(response.statusCode, response.body).toBe(201);
    }
    await createCollection(t.app, owner, projectId, {
      slug: 'authors',
      name: 'Authors',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'author_ssn', type: 'text', hidden: true, required: true },
      ],
    });
    await createCollection(t.app, owner, projectId, {
      slug: 'dossiers',
      name: 'Dossiers',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'summary', type: 'longtext' },
        { name: 'vault_note', type: 'text', hidden: true, required: true, label: `${SECRET} vault` },
        { name: 'vault_local', type: 'text', hidden: true, localized: true },
        { name: 'author', type: 'reference', options: { collection: 'authors' } },
        { name: 'vault_ref', type: 'reference', hidden: true, options: { collection: 'authors' } },
        { name: 'body', type: 'blocks', options: { components: ['card'] } },
      ],
    });

    for (const [key, name] of [
      ['ada', 'Ada'],
      ['shadow', 'Shadow'],
    ] as const) {
      ids[key] = (
        await createDocument(t.app, owner, projectId, 'authors', {
          data: { name, author_ssn: `${SECRET} ssn of ${name}` },
          status: 'published',
        })
      ).id;
    }
    // Published in two locales.
    ids.ledger = (
      await createDocument(t.app, owner, projectId, 'dossiers', { data: memberData('Ledger'), status: 'published' })
    ).id;
    await memberEdit(ids.ledger, { title: 'Ledger (es)', vault_local: `${SECRET} spanish of Ledger` }, 'es');
    const republished = await send(owner, 'POST', docs(`/${ids.ledger}/publish`));
    expect(republished.statusCode, republished.body).toBe(200);
    // Published, then changed in a hidden field only: the working copy and the snapshot differ there alone.
    ids.atlas = (
      await createDocument(t.app, owner, projectId, 'dossiers', { data: memberData('Atlas'), status: 'published' })
    ).id;
    expect((await memberEdit(ids.atlas, { vault_note: `${SECRET} rewritten note of Atlas` })).status).toBe('changed');
    // Never published.
    ids.memo = (await createDocument(t.app, owner, projectId, 'dossiers', { data: memberData('Memo') })).id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('stores every sentinel where members read it (so its absence elsewhere means it was withheld)', async () => {
    const ledger = (await memberRead(ids.ledger)).data;
    expect(ledger.data).toMatchObject({
      title: { en: 'Ledger', es: 'Ledger (es)' },
      vault_note: `${SECRET} note of Ledger`,
      vault_local: { en: `${SECRET} english of Ledger`, es: `${SECRET} spanish of Ledger` },
      vault_ref: ids.shadow,
      body: [card('Ledger', true)],
    });
    const published = (await send(owner, 'GET', docs(`/${ids.ledger}?status=published&locale=es`))).json() as One;
    expect(published.data.data).toMatchObject({
      vault_local: `${SECRET} spanish of Ledger`,
      body: [card('Ledger', true)],
    });
    const ada = (await send(owner, 'GET', authors(`/${ids.ada}`))).json() as One;
    expect(ada.data.data).toEqual({ name: 'Ada', author_ssn: `${SECRET} ssn of Ada` });
    const populated = (await send(owner, 'GET', docs(`/${ids.atlas}?populate=*`))).json() as One;
    expect(populated.data.data).toMatchObject({
      vault_note: `${SECRET} rewritten note of Atlas`,
      author: { data: { author_ssn: `${SECRET} ssn of Ada` } },
      vault_ref: { id: ids.shadow },
    });
  });

  it('reads one document to tokens, published or previewed, in any locale and populated, without hidden values', async () => {
    const queries = [
      '',
      '?status=published',
      '?locale=es',
      '?locale=*',
      '?populate=author',
      '?populate=*',
      '?populate=*&depth=2&locale=*',
      '?status=published&populate=author&locale=es',
      '?fields=title,body,author&populate=author',
    ];
    for (const token of [reader, writer]) {
      const who = token === reader ? 'content:read' : 'preview';
      for (const [key, title] of [
        ['ledger', 'Ledger'],
        ['atlas', 'Atlas'],
        ['memo', 'Memo'],
      ] as const) {
        for (const query of queries) {
          const url = docs(`/${ids[key]}${query}`);
          const response = await tokenRead(token, url);
          // A draft is not there for published-only readers.
          const hidden = key === 'memo' && (token === reader || query.includes('status=published'));
          expectSealed(`${who} GET ${key}${query}`, response, { status: hidden ? 404 : 200 });
          if (!hidden) expect(response.body, url).toContain(`Card of ${title}`);
        }
      }
    }
    // Exactly the visible fields, at every depth of the blocks and of the populated reference.
    for (const token of [reader, writer]) {
      expect(((await send(token, 'GET', docs(`/${ids.ledger}`))).json() as One).data.data).toEqual(tokenView('Ledger'));
      const spanish = (await send(token, 'GET', docs(`/${ids.ledger}?locale=*&populate=author`))).json() as One;
      expect(spanish.data.data).toEqual({
        ...tokenView('Ledger'),
        title: { en: 'Ledger', es: 'Ledger (es)' },
        author: expect.objectContaining({ id: ids.ada, data: { name: 'Ada' } }),
      });
    }
    const previewed = (await send(writer, 'GET', docs(`/${ids.atlas}`))).json() as One;
    expect(previewed.data).toMatchObject({ status: 'changed', data: tokenView('Atlas') });
  });

  it('lists documents to tokens (locales, populate, filters, cursor pages) without hidden values', async () => {
    const queries = [
      '',
      '?locale=*',
      '?locale=es',
      '?populate=*',
      '?populate=author',
      '?populate=author&depth=2&locale=*',
      '?status=published',
      '?sort=-title',
      '?filter[author.name][eq]=Ada',
      '?filter[title][starts_with]=L',
      '?fields=title,author,body',
    ];
    for (const token of [reader, writer]) {
      for (const query of queries) {
        const response = await tokenRead(token, docs(query));
        expectSealed(`list dossiers${query}`, response, { status: 200 });
        expect(response.body).toContain('Card of Ledger');
      }
      for (const query of ['', '?locale=*', '?sort=name']) {
        const response = await tokenRead(token, authors(query));
        // The shadow author is listed here in its own right: only the hidden values must stay out.
        expectSealed(`list authors${query}`, response, { status: 200, shadow: false });
        expect(response.body).toContain('Shadow');
      }

      // A cursor walk, one document a page: every page and every cursor is free of hidden values.
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = docs(`?limit=1&sort=title${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        const page = await tokenRead(token, url);
        expectSealed(`cursor page ${seen.length + 1}`, page, { status: 200 });
        const body = page.json() as Many;
        seen.push(...body.data.map((doc) => doc.id));
        cursor = body.meta.next_cursor;
      } while (cursor && seen.length < 10);
      expect(seen).toEqual(token === reader ? [ids.atlas, ids.ledger] : [ids.atlas, ids.ledger, ids.memo]);
    }
  });

  it('finds nothing when a token (or anyone) searches for a hidden value, while visible words are found', async () => {
    for (const credential of [reader, writer, owner]) {
      for (const url of [
        docs(`?q=${SECRET}`),
        docs(`?q=${SECRET}&locale=es`),
        docs(`?q=${SECRET}&status=published`),
        authors(`?q=${SECRET}`),
      ]) {
        const response = await send(credential, 'GET', url);
        expect(response.statusCode, response.body).toBe(200);
        expect((response.json() as Many).data, url).toEqual([]);
      }
    }
    for (const token of [reader, writer]) {
      const found = await send(token, 'GET', docs(`?q=${VISIBLE}&sort=title`));
      expectSealed('search for a visible word', found, { status: 200 });
      expect((found.json() as Many).data.map((doc) => doc.id)).toEqual(
        token === reader ? [ids.atlas, ids.ledger] : [ids.atlas, ids.ledger, ids.memo],
      );
    }
  });

  it('refuses projection, filter, sort and populate on a hidden field exactly as on a field that does not exist', async () => {
    const value = encodeURIComponent(`${SECRET} note of Ledger`);
    /** [the hidden field's name, a query naming it]: the same query with UNKNOWN must get the same answer. */
    const probes: [string, (name: string) => string][] = [];
    for (const name of ['vault_note', 'vault_local', 'vault_ref']) {
      probes.push(
        [name, (n) => `fields=title,${n}`],
        [name, (n) => `fields=${n}`],
        [name, (n) => `filter[${n}][eq]=${value}`],
        [name, (n) => `filter[${n}][contains]=${SECRET}`],
        [name, (n) => `filter[${n}][exists]=true`],
        [name, (n) => `filter[${n}][in]=${value},x`],
        [name, (n) => `sort=${n}`],
        [name, (n) => `sort=-${n}`],
        [name, (n) => `sort=title,${n}`],
        [name, (n) => `populate=${n}`],
        [name, (n) => `filter[${n}.name][eq]=Shadow`],
      );
    }
    probes.push(
      ['author_ssn', (n) => `filter[author.${n}][eq]=${encodeURIComponent(`${SECRET} ssn of Ada`)}`],
      ['author_ssn', (n) => `filter[author.${n}][exists]=true`],
      ['author_ssn', (n) => `fields=title,author.${n}&populate=author`],
      ['card_memo', (n) => `filter[body.${n}][eq]=x`],
    );
    for (const token of [reader, writer]) {
      for (const [name, query] of probes) {
        const urls = [(n: string) => docs(`?${query(n)}`), (n: string) => docs(`/${ids.ledger}?${query(n)}`)];
        for (const url of urls) {
          // Single reads take no filter or sort: those are refused as unknown parameters alike.
          const hidden = await send(token, 'GET', url(name));
          const unknown = await send(token, 'GET', url(UNKNOWN));
          const label = `GET ${url(name)}`;
          expectSealed(label, hidden, { status: 400, names: false });
          expectError(hidden, 400, 'VALIDATION_FAILED');
          expect(withoutName(hidden.body, name), label).toBe(withoutName(unknown.body, UNKNOWN));
        }
      }
    }
  });

  it('refuses a token’s write to a hidden field, at any depth, exactly as a write to a field that does not exist', async () => {
    const chip = (field: string) => ({ _component: 'chip', _key: 'p1', label: 'L', [field]: 'x' });
    const writes: [string, (name: string) => { method: 'POST' | 'PATCH'; url: string; payload: object }][] = [
      ['vault_note', (n) => ({ method: 'POST', url: docs(), payload: { data: { title: 'T', [n]: 'x' } } })],
      ['vault_local', (n) => ({ method: 'PATCH', url: docs(`/${ids.ledger}`), payload: { data: { [n]: 'x' } } })],
      [
        'vault_ref',
        (n) => ({ method: 'PATCH', url: docs(`/${ids.ledger}`), payload: { data: { [n]: ids.ada }, locale: 'es' } }),
      ],
      [
        'card_memo',
        (n) => ({
          method: 'PATCH',
          url: docs(`/${ids.ledger}`),
          payload: { data: { body: [{ _component: 'card', _key: 'c1', [n]: 'x' }] } },
        }),
      ],
      [
        'chip_pin',
        (n) => ({
          method: 'POST',
          url: docs(),
          payload: { data: { title: 'T', body: [{ _component: 'card', chips: [chip(n)] }] } },
        }),
      ],
      ['author_ssn', (n) => ({ method: 'POST', url: authors(), payload: { data: { name: 'N', [n]: 'x' } } })],
    ];
    for (const [name, write] of writes) {
      const hidden = await send(writer, write(name).method, write(name).url, write(name).payload);
      const unknown = await send(writer, write(UNKNOWN).method, write(UNKNOWN).url, write(UNKNOWN).payload);
      expectSealed(`write ${name}`, hidden, { status: 400, names: false });
      expectError(hidden, 400, 'VALIDATION_FAILED');
      expect(withoutName(hidden.body, name), name).toBe(withoutName(unknown.body, UNKNOWN));
    }
    // Nothing was written: the ledger is as the member left it.
    expect((await memberRead(ids.ledger)).data).toMatchObject({ version: 2, data: { body: [card('Ledger', true)] } });
  });

  it('answers every write a content:write token makes without hidden values, and keeps the members’ hidden values', async () => {
    // A token creates without the hidden fields, required ones included: it cannot see them.
    const created = await send(writer, 'POST', docs(), {
      data: {
        title: 'Token made',
        summary: `Summary of Token made, ${VISIBLE}`,
        author: ids.ada,
        body: [{ _component: 'card', _key: 'c1', heading: 'Draft card', chips: [{ _component: 'chip', _key: 'p1' }] }],
      },
    });
    expectSealed('token create', created, { status: 201 });
    const id = (created.json() as One).data.id;
    // The member fills the hidden fields, in two locales and inside the blocks.
    await memberEdit(id, memberData('Token made'));
    await memberEdit(id, { vault_local: `${SECRET} spanish of Token made` }, 'es');

    const writes: [string, () => Promise<LightMyRequestResponse>, number][] = [
      [
        'token PATCH, blocks rewritten by key',
        () =>
          send(writer, 'PATCH', docs(`/${id}`), {
            data: {
              title: 'Token edited',
              body: [
                {
                  _component: 'card',
                  _key: 'c1',
                  heading: 'Card v2',
                  chips: [
                    { _component: 'chip', _key: 'p1', label: 'Chip v2' },
                    { _component: 'chip', _key: 'p2', label: 'New chip' },
                  ],
                },
              ],
            },
          }),
        200,
      ],
      [
        'token PATCH in Spanish',
        () => send(writer, 'PATCH', docs(`/${id}`), { data: { title: 'Editado' }, locale: 'es' }),
        200,
      ],
      ['token publish', () => send(writer, 'POST', docs(`/${id}/publish`)), 200],
      ['token submit for review', () => send(writer, 'POST', docs(`/${id}/workflow`), { action: 'submit' }), 200],
      ['token approve', () => send(writer, 'POST', docs(`/${id}/workflow`), { action: 'approve' }), 200],
      [
        'token schedule',
        () =>
          send(writer, 'POST', docs(`/${id}/schedule`), {
            unpublish_at: new Date(Date.now() + 86_400_000).toISOString(),
          }),
        200,
      ],
      ['token list of schedules', () => send(writer, 'GET', api('/schedules')), 200],
      ['token schedule cleared', () => send(writer, 'POST', docs(`/${id}/schedule`), { unpublish_at: null }), 200],
      ['token unpublish', () => send(writer, 'POST', docs(`/${id}/unpublish`)), 200],
      ['token delete', () => send(writer, 'DELETE', docs(`/${id}`)), 204],
      ['token list of the trash', () => send(writer, 'GET', docs('?status=deleted')), 200],
      ['token read from the trash', () => send(writer, 'GET', docs(`/${id}?status=deleted`)), 200],
      ['token restore', () => send(writer, 'POST', docs(`/${id}/restore`)), 200],
    ];
    for (const [label, write, status] of writes) {
      const response = await write();
      expectSealed(label, response, { status });
      if (status === 200) expect(response.body, label).toContain(id);
    }

    const kept = (await memberRead(id)).data;
    expect(kept.data).toEqual({
      title: { en: 'Token edited', es: 'Editado' },
      summary: `Summary of Token made, ${VISIBLE}`,
      vault_note: `${SECRET} note of Token made`,
      vault_local: { en: `${SECRET} english of Token made`, es: `${SECRET} spanish of Token made` },
      author: ids.ada,
      vault_ref: ids.shadow,
      body: [
        {
          _component: 'card',
          _key: 'c1',
          heading: 'Card v2',
          card_memo: `${SECRET} memo of Token made`,
          chips: [
            { _component: 'chip', _key: 'p1', label: 'Chip v2', chip_pin: `${SECRET} pin of Token made` },
            { _component: 'chip', _key: 'p2', label: 'New chip' },
          ],
        },
      ],
    });
  });

  /**
   * A document with five versions: created by the member, then a hidden value changed, a hidden
   * value in Spanish, the blocks and the hidden reference, and the title.
   */
  async function documentWithHistory(title: string): Promise<string> {
    const id = (await createDocument(t.app, owner, projectId, 'dossiers', { data: memberData(title) })).id as string;
    await memberEdit(id, { vault_note: `${SECRET} second note` });
    await memberEdit(id, { vault_local: `${SECRET} spanish of ${title}` }, 'es');
    await memberEdit(id, { body: [card(`${title} v2`, true)], vault_ref: ids.ada });
    await memberEdit(id, { title: `${title}, edited` });
    return id;
  }

  it('shows version history, single versions and diffs to a preview token without hidden values or names', async () => {
    const id = await documentWithHistory('History');
    // Members see the hidden changes (the control).
    const memberDiff = await send(owner, 'GET', docs(`/${id}/versions/2/diff`));
    expect(memberDiff.json()).toEqual({
      data: {
        from: 1,
        to: 2,
        changes: [{ path: 'vault_note', before: expect.any(String), after: `${SECRET} second note` }],
      },
    });

    const list = await send(writer, 'GET', docs(`/${id}/versions`));
    expectSealed('versions list', list, { status: 200 });
    const versions = (list.json() as { data: VersionSummary[] }).data;
    expect(versions.map((version) => version.version)).toEqual([5, 4, 3, 2, 1]);
    expect(versions.map((version) => version.changed_fields)).toEqual([
      ['title'],
      ['body'],
      [],
      [],
      expect.arrayContaining(['title', 'summary', 'author', 'body']),
    ]);
    for (let n = 1; n <= 5; n++) {
      const one = await send(writer, 'GET', docs(`/${id}/versions/${n}`));
      // Versions 1 to 3 hold the shadow author in the hidden reference.
      expectSealed(`version ${n}`, one, { status: 200 });
      expect(one.body).toContain('Summary of History');
      for (const against of ['', ...[1, 5].filter((m) => m !== n).map((m) => `?against=${m}`)]) {
        const diff = await send(writer, 'GET', docs(`/${id}/versions/${n}/diff${against}`));
        expectSealed(`diff of version ${n}${against}`, diff, { status: 200 });
      }
    }
    expect(((await send(writer, 'GET', docs(`/${id}/versions/3/diff`))).json() as { data: unknown }).data).toEqual({
      from: 2,
      to: 3,
      changes: [],
    });
    // A published-only reader sees no history at all, of a draft or of a published document, and nothing in the refusal.
    for (const document of [id, ids.ledger]) {
      for (const suffix of ['/versions', '/versions/1', '/versions/2/diff']) {
        const refused = await send(reader, 'GET', docs(`/${document}${suffix}`));
        expectSealed(`content:read token GET ${suffix}`, refused, { status: 403 });
        expect(expectError(refused, 403, 'FORBIDDEN').message).toBe('This API token can read published content only');
      }
    }
  });

  it('restores an old version for a token without naming or returning hidden fields, keeping the current hidden values', async () => {
    const id = await documentWithHistory('Restored');
    // Version 1's blocks hold the hidden values the member wrote then: the token restores what it sees of them.
    const restored = await send(writer, 'POST', docs(`/${id}/versions/1/restore`));
    expectSealed('version restore', restored, { status: 200 });
    expect((await memberRead(id)).data.data).toMatchObject({
      title: { en: 'Restored' },
      vault_note: `${SECRET} second note`,
      vault_local: { es: `${SECRET} spanish of Restored` },
      vault_ref: ids.ada,
      // Version 1's visible block values, with the hidden values the blocks hold now.
      body: [
        {
          ...card('Restored', false),
          card_memo: `${SECRET} memo of Restored v2`,
          chips: [
            { _component: 'chip', _key: 'p1', label: 'Chip of Restored', chip_pin: `${SECRET} pin of Restored v2` },
          ],
        },
      ],
    });
  });

  it('reads the content model to a schema:read token without any hidden field definition', async () => {
    for (const path of [
      '/collections',
      '/collections/dossiers',
      '/collections/authors',
      '/components',
      '/components/card',
      '/components/chip',
    ]) {
      // Members see the whole model (the control).
      expect((await send(owner, 'GET', api(path))).body, path).toMatch(HIDDEN_NAME);
      const response = await send(writer, 'GET', api(path));
      expectSealed(`GET ${path}`, response, { status: 200 });
    }
    const fieldsOf = async (path: string) =>
      ((await send(writer, 'GET', api(path))).json() as { data: Model }).data.fields.map((field) => field.name);
    expect(await fieldsOf('/collections/dossiers')).toEqual(['title', 'summary', 'author', 'body']);
    expect(await fieldsOf('/collections/authors')).toEqual(['name']);
    expect(await fieldsOf('/components/card')).toEqual(['heading', 'chips']);
    expect(await fieldsOf('/components/chip')).toEqual(['label']);
  });

  describe('GraphQL', () => {
    /** Every field the token's own schema offers on a dossier, with its author and blocks: it asks for all it can. */
    let dossierFields = '';
    beforeAll(async () => {
      const schema = await graphqlData<{ __schema: { types: IntrospectedType[] } }>(
        t.app,
        writer,
        projectId,
        getIntrospectionQuery(),
      );
      dossierFields = everyField(new Map(schema.__schema.types.map((type) => [type.name, type])), 'Dossier', 2);
      for (const name of ['summary', 'author { id', 'heading', 'chips {', 'label', '... on ChipComponent']) {
        expect(dossierFields).toContain(name);
      }
    });
    const sealedAnswer = (label: string, answer: GraphqlAnswer, options: { names?: boolean; shadow?: boolean } = {}) =>
      expectSealed(label, answer.response, options);

    it('answers list and single queries without hidden values, published, previewed and in two locales', async () => {
      const queries: [string, Record<string, unknown>][] = [
        [`query ($id: ID!) { dossier(id: $id) { ${dossierFields} } }`, { id: ids.ledger }],
        [`query ($id: ID!) { dossier(id: $id, locale: "es") { ${dossierFields} } }`, { id: ids.ledger }],
        [`query ($id: ID!) { dossier(id: $id, status: published) { ${dossierFields} } }`, { id: ids.atlas }],
        [`query ($id: ID!) { dossier(id: $id) { ${dossierFields} } }`, { id: ids.atlas }],
        [`{ dossiers(limit: 10) { total items { ${dossierFields} } } }`, {}],
        [`{ dossiers(locale: "es", sort: ["-title"], limit: 10) { total items { ${dossierFields} } } }`, {}],
        [`{ dossiers(status: published, limit: 10) { total items { ${dossierFields} } } }`, {}],
        [`{ dossiers(filter: { title: { starts_with: "L" } }, limit: 10) { items { ${dossierFields} } } }`, {}],
        [`{ dossiers(search: "${VISIBLE}", limit: 10) { total items { ${dossierFields} } } }`, {}],
      ];
      for (const token of [reader, writer]) {
        for (const [query, variables] of queries) {
          await graphql(t.app, owner, projectId, query, variables);
          const answer = await graphql(t.app, token, projectId, query, variables);
          sealedAnswer(query, answer);
          expect(answer.status, answer.response.body).toBe(200);
          expect(answer.body.errors, answer.response.body).toBeUndefined();
          expect(answer.response.body).toContain('Card of');
        }
        // A GET (cacheable) query, right after a member asked the same one.
        const get = `{ dossiers(limit: 10) { items { ${dossierFields} } } }`;
        await graphql(t.app, owner, projectId, get, undefined, { method: 'GET' });
        const cached = await graphql(t.app, token, projectId, get, undefined, { method: 'GET' });
        sealedAnswer('GET query', cached);
        expect(cached.response.body).toContain('Card of Ledger');
        const people = await graphql(t.app, token, projectId, '{ authors { items { id name } } }');
        sealedAnswer('authors', people, { shadow: false });
        expect(people.response.body).toContain('Shadow');
        const none = await graphqlData<{ dossiers: { total: number } }>(
          t.app,
          token,
          projectId,
          `{ dossiers(search: "${SECRET}") { total } }`,
        );
        expect(none.dossiers.total).toBe(0);
      }
      const single = await graphqlData<{ dossier: Record<string, unknown> }>(
        t.app,
        reader,
        projectId,
        `{ dossier(id: "${ids.ledger}") { title summary author { name } body { ... on CardComponent { _key heading chips { ... on ChipComponent { _key label } } } } } }`,
      );
      expect(single.dossier).toEqual({
        title: 'Ledger',
        summary: `Summary of Ledger, ${VISIBLE}`,
        author: { name: 'Ada' },
        body: [{ _key: 'c1', heading: 'Card of Ledger', chips: [{ _key: 'p1', label: 'Chip of Ledger' }] }],
      });
    });

    it('refuses a hidden field in a selection, filter, sort or input exactly as a field that does not exist', async () => {
      const id = ids.ledger;
      const probes: [string, (name: string) => string][] = [];
      for (const name of ['vault_note', 'vault_local', 'vault_ref']) {
        probes.push(
          [name, (n) => `{ dossier(id: "${id}") { title ${n} } }`],
          [name, (n) => `{ dossiers { items { ${n} } } }`],
          [name, (n) => `{ dossiers(filter: { ${n}: { eq: "${SECRET} note of Ledger" } }) { total } }`],
          [name, (n) => `{ dossiers(sort: ["${n}"]) { total } }`],
          [name, (n) => `{ dossiers(sort: ["-${n}"]) { total } }`],
        );
      }
      probes.push(
        ['vault_ref', (n) => `{ dossier(id: "${id}") { ${n} { id name } } }`],
        ['card_memo', (n) => `{ dossier(id: "${id}") { body { ... on CardComponent { ${n} } } } }`],
        [
          'chip_pin',
          (n) =>
            `{ dossier(id: "${id}") { body { ... on CardComponent { chips { ... on ChipComponent { ${n} } } } } } }`,
        ],
        ['author_ssn', (n) => `{ dossier(id: "${id}") { author { ${n} } } }`],
        ['author_ssn', (n) => `{ authors(filter: { ${n}: { eq: "${SECRET} ssn of Ada" } }) { total } }`],
        ['author_ssn', (n) => `{ authors(sort: ["${n}"]) { total } }`],
      );
      const writes: [string, (name: string) => string][] = [
        ['vault_note', (n) => `mutation { createDossier(data: { title: "x", ${n}: "y" }) { id } }`],
        ['vault_local', (n) => `mutation { updateDossier(id: "${id}", data: { ${n}: "y" }) { id } }`],
      ];
      for (const token of [reader, writer]) {
        for (const [name, query] of token === writer ? [...probes, ...writes] : probes) {
          const hidden = await graphql(t.app, token, projectId, query(name));
          const unknown = await graphql(t.app, token, projectId, query(UNKNOWN));
          sealedAnswer(query(name), hidden, { names: false });
          expect(hidden.body.errors?.length, hidden.response.body).toBeGreaterThan(0);
          expect(hidden.status).toBe(unknown.status);
          expect(withoutName(hidden.response.body, name), query(name)).toBe(
            withoutName(unknown.response.body, UNKNOWN),
          );
        }
        // A near miss gets no "Did you mean" that names a hidden field.
        for (const query of [
          `{ dossier(id: "${id}") { vault_not } }`,
          `{ dossier(id: "${id}") { vaultNote } }`,
          `{ dossier(id: "${id}") { vault_loca } }`,
          `{ dossier(id: "${id}") { vault_re } }`,
          `{ dossier(id: "${id}") { body { ... on CardComponent { card_mem } } } }`,
          `{ dossier(id: "${id}") { body { ... on CardComponent { chips { ... on ChipComponent { chip_pi } } } } } }`,
          `{ dossier(id: "${id}") { author { author_ss } } }`,
          `{ dossiers(filter: { vault_not: { eq: "x" } }) { total } }`,
        ]) {
          const answer = await graphql(t.app, token, projectId, query);
          expect(answer.body.errors?.length, answer.response.body).toBeGreaterThan(0);
          const suggested = (answer.body.errors ?? []).map((error) => error.message).join('\n');
          expect(suggested.replace(/"[a-z_]+"/i, '"<asked>"'), query).not.toMatch(HIDDEN_NAME);
          expectSealed(query, answer.response, { names: false });
        }
      }
    });

    it('introspects without hidden fields for a schema:read token, and refuses introspection to the others', async () => {
      // The member's schema has them (the control).
      const memberSchema = await graphql(t.app, owner, projectId, getIntrospectionQuery());
      expect(memberSchema.response.body).toMatch(HIDDEN_NAME);

      const schema = await graphql(t.app, writer, projectId, getIntrospectionQuery());
      expect(schema.body.errors, schema.response.body).toBeUndefined();
      sealedAnswer('introspection', schema);
      expect(schema.response.body).toContain('CardComponent');
      expect(schema.response.body).toContain('summary');
      const fields = async (type: string) => {
        const data = await graphqlData<{
          __type: { fields: { name: string }[] | null; inputFields: { name: string }[] | null } | null;
        }>(t.app, writer, projectId, `{ __type(name: "${type}") { fields { name } inputFields { name } } }`);
        return [...(data.__type?.fields ?? []), ...(data.__type?.inputFields ?? [])].map((field) => field.name);
      };
      expect(await fields('Dossier')).toEqual(expect.arrayContaining(['title', 'summary', 'author', 'body']));
      for (const type of [
        'Dossier',
        'DossierInput',
        'DossierFilter',
        'Author',
        'AuthorInput',
        'CardComponent',
        'ChipComponent',
      ]) {
        const names = await fields(type);
        expect(names.length, type).toBeGreaterThan(0);
        expect(names.join(' '), type).not.toMatch(HIDDEN_NAME);
      }

      for (const query of [getIntrospectionQuery(), '{ __type(name: "Dossier") { fields { name } } }']) {
        const refused = await graphql(t.app, reader, projectId, query);
        sealedAnswer('introspection refused', refused);
        expect(refused.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      }
    });

    it('answers mutations without hidden values, and keeps the members’ hidden values', async () => {
      const id = (await createDocument(t.app, owner, projectId, 'dossiers', { data: memberData('Gizmo') })).id;
      const mutations: [string, Record<string, unknown>][] = [
        [
          `mutation ($id: ID!) { updateDossier(id: $id, data: { title: "Gizmo edited" }) { ${dossierFields} } }`,
          { id },
        ],
        [
          `mutation ($id: ID!) { updateDossier(id: $id, data: { title: "Artilugio" }, locale: "es") { ${dossierFields} } }`,
          { id },
        ],
        [`mutation ($id: ID!) { publishDossier(id: $id) { ${dossierFields} } }`, { id }],
        [`mutation ($id: ID!) { unpublishDossier(id: $id) { ${dossierFields} } }`, { id }],
        [
          `mutation ($author: ID!) { createDossier(data: { title: "Made in GraphQL", author: $author }) { ${dossierFields} } }`,
          { author: ids.ada },
        ],
      ];
      for (const [mutation, variables] of mutations) {
        const answer = await graphql(t.app, writer, projectId, mutation, variables);
        sealedAnswer(mutation, answer);
        expect(answer.body.errors, answer.response.body).toBeUndefined();
        expect(answer.response.body).toContain('"author":{');
      }
      expect((await memberRead(id)).data.data).toMatchObject({
        title: { en: 'Gizmo edited', es: 'Artilugio' },
        vault_note: `${SECRET} note of Gizmo`,
        vault_local: { en: `${SECRET} english of Gizmo` },
        vault_ref: ids.shadow,
        body: [card('Gizmo', true)],
      });
      const deleted = await graphql(t.app, writer, projectId, `mutation { deleteDossier(id: "${id}") }`);
      sealedAnswer('deleteDossier', deleted);
      expect(deleted.body.data).toEqual({ deleteDossier: true });
    });
  });

  it('sends no hidden value or hidden field definition in any webhook delivery, nor in the deliveries API', async () => {
    // More changes of every kind: a hidden-only edit, delete and restore by the member, and a model change.
    await memberEdit(ids.atlas, { vault_local: `${SECRET} english again` });
    expect((await send(owner, 'DELETE', docs(`/${ids.memo}`))).statusCode).toBe(204);
    expect((await send(owner, 'POST', docs(`/${ids.memo}/restore`))).statusCode).toBe(200);
    const modelChange = await send(owner, 'PATCH', api('/collections/dossiers'), { description: 'Case files' });
    expect(modelChange.statusCode, modelChange.body).toBe(200);

    // Deliveries are recorded with the change, so this is every one there will be.
    const total = ((await send(owner, 'GET', api(`/webhooks/${webhookId}/deliveries?limit=1`))).json() as Many).meta
      .total;
    const received = await receiver.waitFor(total, () => true, 15_000);
    const events = new Set<string>();
    for (const request of received) {
      const label = `delivery ${request.headers['x-plinth-event']} ${request.headers['x-plinth-delivery']}`;
      const payload = JSON.parse(request.body) as Payload;
      events.add(payload.event);
      // The shadow author's own events carry its id; a dossier's never do.
      expectSealedText(label, `${request.body}\n${JSON.stringify(request.headers)}`, {
        shadow: payload.data.collection === 'dossiers',
      });
    }
    expect([...events].sort()).toEqual(
      expect.arrayContaining([
        'collection.created',
        'collection.updated',
        'document.created',
        'document.deleted',
        'document.published',
        'document.unpublished',
        'document.updated',
      ]),
    );
    // The deliveries carried the visible values (the control).
    expect(received.some((request) => request.body.includes(VISIBLE) && request.body.includes('Card of Ledger'))).toBe(
      true,
    );
    const modelEvents = received
      .map((request) => JSON.parse(request.body) as { event: string; data: Model })
      .filter((payload) => payload.event.startsWith('collection.') && payload.data.slug === 'dossiers');
    expect(modelEvents.length).toBeGreaterThanOrEqual(2);
    for (const payload of modelEvents) {
      expect(payload.data.fields.map((field) => field.name)).toEqual(['title', 'summary', 'author', 'body']);
    }

    // A webhooks:manage token reads each delivery's request body: the same, sealed.
    let seen = 0;
    for (let page = 1; seen < total; page++) {
      const list = await send(hooksToken, 'GET', api(`/webhooks/${webhookId}/deliveries?limit=100&page=${page}`));
      expectSealed(`deliveries page ${page}`, list, { status: 200, shadow: false });
      const deliveries = (list.json() as { data: Delivery[] }).data;
      expect(deliveries.length).toBeGreaterThan(0);
      for (const delivery of deliveries) {
        const one = await send(hooksToken, 'GET', api(`/webhooks/${webhookId}/deliveries/${delivery.id}`));
        expectSealed(`delivery ${delivery.event} ${delivery.id}`, one, { status: 200, shadow: false });
        const body = (one.json() as { data: Delivery }).data.request.body;
        expectSealedText(`delivery body ${delivery.id}`, body, {
          shadow: (JSON.parse(body) as Payload).data.collection === 'dossiers',
        });
      }
      seen += deliveries.length;
    }
    expect(seen).toBe(total);
  });

  // Values a model derives from a hidden field, and answers a hidden field's own rules cause.

  it('derives no visible value from a hidden one: a slug generated from a hidden field', async () => {
    const model = await send(owner, 'POST', api('/collections'), {
      slug: 'handles',
      name: 'Handles',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'vault_note', type: 'text', hidden: true },
        { name: 'handle', type: 'slug', options: { from: 'vault_note' } },
      ],
    });
    // Refusing such a model (as a hidden display_field is refused) keeps the property as well.
    if (model.statusCode === 400) {
      expect(expectError(model, 400, 'VALIDATION_FAILED').details?.[0]?.path).toBe('fields.2.options.from');
      return;
    }
    expect(model.statusCode, model.body).toBe(201);
    const made = await createDocument(t.app, owner, projectId, 'handles', {
      data: { title: 'Handle', vault_note: `${SECRET} code` },
      status: 'published',
    });
    const handles = (suffix = '') => api(`/collections/handles/documents${suffix}`);
    for (const token of [reader, writer]) {
      for (const url of [handles(`/${made.id}`), handles(), handles('?locale=*')]) {
        const response = await send(token, 'GET', url);
        expectSealed(`GET ${url}`, response, { status: 200, shadow: false });
        expect(response.body).toContain('Handle');
      }
      const search = await send(token, 'GET', handles(`?q=${SECRET}`));
      expectSealed('search handles for the hidden value', search, { status: 200, shadow: false });
      expect((search.json() as Many).data).toEqual([]);
      const answer = await graphql(t.app, token, projectId, '{ handles { items { title handle } } }');
      expectSealed('GraphQL handles', answer.response, { shadow: false });
    }
    const deliveries = await receiver.waitFor(2, (request) => request.body.includes(made.id));
    for (const request of deliveries) expectSealedText('handle delivery', request.body, { shadow: false });
  });

  it('never names a hidden field, nor shows its default, in a conflict a token’s write runs into', async () => {
    const model = await send(owner, 'POST', api('/collections'), {
      slug: 'badges',
      name: 'Badges',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'vault_note', type: 'text', hidden: true, unique: true, default: `${SECRET} default` },
      ],
    });
    // Refusing a hidden unique field with a default keeps the property as well.
    if (model.statusCode === 400) {
      expectError(model, 400, 'VALIDATION_FAILED');
      return;
    }
    expect(model.statusCode, model.body).toBe(201);
    await createDocument(t.app, owner, projectId, 'badges', { data: { title: 'First' } });
    // The token cannot see the field, so it cannot have chosen its value: the default did.
    const second = await send(writer, 'POST', api('/collections/badges/documents'), { data: { title: 'Second' } });
    expectSealed('token create in badges', second, { shadow: false });
  });
});
