import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import * as contract from '@plinth/contract';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { stringify as stringifyYaml } from 'yaml';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The multipart form of a route that reads its parts as they stream in (uploads), for the
     * OpenAPI document only: no validator sees the parts as one object.
     */
    multipartForm?: TSchema;
  }
}

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Type.Optional(X)` and friends copy X shallowly: the copy keeps X's `properties`, `anyOf` or `enum`. */
const IDENTITY_KEYS = ['properties', 'anyOf', 'enum'] as const;

/**
 * The shapes of `packages/contract` by name, found in route schemas by identity (the routes use
 * the contract's objects), so the document names them as reusable schemas
 * (`components.schemas.Document`) and typed clients get named types.
 */
class ContractNames {
  private readonly names = new Map<unknown, string>();

  constructor(exports: Record<string, unknown>) {
    for (const [name, value] of Object.entries(exports)) {
      if (!isJson(value) || this.names.has(value)) continue;
      const named = value.type === 'object' || Array.isArray(value.anyOf) || Array.isArray(value.enum);
      if (!named) continue;
      this.names.set(value, name);
      for (const key of IDENTITY_KEYS) if (value[key] !== undefined) this.names.set(value[key], name);
    }
  }

  nameOf(schema: Json): string | undefined {
    const direct = this.names.get(schema);
    if (direct) return direct;
    for (const key of IDENTITY_KEYS) {
      const name = schema[key] === undefined ? undefined : this.names.get(schema[key]);
      if (name) return name;
    }
    return undefined;
  }

  schemaOf(name: string): Json {
    return (contract as unknown as Record<string, Json>)[name] as Json;
  }
}

const names = new ContractNames(contract as unknown as Record<string, unknown>);
const SCHEMA_REF = '#/components/schemas/';

/**
 * A JSON copy of `schema` in which the contract's shapes are references, noting the names used.
 * The route's own objects stay untouched: they validate requests.
 */
function withRefs(schema: unknown, used: Set<string>, self?: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withRefs(item, used));
  if (!isJson(schema)) return schema;
  const name = names.nameOf(schema);
  if (name && name !== self) {
    used.add(name);
    const description = schema.description !== names.schemaOf(name).description ? schema.description : undefined;
    return { $ref: `${SCHEMA_REF}${name}`, ...(description ? { description } : {}) };
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      SCHEMA_MAPS.has(key) && isJson(value) ? refsIn(value, used) : withRefs(value, used),
    ]),
  );
}

/** Keywords whose value maps names to schemas (rather than being a schema). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** `withRefs` on each schema of a name → schema map. */
function refsIn(schemas: Json, used: Set<string>): Json {
  return Object.fromEntries(Object.entries(schemas).map(([key, value]) => [key, withRefs(value, used)]));
}

/** Query keys that the contract validates flat (`filter[title][eq]`), documented as deepObject parameters. */
const DEEP_OBJECT_PARAMETERS: Record<string, TSchema> = {
  // A copy, so the parameter is written out with its description rather than referenced.
  filter: { ...contract.DocumentFilterParam },
};

/** `patternProperties: { '^filter\\[': … }` of a query becomes the `filter` deepObject parameter. */
function withDeepObjects(querystring: Json): Json {
  const patterns = Object.keys(isJson(querystring.patternProperties) ? querystring.patternProperties : {});
  const deep = Object.entries(DEEP_OBJECT_PARAMETERS).filter(([name]) => patterns.includes(`^${name}\\[`));
  if (deep.length === 0) return querystring;
  const { patternProperties: _flat, ...rest } = querystring;
  return { ...rest, properties: { ...(rest.properties as Json), ...Object.fromEntries(deep) } };
}

const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  206: 'Partial content: the byte range asked for',
  302: 'Redirect',
  304: 'Not modified: `If-None-Match` named the current ETag',
  400: 'Invalid request: `details` names each field',
  401: 'No valid credential',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  416: 'Range not satisfiable: the range is outside the file',
  429: 'Too many requests: wait `Retry-After` seconds',
  503: 'Not ready',
  '4xx':
    'Refused: `code` says why (VALIDATION_FAILED with `details`, UNAUTHENTICATED, TOKEN_EXPIRED, FORBIDDEN, ' +
    'NOT_FOUND, CONFLICT, PAYLOAD_TOO_LARGE, STORAGE_QUOTA_EXCEEDED, UNSUPPORTED_MEDIA_TYPE, RATE_LIMITED, ' +
    'QUOTA_EXCEEDED) and `message` is a sentence to show as is',
  '5xx': 'Failed on the server (INTERNAL), or a service it relies on failed (UPSTREAM_ERROR, AI_NOT_CONFIGURED)',
};

/** "The Document", "A page of Asset": what a `{ data }` answer holds, else the status's meaning. */
function describeAnswer(status: string, schema: Json): string {
  if (typeof schema.description === 'string') return schema.description;
  const data = isJson(schema.properties) ? schema.properties.data : undefined;
  const refName = (value: unknown) =>
    isJson(value) && typeof value.$ref === 'string' ? value.$ref.slice(SCHEMA_REF.length) : undefined;
  const one = refName(data);
  if (one && status.startsWith('2')) return `The ${one}`;
  const many = isJson(data) ? refName(data.items) : undefined;
  if (many && status.startsWith('2')) return `A page of ${many} items, with \`meta\` (total, page, limit, next_cursor)`;
  return STATUS_DESCRIPTIONS[status] ?? 'Answer';
}

