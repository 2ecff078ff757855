import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Collection, Field } from '@plinth/contract';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run.js';
import { createBlogModel, type SdkTestServer, startSdkServer } from '../test/server.js';
import { fetchModel, generate, generateTypes } from './index.js';

const sdkRoot = fileURLToPath(new URL('../../', import.meta.url));
const repoRoot = path.resolve(sdkRoot, '../..');

/** Code that uses the generated types: it must compile, and each @ts-expect-error line must fail. */
const USAGE = `
import { createClient, type PlinthDocument, type Asset } from '@plinth/sdk';
import type { Article, Author, Collections, HeroComponent } from './plinth-types';

const client = createClient<Collections>({ url: 'http://localhost', projectId: 'p1' });

export async function use(): Promise<void> {
  const list = await client.collection('articles').list({ populate: ['author'], filter: { category: 'news' } });
  const article: Article | undefined = list.data[0]?.data;
  if (!article) return;
  const title: string = article.title;
  const views: number | null = article.views;
  const rating: number | null = article.rating;
  const featured: boolean | null = article.featured;
  const day: string | null = article.published_on;
  const category: 'news' | 'guide' | null = article.category;
  const tags: ('cms' | 'api' | "it's")[] | null = article.tags;
  const author: string | PlinthDocument<Author> | null = article.author;
  if (author !== null && typeof author !== 'string') console.log(author.data.name);
  const related: (string | PlinthDocument<Article>)[] | null = article.related;
  const cover: string | Asset | null = article.cover;
  const extra: unknown = article.extra;
  for (const block of article.body ?? []) {
    if (block._component === 'hero') {
      const hero: HeroComponent = block;
      const heading: string = hero.heading;
      console.log(heading, hero.image);
    } else {
      const text: string = block.text;
      console.log(text, block._key);
    }
  }
  const writer = await client.collection('authors').create({ name: 'Ann' });
  console.log(title, views, rating, featured, day, category, tags, related, cover, extra, writer.data.name);

  // @ts-expect-error views are numbers
  const wrongViews: string | null = article.views;
  // @ts-expect-error only the choices are categories
  const wrongCategory: Article['category'] = 'opinion';
  // @ts-expect-error the hidden email is not in the model API tokens see
  const wrongEmail: string | null = writer.data.email;
  // @ts-expect-error filters name fields of the collection
  await client.collection('articles').list({ filter: { nope: 1 } });
  // @ts-expect-error writes take ids, not populated documents
  await client.collection('articles').create({ author: { id: 'x', data: { name: 'Ann' } } });
  console.log(wrongViews, wrongCategory, wrongEmail);
}
`;

