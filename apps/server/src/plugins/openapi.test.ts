import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createTestApp, type TestApp } from '../test/harness.js';

const run = promisify(execFile);
const redocly = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js')), 'cli.js');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

/**
 * Warnings kept on purpose, by rule and place:
 * - info-license: the project has chosen no license, and it is not the document's to invent one.
 * - no-server-example.com: the server is PUBLIC_URL, which is localhost until an operator sets it.
 * - operation-4xx-response on /healthz and /readyz: they answer 200 or 503 and refuse nothing.
 * - operation-2xx-response on the social sign-in start: its answer is a redirect to the provider.
 */
const KEPT_WARNINGS = new Set([
  'info-license #/info',
  'no-server-example.com #/servers/0/url',
  'operation-4xx-response #/paths/~1healthz/get/responses',
  'operation-4xx-response #/paths/~1readyz/get/responses',
  'operation-2xx-response #/paths/~1api~1v1~1auth~1oauth~1{provider}~1start/get/responses',
]);

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; summary?: string; security?: unknown[]; parameters?: Json[] };

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Json & {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Json; parameters: Json; headers: Json };
  };
  const operations = () =>
    Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
    );
  const operation = (url: string, method: string) => document.paths[url]?.[method] as Operation;

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
  });
  afterAll(async () => t.close());

  it("lints clean under @redocly/cli's recommended rules", { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    // The CLI's exit code is 1 when it finds errors: the JSON report says what they were.
    const output = await run(process.execPath, [redocly, 'lint', file, '--format=json', '--max-problems=1000'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    fs.rmSync(dir, { recursive: true, force: true });
    const { problems } = JSON.parse(output.stdout.slice(output.stdout.indexOf('{'))) as { problems: LintProblem[] };
    const described = problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`);
    expect(problems.filter((problem) => problem.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual(
      [],
    );
    expect(described.filter((problem) => !KEPT_WARNINGS.has(problem))).toEqual([]);
  });

  it('is served as YAML too, with the same content', async () => {
    const response = await t.app.inject({ url: '/api/v1/openapi.yaml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/yaml/);
    expect(parseYaml(response.body)).toEqual(document);
  });

  it('names each operation and says who may call it', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(all.length);
    for (const { url, method, operation } of all) {
      expect(operation.operationId, `${method} ${url}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary, `${method} ${url}`).toBeTruthy();
      expect(operation.security, `${method} ${url}`).toBeDefined();
      for (const answer of Object.values(operation.responses as Record<string, { description: string }>)) {
        expect(answer.description, `${method} ${url}`).not.toBe('Default Response');
      }
    }
    expect(operation('/api/v1/auth/login', 'post').security).toEqual([]);
    expect(operation('/api/v1/projects', 'get').security).toEqual([{ bearerAuth: [] }]);
  });

  it('names the shapes of the contract, so generated clients get named types', () => {
    const schemas = document.components.schemas;
    for (const name of ['Document', 'Project', 'Collection', 'Field', 'Asset', 'ErrorBody', 'Webhook']) {
      expect(schemas, name).toHaveProperty(name);
    }
    const read = operation('/api/v1/projects/{projectId}/collections/{collection}/documents/{id}', 'get');
    expect(read.responses).toMatchObject({
      200: {
        content: {
          'application/json': { schema: { properties: { data: { $ref: '#/components/schemas/Document' } } } },
        },
      },
      '4XX': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
    });
  });

  it('documents the list query language as a deepObject filter, and ETags with their 304', () => {
    const list = operation('/api/v1/projects/{projectId}/collections/{collection}/documents', 'get');
    const filter = list.parameters?.find((parameter) => parameter.name === 'filter');
    expect(filter).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
    expect(list.parameters).toContainEqual({ $ref: '#/components/parameters/If-None-Match' });
    expect(document.components.parameters).toMatchObject({ 'If-None-Match': { in: 'header', name: 'If-None-Match' } });
    expect(list.responses).toMatchObject({
      200: { headers: { ETag: { $ref: '#/components/headers/ETag' } } },
      304: { description: expect.stringContaining('Not modified') },
    });
  });

  it('documents multipart uploads and idempotency keys', () => {
    const upload = operation('/api/v1/projects/{projectId}/media', 'post');
    expect(upload.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { $ref: '#/components/schemas/UploadAssetForm' } } },
    });
    expect(document.components.schemas.UploadAssetForm).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    expect(upload.parameters).toContainEqual({ $ref: '#/components/parameters/Idempotency-Key' });
    expect(document.components.parameters).toMatchObject({ 'Idempotency-Key': { in: 'header', required: false } });
    expect(upload.responses).toMatchObject({
      201: { headers: { 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } } },
    });
    expect(document.components.headers).toMatchObject({ 'Idempotent-Replayed': { schema: { enum: ['true'] } } });
  });

  it('documents both media types of GraphQL answers', () => {
    const run = operation('/api/v1/projects/{projectId}/graphql', 'post');
    const answers = run.responses as Record<string, { content?: Json }>;
    for (const status of ['200', '4XX']) {
      expect(Object.keys(answers[status]?.content ?? {})).toEqual([
        'application/json',
        'application/graphql-response+json',
      ]);
    }
  });

  it('documents /metrics as the Prometheus text it sends', async () => {
    const metrics = operation('/metrics', 'get');
    const content = (metrics.responses as Record<string, { content: Json }>)['200']?.content ?? {};
    expect(Object.keys(content)).toEqual(['text/plain; version=0.0.4; charset=utf-8']);
    const answer = await t.app.inject({ url: '/metrics' });
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});