/** Request headers some operations read, written once in `components.parameters`. */
const REQUEST_HEADERS: Record<string, Json> = {
  'Idempotency-Key': {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    description:
      'Makes the create safe to retry: the same key and body within 24 hours return the first answer ' +
      '(with `Idempotent-Replayed: true`) and create nothing; the same key with another body is a 409.',
  },
  'If-None-Match': { type: 'string', description: 'An ETag from an earlier answer: a 304 when it is current' },
};

/** Answer headers, written once in `components.headers`. */
const ANSWER_HEADERS: Record<string, Json> = {
  ETag: { type: 'string', description: 'The version of this answer, for `If-None-Match`' },
  'Idempotent-Replayed': {
    type: 'string',
    enum: ['true'],
    description: 'Present on a replayed answer of an idempotent request',
  },
  'Retry-After': { type: 'integer', description: 'Seconds to wait before retrying (429 and 503 answers)' },
  Location: { type: 'string', format: 'uri', description: 'Where to go next' },
  'X-Quota-Limit': { type: 'integer', description: "API-token requests: the plan's monthly requests" },
  'X-Quota-Remaining': { type: 'integer', description: 'API-token requests: what is left of them this month' },
  'X-Quota-Reset': {
    type: 'string',
    format: 'date-time',
    description: 'API-token requests: when the count starts again',
  },
};

const isBearer = (schema: FastifySchema) =>
  schema.security?.some((requirement) => 'bearerAuth' in requirement) ?? false;

/** The names of the headers of an answer (`components.headers`). */
function answerHeaders(status: string, route: RouteOptions, conditional: boolean): string[] {
  const names: string[] = [];
  // Metering counts the requests of API tokens on every route they may call.
  if (route.schema && isBearer(route.schema) && (status.startsWith('2') || status === '4xx')) {
    names.push('X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset');
  }
  if (status === '200' && conditional) names.push('ETag');
  if (status.startsWith('3') && status !== '304') names.push('Location');
  if (status.startsWith('2') && route.config?.idempotent) names.push('Idempotent-Replayed');
  if (status === '4xx' || status === '5xx' || status === '429' || status === '503') names.push('Retry-After');
  return names;
}

/** Marks an operation whose body may be left out (@fastify/swagger copies `x-` keys to the operation). */
const OPTIONAL_BODY = 'x-optional-body';

