import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The server's shape, checked on its own sources: what DESIGN.md and CONVENTIONS.md ask of
 * modules, so that the walls between them stay up as features are added. Tests, their harness
 * and migrations (frozen in time) are left out.
 */

const src = fileURLToPath(new URL('.', import.meta.url));

interface Import {
  /** The imported file, relative to src (`modules/projects/projects.repository.ts`), or the package name. */
  target: string;
  /** The names imported as values (not `type`). */
  values: string[];
}

interface SourceFile {
  /** Relative to src, with `/` separators. */
  path: string;
  /** `modules/<feature>` for a module's files, else the top-level folder or file. */
  owner: string;
  imports: Import[];
  text: string;
}

const ownerOf = (file: string): string => {
  const [top = '', second = ''] = file.split('/');
  return top === 'modules' ? `modules/${second}` : top.replace(/\.ts$/, '');
};

function readSources(): SourceFile[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) files.push(path.relative(src, full).split(path.sep).join('/'));
    }
  };
  walk(src);
  return files
    .filter((file) => !file.endsWith('.test.ts') && !file.startsWith('test/') && !file.startsWith('db/migrations/'))
    .map((file) => {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      const imports: Import[] = [];
      for (const match of text.matchAll(/^import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm)) {
        const [, typeKeyword, names = '', specifier = ''] = match;
        const named = /\{([\s\S]*)\}/.exec(names)?.[1];
        const defaultName = /^([\w$]+)\s*(?:,|$)/.exec(names.trim())?.[1];
        const values = typeKeyword
          ? []
          : [
              ...(defaultName ? [defaultName] : []),
              ...(named ?? '')
                .split(',')
                .map((name) => name.trim())
                .filter((name) => name !== '' && !name.startsWith('type ')),
            ];
        const target = specifier.startsWith('.')
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, '.ts')
          : specifier;
        imports.push({ target, values });
      }
      return { path: file, owner: ownerOf(file), imports, text };
    });
}

const sources = readSources();
const modules = (file: SourceFile) => file.owner.startsWith('modules/');

describe('the server’s module walls', () => {
  it('reads the sources it checks', () => {
    // A broken walk would make every rule below pass on nothing.
    expect(sources.filter(modules).length).toBeGreaterThan(100);
    expect(sources.some((file) => file.path === 'services.ts')).toBe(true);
  });

  it('lets no module import another module’s repository', () => {
    const leaks = sources
      .filter(modules)
      .flatMap((file) =>
        file.imports
          .filter((imported) => imported.target.endsWith('.repository.ts') && ownerOf(imported.target) !== file.owner)
          .map((imported) => `${file.path} → ${imported.target}`),
      );
    expect(leaks).toEqual([]);
  });

  it('has no two modules that import each other', () => {
    const edges = new Set<string>();
    for (const file of sources.filter(modules)) {
      for (const imported of file.imports) {
        const target = ownerOf(imported.target);
        if (target.startsWith('modules/') && target !== file.owner) edges.add(`${file.owner} → ${target}`);
      }
    }
    const pairs = [...edges]
      .map((edge) => edge.split(' → ') as [string, string])
      .filter(([from, to]) => from < to && edges.has(`${to} → ${from}`))
      .map(([from, to]) => `${from} ↔ ${to}`);
    expect(pairs).toEqual([]);
  });

  it('builds no service or repository in a route file: routes get them from the composition root', () => {
    const routes = sources.filter((file) => file.path.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(15);
    const built = routes.flatMap((file) => [
      ...file.imports
        .filter((imported) => /\.(service|repository)\.ts$|^services\.ts$/.test(imported.target))
        .flatMap((imported) => imported.values.filter((name) => /Service$|Repository$|^createServices$/.test(name)))
        .map((name) => `${file.path} imports ${name} to build it`),
      ...[...file.text.matchAll(/new\s+(\w+(?:Service|Repository|Cache|Access))\s*\(/g)].map(
        ([, name]) => `${file.path} builds ${name}`,
      ),
    ]);
    expect(built).toEqual([]);
  });

  it('keeps Fastify to the HTTP layer: services, repositories, jobs and the composition root never import it', () => {
    const httpLayer = (file: string) =>
      /\.(routes|hooks)\.ts$/.test(file) || file.startsWith('plugins/') || file === 'app.ts' || file === 'main.ts';
    const importers = sources
      .filter((file) => file.imports.some((imported) => /^(fastify|@fastify\/)/.test(imported.target)))
      .map((file) => file.path)
      .filter((file) => !httpLayer(file));
    expect(importers).toEqual([]);
  });

  it('gives each table one owning module: only it reads or writes the table', () => {
    const schema = fs.readFileSync(path.join(src, 'db/schema.ts'), 'utf8');
    const tables = new Set(
      [...(/export interface Database \{([\s\S]*?)\}/.exec(schema)?.[1] ?? '').matchAll(/^\s+(\w+):/gm)].map(
        ([, name]) => name as string,
      ),
    );
    expect(tables.size).toBeGreaterThan(20);
    const owners = new Map<string, Set<string>>();
    for (const file of sources.filter((candidate) => !candidate.path.startsWith('db/'))) {
      const named = [
        // The query builder: selectFrom('users'), innerJoin('users as inviter', …), updateTable('jobs')…
        ...file.text.matchAll(/\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin)\(\s*'(\w+)/g),
        // Raw SQL: FROM documents, JOIN pg_class, INTO media_variants, UPDATE jobs…
        ...file.text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+(\w+)/g),
        // A table chosen at run time (`const table = … 'document_search_rows' …`), in a file that holds SQL.
        ...(/\b(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(file.text)
          ? file.text.matchAll(/'(\w+)'/g)
          : []),
      ].map(([, table]) => table as string);
      for (const table of named.filter((name) => tables.has(name))) {
        owners.set(table, (owners.get(table) ?? new Set()).add(file.owner));
      }
    }
    const shared = [...owners]
      .filter(([, by]) => by.size > 1)
      .map(([table, by]) => `${table}: ${[...by].sort().join(', ')}`);
    expect(shared).toEqual([]);
    // Every table has an owner that reads or writes it (none is left behind by a refactoring).
    expect([...tables].filter((table) => !owners.has(table))).toEqual([]);
  });
});
