import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import sharp from 'sharp';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectName, signUp, type TestApp } from '../test/harness.js';
import type { JourneyInput, JourneyResult } from '../test/openapi-client/journey-io.js';

const clientDir = fileURLToPath(new URL('../test/openapi-client/', import.meta.url));
const generatedDir = path.join(clientDir, 'generated');

/**
 * Types as a developer generates them: openapi-typescript over the served document, with
 * `format: binary` as Blob (openapi-typescript's documented transform for uploads).
 */
async function generateTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    transform(schema) {
      if (schema.format === 'binary') return ts.factory.createTypeReferenceNode('Blob');
      return undefined;
    },
  });
  return astToString(ast);
}

/** The TypeScript diagnostics of files, with the repository's compiler settings. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? `${path.basename(diagnostic.file.fileName)}: ` : '';
    return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

describe(`a typed client generated from the OpenAPI document (openapi-typescript + openapi-fetch, ${dialectName})`, () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const document = await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json();
    fs.mkdirSync(generatedDir, { recursive: true });
    fs.writeFileSync(path.join(generatedDir, 'plinth-api.d.ts'), await generateTypes(document));
  });
  afterAll(async () => t.close());

  it('type-checks the journey against the generated types', { timeout: 60_000 }, () => {
    expect(typeErrors([path.join(clientDir, 'journey.ts')])).toEqual([]);
  });

  it('catches mistakes at compile time: unknown paths, wrong parameters and bodies', { timeout: 60_000 }, () => {
    const misuse = path.join(generatedDir, 'misuse.ts');
    fs.writeFileSync(
      misuse,
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './plinth-api.js';",
        'const client = createClient<paths>({});',
        "void client.GET('/api/v1/projcts', {});",
        "void client.POST('/api/v1/projects', { body: { title: 'no name' } });",
        "void client.GET('/api/v1/projects/{projectId}/collections/{collection}/documents', { params: { path: { projectId: 'p' } } });",
        "void client.GET('/api/v1/projects/{projectId}/media', { params: { path: { projectId: 'p' }, query: { type: 'spreadsheet' } } });",
      ].join('\n'),
    );
    const errors = typeErrors([misuse]);
    expect(errors).toEqual([
      expect.stringContaining(`Argument of type '"/api/v1/projcts"' is not assignable`),
      expect.stringContaining("'title' does not exist in type '{ name: string;"),
      expect.stringContaining("Property 'collection' is missing"),
      expect.stringContaining(
        `Type '"spreadsheet"' is not assignable to type '"image" | "video" | "audio" | "document" | undefined'`,
      ),
    ]);
  });

  it('runs the journey over HTTP: create, filter, upload, publish, list', { timeout: 60_000 }, async () => {
    const password = 'journey password 1';
    const owner = await signUp(t.app, { password });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    // Imported by a computed name, so the repository's type-check (which has no generated types) does not follow it.
    const journeyModule = './openapi-client/journey.js';
    const { typedClientJourney } = (await import(`../test/${journeyModule}`)) as {
      typedClientJourney: (input: JourneyInput) => Promise<JourneyResult>;
    };
    const result = await typedClientJourney({ baseUrl, username: owner.email, password, png: new Uint8Array(png) });
    expect(result.replayed).toBe('true');
    expect(result.asset).toMatchObject({ mime_type: 'image/png', width: 4, height: 4 });
    expect(result.popular).toEqual(['Popular', 'Steady']);
    expect(result.byTitle).toEqual(['Hello']);
    expect(result.published).toMatchObject({ status: 'published', data: { title: 'Popular', views: 40 } });
    expect(result.deleted).toBe(204);
    expect(result.delivered).toEqual(['Popular']);
    expect(result.revalidated).toBe(304);
  });
});