/**
 * What the document says of one route beyond its validation schemas: named shapes, a
 * description for every answer, idempotency and conditional-request headers, multipart forms,
 * and deepObject filters.
 */
function documentRoute(schema: FastifySchema, route: RouteOptions, used: Set<string>): FastifySchema {
  const response = isJson(schema.response) ? schema.response : {};
  const conditional = '304' in response;
  const documented: Json = { ...schema };
  // @fastify/swagger suffixes HEAD operationIds with "-head" (against a GET's twin); a HEAD route
  // declared for itself (tus uploads) keeps the id it was given.
  if (route.method === 'HEAD' && typeof schema.operationId === 'string') {
    documented.operationId = schema.operationId.replace(/-head$/, '');
  }
  if (schema.body !== undefined) documented.body = withRefs(schema.body, used);
  // Read by completeOperations, which makes such a request body optional.
  if (route.config?.optionalBody) documented[OPTIONAL_BODY] = true;
  if (schema.multipartForm) {
    documented.body = { content: { 'multipart/form-data': { schema: withRefs(schema.multipartForm, used) } } };
    delete documented.multipartForm;
  }
  // Parameters are listed from the query object's properties, so only those may be references.
  if (isJson(schema.querystring)) {
    const query = withDeepObjects(schema.querystring);
    const properties = isJson(query.properties) ? query.properties : {};
    documented.querystring = { ...query, properties: refsIn(properties, used) };
  }
  const headers: Json = {};
  if (route.config?.idempotent) headers['Idempotency-Key'] = REQUEST_HEADERS['Idempotency-Key'];
  if (conditional) headers['If-None-Match'] = REQUEST_HEADERS['If-None-Match'];
  if (Object.keys(headers).length > 0) {
    const declared = isJson(schema.headers) && isJson(schema.headers.properties) ? schema.headers.properties : {};
    documented.headers = { type: 'object', properties: { ...declared, ...headers } };
  }
  documented.response = Object.fromEntries(
    Object.entries(response).map(([status, answer]) => {
      const copy = withRefs(answer, used) as Json;
      // Placeholders: the document's pass below makes them references to components.headers.
      // Headers an answer schema names itself (the tus ones of resumable uploads) are kept.
      const headers = {
        ...(isJson(copy.headers) ? copy.headers : {}),
        ...Object.fromEntries(answerHeaders(status, route, conditional).map((name) => [name, {}])),
      };
      return [
        status,
        { ...copy, description: describeAnswer(status, copy), ...(Object.keys(headers).length ? { headers } : {}) },
      ];
    }),
  );
  return documented as FastifySchema;
}

/** The named schemas the routes use, and those they use in turn. */
function componentSchemas(used: Set<string>): Json {
  const schemas: Json = {};
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (name in schemas) continue;
    const nested = new Set<string>();
    schemas[name] = withRefs(names.schemaOf(name), nested, name);
    pending.push(...[...nested].filter((other) => !(other in schemas)));
  }
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

type Operation = Json & { parameters?: Json[]; responses?: Record<string, Json>; requestBody?: Json };

/**
 * What @fastify/swagger cannot say per operation: deepObject style on object-valued query
 * parameters, and shared headers as references to the components that describe them once.
 */
function completeOperations(paths: Json): void {
  for (const path of Object.values(paths)) {
    if (!isJson(path)) continue;
    for (const operation of Object.values(path) as Operation[]) {
      if (operation[OPTIONAL_BODY]) {
        delete operation[OPTIONAL_BODY];
        if (operation.requestBody) operation.requestBody.required = false;
      }
      operation.parameters = operation.parameters?.map((parameter) => {
        const name = String(parameter.name);
        if (parameter.in === 'header' && name in REQUEST_HEADERS) return { $ref: `#/components/parameters/${name}` };
        if (parameter.in === 'query' && name in DEEP_OBJECT_PARAMETERS) {
          return { ...parameter, style: 'deepObject', explode: true };
        }
        return parameter;
      });
      for (const answer of Object.values(operation.responses ?? {})) {
        if (!isJson(answer.headers)) continue;
        const names = Object.keys(answer.headers).filter((name) => name in ANSWER_HEADERS);
        for (const name of names) answer.headers[name] = { $ref: `#/components/headers/${name}` };
      }
    }
  }
}

