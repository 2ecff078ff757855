import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../apps/server/src/lib/mailer.js';
import { createCollection, createDocument, uploadAsset } from '../apps/server/src/test/content.js';
import { startFakeModel } from '../apps/server/src/test/fake-model.js';
import { call, type Session, signUp } from '../apps/server/src/test/harness.js';
import { type MultipartPart, multipart } from '../apps/server/src/test/media.js';
import { type Answer, attack, errorCode, newUser, report, send, startTarget } from './harness.js';

// Object-level authorization (BOLA/IDOR), generated from the server's own OpenAPI document: every
// operation that names an object is called with project A's real ids by user B (who owns project
// B), by B's API token with every scope, with A's object ids under B's own project, and without
// credentials. Operations added later are attacked without anyone writing a case for them.

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  minProperties?: number;
  items?: Schema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  pattern?: string;
  format?: string;
}

interface OpenApiOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Schema> };
}

interface Operation {
  id: string;
  method: string;
  /** The path template, `{name}` for each parameter. */
  template: string;
  params: string[];
  /** No security requirement: public by contract. */
  isPublic: boolean;
  body: { kind: 'json' | 'multipart'; schema: Schema } | null;
  requiredQuery: { name: string; schema: Schema }[];
  /** The request headers the operation documents (tus uploads), with plausible values. */
  headers: Record<string, string>;
}

const HTTP_METHODS = new Set(['get', 'head', 'options', 'put', 'post', 'patch', 'delete']);

/** Plausible values of the headers operations document, so that requests look like a client's. */
const HEADER_EXAMPLES: Record<string, string> = {
  'tus-resumable': '1.0.0',
  'upload-length': '1',
  'upload-metadata': `filename ${Buffer.from('probe.png').toString('base64')}`,
  'upload-offset': '0',
  'content-type': 'application/offset+octet-stream',
};

function operationsOf(spec: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !operation.operationId) continue;
      const security = operation.security ?? spec.security ?? [];
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const multipartSchema = content['multipart/form-data']?.schema;
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        template,
        params: [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
        isPublic: security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0),
        body: multipartSchema
          ? { kind: 'multipart', schema: multipartSchema }
          : json
            ? { kind: 'json', schema: json }
            : null,
        requiredQuery: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query' && parameter.required)
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        headers: Object.fromEntries(
          (operation.parameters ?? []).flatMap((parameter) => {
            const value = parameter.in === 'header' ? HEADER_EXAMPLES[parameter.name.toLowerCase()] : undefined;
            return value === undefined ? [] : [[parameter.name, value]];
          }),
        ),
      });
    }
  }
  return operations;
}

const model = await startFakeModel();
const mails: MailMessage[] = [];
const target = await startTarget({
  env: {
    PLINTH_AI_BASE_URL: model.baseUrl,
    PLINTH_AI_MODEL: 'attack-model',
    PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  },
  mailer: {
    send: async (message) => {
      mails.push(message);
    },
    close: () => undefined,
  },
});
const spec = (await send(target, { path: '/api/v1/openapi.json' })).json as OpenApiDocument;
const operations = operationsOf(spec);
afterAll(async () => {
  await target.close();
  await model.close();
});

/** Planted in every name and text of A's objects: an answer holding it leaked A's data. */
const MARKER = `secreta${randomBytes(6).toString('hex')}`;

/** Path parameters that name a place rather than an object: B puts its own there. */
const NAMESPACE_PARAMS = new Set(['projectId', 'slug', 'collection', 'name', 'key', 'audience', 'n']);
/** Path parameters that are one of A's objects: A's ids are used as they are. */
const OBJECT_PARAMS = new Set([
  'id',
  'assetId',
  'tokenId',
  'userId',
  'webhookId',
  'deliveryId',
  'clientId',
  'incidentId',
  'messageId',
  'token',
  'filename',
  'uploadId',
  'exportId',
  'importId',
]);
/** Body and query properties that name one of A's objects (a document, a project to copy from). */
const NAMING_PROPERTIES = new Set(['document_id', 'from']);

/** Path parameters that name something of the caller's own (`/auth/me/identities/{provider}`). */
const ABOUT_THE_CALLER = new Set(['provider']);