/** Type errors of the generated file and USAGE, compiled against the SDK's sources. */
function compile(source: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-types-'));
  try {
    fs.writeFileSync(path.join(dir, 'plinth-types.ts'), source);
    fs.writeFileSync(path.join(dir, 'usage.ts'), USAGE);
    const program = ts.createProgram([path.join(dir, 'usage.ts')], {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      paths: {
        '@plinth/sdk': [path.join(sdkRoot, 'src/index.ts')],
        '@plinth/contract': [path.join(repoRoot, 'packages/contract/src/index.ts')],
      },
    });
    // Only these two files: checking every declaration of the SDK and contract would take long.
    const files = ['plinth-types.ts', 'usage.ts'].map((name) => program.getSourceFile(path.join(dir, name)));
    return [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...files.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
    ].map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('generateTypes', () => {
  const timestamps = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
  const collection = (slug: string, singular: string, fields: Field[] = [], extra: Partial<Collection> = {}) => ({
    slug,
    singular,
    name: slug,
    description: '',
    kind: 'collection' as const,
    display_field: null,
    requires_approval: false,
    preview_url: null,
    fields,
    ...timestamps,
    ...extra,
  });

  it('keeps generated names apart from the names the file imports', () => {
    const source = generateTypes({
      collections: [collection('assets', 'asset'), collection('collections_list', 'collections')],
      components: [],
    });
    expect(source).toContain('export interface AssetDocument {');
    expect(source).toContain('export interface CollectionsDocument {');
    expect(source).toContain('  assets: AssetDocument;\n  collections_list: CollectionsDocument;');
    expect(source).not.toContain('import type');
  });

  it('marks hidden fields optional and falls back when a model points at nothing', () => {
    const source = generateTypes({
      collections: [
        collection(
          'settings',
          'setting',
          [
            { name: 'pin', type: 'text', hidden: true, help: 'Never */ shown' },
            { name: 'owner', type: 'reference', options: { collection: 'gone' } },
            { name: 'layout', type: 'blocks', required: true },
            { name: 'mood', type: 'select' },
          ],
          { kind: 'singleton', description: 'Site settings' },
        ),
      ],
      components: [],
    });
    expect(source).toContain('/**\n * settings (collection `settings`, a singleton).\n * Site settings\n */');
    expect(source).toContain(
      '  /**\n   * Never *\\/ shown\n   * Hidden: never returned to API tokens.\n   */\n  pin?: string | null;',
    );
    expect(source).toContain('  owner: string | PlinthDocument | null;');
    expect(source).toContain('  layout: { _component: string; _key: string; [field: string]: unknown }[];');
    expect(source).toContain('  mood: string | null;');
  });
});

describe('type generation from a real project', () => {
  let server: SdkTestServer;
  let token: string;
  let outDir: string;

  beforeAll(async () => {
    server = await startSdkServer();
    await createBlogModel(server);
    token = await server.token(['schema:read']);
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-cli-'));
  });
  afterAll(async () => {
    fs.rmSync(outDir, { recursive: true, force: true });
    await server.close();
  });

  it('maps every field type of the model to TypeScript', async () => {
    const model = await fetchModel({ url: server.url, projectId: server.projectId, token });
    expect(generateTypes(model)).toMatchInlineSnapshot(`
      "// Generated by \`plinth-sdk generate\`. Do not edit:
      // run it again after changing the content model.
      import type { Asset, PlinthDocument } from "@plinth/sdk";

      /** Articles (collection \`articles\`). */
      export interface Article {
        /**
         * Title: Shown in lists
         * Localized: reads return the value of the requested locale.
         */
        title: string;
        slug: string | null;
        views: number | null;
        rating: number | null;
        featured: boolean | null;
        published_on: string | null;
        category: "news" | "guide" | null;
        tags: ("cms" | "api" | "it's")[] | null;
        author: string | PlinthDocument<Author> | null;
        related: (string | PlinthDocument<Article>)[] | null;
        cover: string | Asset | null;
        body: (HeroComponent | QuoteComponent)[] | null;
        extra: unknown;
      }

      /** Authors (collection \`authors\`). */
      export interface Author {
        name: string;
      }

      /** hero (component \`hero\`), an item of blocks fields. */
      export interface HeroComponent {
        _component: "hero";
        _key: string;
        heading: string;
        image?: string | Asset | null;
      }

      /** quote (component \`quote\`), an item of blocks fields. */
      export interface QuoteComponent {
        _component: "quote";
        _key: string;
        text: string;
      }

      /** Collection slugs to their documents' data: \`createClient<Collections>({ … })\`. */
      export interface Collections {
        articles: Article;
        authors: Author;
      }
      "
    `);
  });

  // One TypeScript program over the SDK, the contract and TypeBox's declarations: seconds of work.
  it('writes code that compiles, and that the type checker enforces', { timeout: 90_000 }, async () => {
    const source = await generate({ url: server.url, projectId: server.projectId, token });
    // USAGE's @ts-expect-error lines fail the compile if the types let their mistakes through.
    expect(compile(source)).toEqual([]);
  });

  it('runs as `plinth-sdk generate`, writing the file', async () => {
    const output: string[] = [];
    const errors: string[] = [];
    const io = {
      env: {},
      cwd: outDir,
      stdout: (text: string) => output.push(text),
      stderr: (text: string) => errors.push(text),
    };
    const code = await runCli(
      ['generate', '--url', server.url, '--project', server.projectId, '--token', token, '--out', 'types/plinth.ts'],
      io,
    );
    expect(errors.join('')).toContain('Could not write');
    expect(code).toBe(1);

    fs.mkdirSync(path.join(outDir, 'types'));
    errors.length = 0;
    expect(
      await runCli(['generate', '--out', 'types/plinth.ts'], {
        ...io,
        env: { PLINTH_URL: server.url, PLINTH_PROJECT_ID: server.projectId, PLINTH_TOKEN: token },
      }),
    ).toBe(0);
    expect(errors).toEqual([]);
    const written = fs.readFileSync(path.join(outDir, 'types/plinth.ts'), 'utf8');
    expect(written).toBe(await generate({ url: server.url, projectId: server.projectId, token }));
    expect(written).toContain(`from project ${server.projectId}`);
    expect(output.join('')).toContain(path.join(outDir, 'types/plinth.ts'));
  });

  it('explains missing options and refused credentials, with exit code 1', async () => {
    const errors: string[] = [];
    const io = { env: {}, cwd: outDir, stdout: () => {}, stderr: (text: string) => errors.push(text) };
    expect(await runCli(['generate', '--url', server.url], io)).toBe(1);
    expect(errors.join('')).toContain('Missing --project, --token');
    errors.length = 0;
    expect(
      await runCli(['generate', '--url', server.url, '--project', server.projectId, '--token', 'plt_nope'], io),
    ).toBe(1);
    expect(errors.join('')).toMatch(/^Plinth answered 401 UNAUTHENTICATED: /);
    errors.length = 0;
    expect(await runCli(['generate', '--colour'], io)).toBe(1);
    expect(errors.join('')).toContain('Usage: plinth-sdk generate');
  });

  it('works as the installed command', async () => {
    // The test run's global setup builds every package (tsc -b), this one's bin included.
    const bin = path.join(sdkRoot, 'dist/cli/bin.js');
    const { stdout } = await promisify(execFile)(process.execPath, [
      bin,
      'generate',
      '--url',
      server.url,
      '--project',
      server.projectId,
      '--token',
      token,
      '--out',
      '-',
    ]);
    expect(stdout).toContain('export interface Collections {');
  });
});