/** `components.parameters` and `components.headers` for the shared headers. */
function headerComponents(): { parameters: Json; headers: Json } {
  const described = (schema: Json) => {
    const { description, ...rest } = schema;
    return { description, schema: rest };
  };
  return {
    parameters: Object.fromEntries(
      Object.entries(REQUEST_HEADERS).map(([name, schema]) => [
        name,
        { in: 'header', name, required: false, ...described(schema) },
      ]),
    ),
    headers: Object.fromEntries(Object.entries(ANSWER_HEADERS).map(([name, schema]) => [name, described(schema)])),
  };
}

const TAGS = [
  ['auth', 'Accounts, sessions, passwords and social sign-in'],
  ['projects', 'Projects, their members and invitations'],
  ['api-tokens', 'Project API tokens: the credentials of sites and apps'],
  ['content model', 'Collections and components: the fields documents have'],
  ['documents', 'Documents: drafts, publishing per locale, localization, trash, live preview tokens'],
  ['versions', 'Each saved version of a document, diffs and restores'],
  ['workflow', 'Review and approval, and scheduled publishing'],
  ['personalization', 'Audiences, and the variants of documents delivered to them'],
  ['media', 'Uploads, the media library, and files with image transforms'],
  ['graphql', 'GraphQL over HTTP, with the schema generated from the content model'],
  ['webhooks', 'Signed HTTP callbacks on content changes, and their deliveries'],
  ['events', 'Real-time events (server-sent events) and the editor’s presence'],
  ['ai', 'The AI assistant: text, translations and SEO suggestions by the configured model'],
  ['audit', 'Every change in a project: who, what and when'],
  ['usage', 'Plans, usage against quotas, and API analytics'],
  ['billing', 'The plan of a project, invoices and payment events'],
  ['site', 'The public site: blog, contact and support'],
  ['status', 'The public status page and its email subscriptions'],
  ['admin', 'Instance administration: users, messages, incidents, plans'],
  ['operations', 'Health, readiness and metrics for operators'],
].map(([name, description]) => ({ name: name as string, description: description as string }));

/**
 * OpenAPI 3.1 generated from the route schemas (the same ones that validate requests), served
 * as JSON at /api/v1/openapi.json and as YAML at /api/v1/openapi.yaml, with a browsable
 * reference at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const used = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Plinth API',
        version: '1.0.0',
        description:
          'The Plinth headless CMS API. Authenticate with `Authorization: Bearer <token>`: a user access token ' +
          'from /auth/login or a project API token. Errors share one body (`ErrorBody`); lists are paged with ' +
          '`page` and `limit` or `cursor`. Send `X-Request-Id` to trace a request; answers echo it.',
        termsOfService: `${options.publicUrl}/terms`,
        contact: { name: 'Plinth support', url: `${options.publicUrl}/support` },
      },
      servers: [{ url: options.publicUrl }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'A user access token (from /auth/login) or a project API token',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => ({
      schema: schema && !schema.hide ? documentRoute(schema, route, used) : schema,
      url,
    }),
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      const document = openapiObject as Json & { components: Json; paths: Json };
      completeOperations(document.paths);
      const hoisted = isJson(document.components.schemas) ? document.components.schemas : {};
      Object.assign(document.components, headerComponents(), { schemas: { ...hoisted, ...componentSchemas(used) } });
      return openapiObject;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/v1/openapi.yaml', { schema: { hide: true } }, async (_request, reply) =>
    // Written without anchors: the document shares schema objects between operations, and
    // YAML readers refuse a document with many aliases (a guard against alias bombs).
    reply.type('application/yaml; charset=utf-8').send(stringifyYaml(app.swagger(), { aliasDuplicateObjects: false })),
  );
}