const knows = (param: string) => NAMESPACE_PARAMS.has(param) || OBJECT_PARAMS.has(param);
/** Operations that name an object, all of whose parameters A's fixtures can fill. */
const objectOperations = operations.filter(
  (operation) => !operation.isPublic && operation.params.length > 0 && operation.params.every(knows),
);
const namesObjectOutsidePath = (operation: Operation) =>
  operation.requiredQuery.some(({ name }) => NAMING_PROPERTIES.has(name)) ||
  (operation.body?.kind === 'json' &&
    Object.keys(resolve(operation.body.schema).properties ?? {}).some((name) => NAMING_PROPERTIES.has(name)));
/** Project operations where, under B's own project, something still names an object of A's. */
const crossProjectOperations = objectOperations.filter(
  (operation) =>
    operation.params.includes('projectId') &&
    (operation.params.some((param) => OBJECT_PARAMS.has(param)) || namesObjectOutsidePath(operation)),
);
const securedOperations = operations.filter((operation) => !operation.isPublic);
const inProject = (operation: Operation) => operation.template.startsWith('/api/v1/projects/{projectId}');
/**
 * Operations on the caller's own state, keyed by ids it chooses: they answer alike whatever the
 * ids name, so nothing can be probed, and the final case checks that A's state stayed.
 */
const CALLERS_OWN = new Set(['leavePresence']);

function resolve(schema: Schema): Schema {
  let current = schema;
  while (current.$ref) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const next = spec.components.schemas[name];
    if (!next) throw new Error(`unknown schema ${current.$ref}`);
    current = next;
  }
  return current;
}

/** Strings tried in turn against a `pattern` (slugs, locales, field paths, client ids). */
const PATTERN_CANDIDATES = ['en', 'vip', 'probe', 'articles.title', 'probe-client-0001', 'friendly'];

/** Values of body properties that name A's objects or must agree with A's fixtures. */
let bodyOverrides: Record<string, unknown> = {};

/** A minimal value that the schema accepts, so that a request gets past validation to authorization. */
function example(input: Schema, property?: string): unknown {
  if (property !== undefined && property in bodyOverrides) return bodyOverrides[property];
  const schema = resolve(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const chosen = alternatives.find((alternative) => resolve(alternative).type !== 'null') ?? alternatives[0];
    return chosen ? example(chosen, property) : null;
  }
  if (schema.allOf?.[0]) return example(schema.allOf[0], property);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const names = schema.required ?? [];
      const chosen =
        names.length === 0 && (schema.minProperties ?? 0) > 0 ? Object.keys(properties).slice(0, 1) : names;
      return Object.fromEntries(chosen.map((name) => [name, example(properties[name] ?? {}, name)]));
    }
    case 'array': {
      const count = schema.minItems ?? 0;
      const items = resolve(schema.items ?? {});
      if (items.enum) return items.enum.slice(0, count);
      return Array.from({ length: count }, () => example(items));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return 'probe@example.com';
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, 'u');
        const candidate = PATTERN_CANDIDATES.find((value) => pattern.test(value));
        if (candidate) return candidate;
      }
      return 'probe'.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return {};
  }
}

/** A 1×1 PNG, for multipart uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Fixtures {
  a: Session;
  b: Session;
  member: Session;
  /** B's API token with every scope the contract has, in project B. */
  bToken: string;
  aToken: string;
  /** A's value for each path parameter. */
  aValues: Record<string, string>;
  /** B's own values for the namespace parameters. */
  bValues: Record<string, string>;
  /** B's own objects, put in place of the parents of the object attacked (B's webhook, A's delivery). */
  bParents: Record<string, string>;
}
let fixtures: Fixtures;

async function json(response: Promise<{ statusCode: number; body: string }>, status: number) {
  const answer = await response;
  if (answer.statusCode !== status)
    throw new Error(`fixture: expected ${status}, got ${answer.statusCode} ${answer.body}`);
  return JSON.parse(answer.body) as { data: Record<string, unknown> & { id: string } };
}

/** A project with one of everything a path template can name, owned by `owner`. */
async function furnish(owner: Session, label: string) {
  const { app } = target;
  const project = await json(
    call(app, owner, {
      method: 'POST',
      url: '/api/v1/projects',
      payload: { name: `Project ${label}`, locales: ['en', 'es'], default_locale: 'en' },
    }),
    201,
  );
  const projectId = project.data.id;
  await createCollection(app, owner, projectId, {
    slug: 'articles',
    name: 'Articles',
    fields: [{ name: 'title', type: 'text', localized: true }],
  });
  await json(
    call(app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/components`,
      payload: { name: 'hero', fields: [{ name: 'heading', type: 'text' }] },
    }),
    201,
  );
  await json(
    call(app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/audiences`,
      payload: { key: 'vip', name: `VIP ${label}`, rules: [] },
    }),
    201,
  );
  const document = await createDocument(app, owner, projectId, 'articles', { data: { title: `Title ${label}` } });
  await json(
    call(app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/collections/articles/documents/${document.id}/publish`,
    }),
    200,
  );
  return { projectId, documentId: document.id as string };
}

beforeAll(async () => {
  const { app } = target;
  // The first user of an instance is its admin: someone else, so that neither A nor B is.
  const admin = await signUp(app, { name: 'Instance Admin' });
  const a = await signUp(app, { name: `Alice ${MARKER}` });
  const b = await newUser(target, 'Bob Attacker');
  const member = await signUp(app, { name: `Carol ${MARKER}` });

  const projectA = await furnish(a, MARKER);
  const projectB = await furnish(b, 'B');
  const webhookB = await json(
    call(app, b, {
      method: 'POST',
      url: `/api/v1/projects/${projectB.projectId}/webhooks`,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['*'] },
    }),
    201,
  );
  const asset = await uploadAsset(app, a, projectA.projectId, `${MARKER}.png`);
  const tokenA = await json(
    call(app, a, {
      method: 'POST',
      url: `/api/v1/projects/${projectA.projectId}/api-tokens`,
      payload: { name: `token ${MARKER}`, scopes: ['content:read'] },
    }),
    201,
  );
  await json(
    call(app, a, {
      method: 'POST',
      url: `/api/v1/projects/${projectA.projectId}/members`,
      payload: { email: member.email, role: 'editor' },
    }),
    201,
  );
  const invitee = `invitee-${MARKER}@example.com`;
  await json(
    call(app, a, {
      method: 'POST',
      url: `/api/v1/projects/${projectA.projectId}/members`,
      payload: { email: invitee, role: 'admin' },
    }),
    201,
  );
  const webhook = await json(
    call(app, a, {
      method: 'POST',
      url: `/api/v1/projects/${projectA.projectId}/webhooks`,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['*'], description: `hook ${MARKER}` },
    }),
    201,
  );
  const delivery = await json(
    call(app, a, { method: 'POST', url: `/api/v1/projects/${projectA.projectId}/webhooks/${webhook.data.id}/test` }),
    202,
  );
  const clientId = `client-${MARKER}`.slice(0, 40);
  await json(
    call(app, a, {
      method: 'PUT',
      url: `/api/v1/projects/${projectA.projectId}/collections/articles/documents/${projectA.documentId}/presence`,
      payload: { client_id: clientId },
    }),
    200,
  );
  const upload = await call(app, a, {
    method: 'POST',
    url: `/api/v1/projects/${projectA.projectId}/uploads`,
    headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': HEADER_EXAMPLES['upload-metadata'] },
  });
  const uploadId = /\/uploads\/([^/?]+)$/.exec(String(upload.headers.location))?.[1];
  if (upload.statusCode !== 201 || !uploadId) throw new Error(`fixture: upload ${upload.statusCode} ${upload.body}`);
  const exported = await json(
    call(app, a, { method: 'POST', url: `/api/v1/projects/${projectA.projectId}/exports`, payload: {} }),
    202,
  );
  const archive = multipart([
    {
      name: 'archive',
      filename: 'backup.tar.gz',
      content: Buffer.from('not an archive'),
      contentType: 'application/gzip',
    },
    { name: 'dry_run', value: 'true' },
  ]);
  const imported = await json(
    call(app, a, {
      method: 'POST',
      url: `/api/v1/projects/${projectA.projectId}/imports`,
      payload: archive.payload,
      headers: archive.headers,
    }),
    202,
  );
  const incident = await json(
    call(app, admin, {
      method: 'POST',
      url: '/api/v1/admin/incidents',
      payload: { title: `Incident ${MARKER}`, message: `Message ${MARKER}` },
    }),
    201,
  );
  await json(
    call(app, null, {
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: `Dan ${MARKER}`, email: 'dan@example.com', message: `Hello ${MARKER}` },
    }),
    201,
  );
  const messages = JSON.parse((await call(app, admin, { method: 'GET', url: '/api/v1/admin/messages' })).body) as {
    data: { id: string }[];
  };
  // B's token must not meet the starter plan's burst limit while it runs every operation.
  await json(
    call(app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin/projects/${projectB.projectId}`,
      payload: { plan: 'enterprise' },
    }),
    200,
  );
  const scopes = resolve(
    resolve(spec.components.schemas.CreateApiTokenBody ?? {}).properties?.scopes?.items ?? {},
  ).enum;
  const tokenB = await json(
    call(app, b, {
      method: 'POST',
      url: `/api/v1/projects/${projectB.projectId}/api-tokens`,
      payload: { name: 'every scope', scopes },
    }),
    201,
  );
  const invitation = await waitForMail(invitee);
  const invitationToken = /invitation=([\w-]+)/.exec(invitation.link ?? invitation.text)?.[1];
  if (!invitationToken) throw new Error(`no invitation link in ${invitation.text}`);

  fixtures = {
    a,
    b,
    member,
    bToken: String(tokenB.data.token),
    aToken: String(tokenA.data.token),
    aValues: {
      projectId: projectA.projectId,
      slug: 'articles',
      collection: 'articles',
      name: 'hero',
      key: 'vip',
      audience: 'vip',
      n: '1',
      id: projectA.documentId,
      assetId: asset,
      filename: `${MARKER}.png`,
      tokenId: tokenA.data.id,
      userId: member.userId,
      webhookId: webhook.data.id,
      deliveryId: delivery.data.id,
      clientId,
      incidentId: incident.data.id,
      messageId: messages.data[0]?.id ?? '',
      token: invitationToken,
      uploadId,
      exportId: exported.data.id,
      importId: imported.data.id,
    },
    bParents: { id: projectB.documentId, webhookId: webhookB.data.id },
    bValues: {
      projectId: projectB.projectId,
      slug: 'articles',
      collection: 'articles',
      name: 'hero',
      key: 'vip',
      audience: 'vip',
      n: '1',
    },
  };
  bodyOverrides = {
    document_id: projectA.documentId,
    from: projectA.projectId,
    audience: 'vip',
    source_locale: 'en',
    target_locales: ['es'],
  };
});

async function waitForMail(to: string): Promise<MailMessage> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const mail = mails.find((message) => message.to === to);
    if (mail) return mail;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`no mail to ${to}: ${JSON.stringify(mails)}`);
}

function fill(operation: Operation, values: Record<string, string>): string {
  const path = operation.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${operation.template}`);
    return encodeURIComponent(value);
  });
  const query = operation.requiredQuery.map(
    ({ name, schema }) =>
      `${encodeURIComponent(name)}=${encodeURIComponent(name === 'query' ? '{ __typename }' : String(example(schema, name)))}`,
  );
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** A body and headers that a client of the operation would send. */
function requestOf(operation: Operation): { body?: unknown; headers: Record<string, string> } {
  const { headers } = operation;
  if (operation.body?.kind === 'multipart') {
    // A file in each binary part, an example in each other required part.
    const form = resolve(operation.body.schema);
    const parts = Object.entries(form.properties ?? {}).flatMap(([name, property]): MultipartPart[] => {
      if (property.format === 'binary')
        return [{ name, filename: 'probe.png', content: PNG, contentType: 'image/png' }];
      return form.required?.includes(name) ? [{ name, value: String(example(property, name)) }] : [];
    });
    const built = multipart(parts);
    return { body: built.payload, headers: { ...headers, ...built.headers } };
  }
  if (operation.body?.kind === 'json') return { body: example(operation.body.schema), headers };
  // A tus PATCH carries its bytes without a documented body schema.
  return headers['content-type'] ? { body: Buffer.from('x'), headers } : { headers };
}

/** The API's error code, from the REST envelope or from GraphQL's `errors[0].extensions.code`. */
function codeOf(answer: Answer): string | undefined {
  const graphql = (answer.json as { errors?: { extensions?: { code?: unknown } }[] } | undefined)?.errors?.[0];
  const code = errorCode(answer) ?? graphql?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

const CODE_OF_STATUS: Record<number, string[]> = {
  401: ['UNAUTHENTICATED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
};

/** Refused with one of `statuses` and its contract code, and nothing of A's in the answer. */
function expectRefused(answer: Answer, statuses: number[], operation: Operation) {
  expect(statuses, answer.text).toContain(answer.status);
  if (operation.method === 'HEAD') {
    // No body to hold a code: the upload's state must not be in the headers either.
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('upload-'))).toEqual([]);
  } else {
    expect(CODE_OF_STATUS[answer.status], answer.text).toContain(codeOf(answer));
  }
  expect(answer.text).not.toContain(MARKER);
  expect(answer.text).not.toContain(fixtures.a.email);
  expect(answer.text).not.toContain(fixtures.member.email);
  expect(answer.text).not.toContain(fixtures.aToken);
}

/**
 * The path of an operation under B's project whose last object is A's and whose other objects
 * are B's own: B's webhook with A's delivery, B's document with A's presence.
 */
function crossProjectValues(operation: Operation): Record<string, string> {
  const parents = operation.params.filter((param) => OBJECT_PARAMS.has(param)).slice(0, -1);
  const values: Record<string, string> = { ...fixtures.aValues, ...fixtures.bValues };
  for (const param of parents) {
    const own = fixtures.bParents[param];
    if (own === undefined) throw new Error(`B has no object for {${param}} of ${operation.template}`);
    values[param] = own;
  }
  return values;
}

/** Refused, or, for an operation on the caller's own state, done to that state alone (204). */
function expectCrossProject(answer: Answer, operation: Operation, statuses: number[]) {
  if (!CALLERS_OWN.has(operation.id) || answer.status !== 204) return expectRefused(answer, statuses, operation);
  expect(answer.text).toBe('');
}

describe(`object-level authorization over ${operations.length} OpenAPI operations`, () => {
  it('the OpenAPI document lists the operations this file attacks', () => {
    // A broken or empty document would make every generated case vanish rather than fail.
    expect(operations.length).toBeGreaterThan(100);
    expect(objectOperations.length).toBeGreaterThan(60);
    expect(crossProjectOperations.length).toBeGreaterThan(20);
    // A new kind of object id must get a fixture here, or its operations would go unattacked.
    const unknown = securedOperations.filter(
      (operation) => !operation.params.every((param) => knows(param) || ABOUT_THE_CALLER.has(param)),
    );
    report(
      'operations of the OpenAPI document',
      `${operations.length} in all, ${securedOperations.length} need credentials, ${objectOperations.length} name objects, ${crossProjectOperations.length} attacked across projects`,
    );
    expect(unknown.map((operation) => operation.id)).toEqual([]);
  });

  describe("user B's session on project A's objects", () => {
    it.each(objectOperations.map((operation) => [operation.id, operation] as const))('%s', async (_, operation) => {
      const answer = await attack(target, `B reads or changes A's object through ${operation.id}`, {
        method: operation.method,
        path: fill(operation, fixtures.aValues),
        as: fixtures.b,
        ...requestOf(operation),
      });
      // Another project is invisible (404); instance-wide objects (admin, invitations) are forbidden.
      expectRefused(answer, inProject(operation) ? [404] : [403], operation);
    });
  });

  describe("B's API token (every scope) on project A's objects", () => {
    it.each(objectOperations.map((operation) => [operation.id, operation] as const))('%s', async (_, operation) => {
      const answer = await attack(target, `B's token reaches A's object through ${operation.id}`, {
        method: operation.method,
        path: fill(operation, fixtures.aValues),
        as: fixtures.bToken,
        ...requestOf(operation),
      });
      expectRefused(answer, inProject(operation) ? [404] : [403], operation);
    });
  });

  describe("A's object ids under B's own project (B's session)", () => {
    it.each(crossProjectOperations.map((operation) => [operation.id, operation] as const))(
      '%s',
      async (_, operation) => {
        const answer = await attack(target, `B reaches A's object by its id under project B through ${operation.id}`, {
          method: operation.method,
          path: fill(operation, crossProjectValues(operation)),
          as: fixtures.b,
          ...requestOf(operation),
        });
        expectCrossProject(answer, operation, [404]);
      },
    );
  });

  describe("A's object ids under B's own project (B's token)", () => {
    it.each(crossProjectOperations.map((operation) => [operation.id, operation] as const))(
      '%s',
      async (_, operation) => {
        const answer = await attack(
          target,
          `B's token reaches A's object by its id under project B through ${operation.id}`,
          {
            method: operation.method,
            path: fill(operation, crossProjectValues(operation)),
            as: fixtures.bToken,
            ...requestOf(operation),
          },
        );
        // 403 where tokens may not act at all (members, tokens); never A's object.
        expectCrossProject(answer, operation, [403, 404]);
      },
    );
  });

  describe('without credentials', () => {
    it.each(securedOperations.map((operation) => [operation.id, operation] as const))('%s', async (_, operation) => {
      const path = operation.params.every(knows)
        ? fill(operation, fixtures.aValues)
        : fill(operation, {
            ...fixtures.aValues,
            ...Object.fromEntries(operation.params.filter((param) => !knows(param)).map((param) => [param, 'github'])),
          });
      const withBody = await attack(target, `anonymous caller runs ${operation.id}`, {
        method: operation.method,
        path,
        ...requestOf(operation),
      });
      expectRefused(withBody, [401], operation);
      if (!operation.body) return;
      // Authentication comes before validation: an empty body says nothing about the operation.
      const empty = await attack(target, `anonymous caller runs ${operation.id} with an empty body`, {
        method: operation.method,
        path,
        ...(operation.body.kind === 'json'
          ? { body: {} }
          : { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '' }),
      });
      expectRefused(empty, [401], operation);
    });
  });

  describe("afterwards, A's objects are as they were", () => {
    it("A's project, document, asset, token, member, webhook and invitation are untouched", async () => {
      const { aValues: v, a } = fixtures;
      const base = `/api/v1/projects/${v.projectId}`;
      const reads = [
        base,
        `${base}/collections/articles/documents/${v.id}`,
        `${base}/media/${v.assetId}`,
        `${base}/webhooks/${v.webhookId}`,
        `${base}/audiences/vip`,
        `${base}/components/hero`,
      ];
      for (const path of reads) expect((await send(target, { path, as: a })).status, path).toBe(200);
      const document = (await send(target, { path: `${base}/collections/articles/documents/${v.id}`, as: a })).json as {
        data: { version: number; status: string };
      };
      const members = (await send(target, { path: `${base}/members`, as: a })).json as {
        data: { user_id: string; role: string }[];
      };
      const tokenRead = await send(target, { path: `${base}/collections/articles/documents`, as: fixtures.aToken });
      const invitation = await send(target, { path: `/api/v1/invitations/${v.token}` });
      const presence = await send(target, {
        path: `${base}/collections/articles/documents/${v.id}/presence`,
        as: a,
      });
      expect(presence.text).toContain(v.clientId);
      const project = (await send(target, { path: base, as: a })).json as { data: { plan: string; name: string } };
      report(
        "A's objects after every attack",
        `document v${document.data.version} ${document.data.status}; ${members.data.length} members; A's token ${tokenRead.status}; invitation ${invitation.status}; plan ${project.data.plan}; model calls ${model.requests.length}`,
      );
      expect(document.data).toMatchObject({ version: 1, status: 'published' });
      expect(members.data.find((row) => row.user_id === fixtures.member.userId)?.role).toBe('editor');
      expect(members.data.some((row) => row.user_id === fixtures.b.userId)).toBe(false);
      expect(tokenRead.status).toBe(200);
      expect(invitation.status).toBe(200);
      expect(project.data).toMatchObject({ plan: 'starter', name: `Project ${MARKER}` });
      // Nothing of A's was sent to the model.
      expect(model.requests).toEqual([]);
    });
  });
});
