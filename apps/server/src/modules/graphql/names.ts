/**
 * GraphQL names from model names (API.md): `blog_posts` → `blogPosts`, `blog_post` → `BlogPost`.
 * Model names are `^[a-z][a-z0-9_]*$`, so the results are valid GraphQL names.
 */
export function camelCase(name: string): string {
  return name.replace(/_+([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase()).replace(/_+$/, '');
}

/** @example pascalCase('blog_post') // 'BlogPost' */
export function pascalCase(name: string): string {
  const camel = camelCase(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

/** Names the generated schema defines itself, which model-derived names must not take. */
const BUILT_IN = [
  'Query',
  'Mutation',
  'Subscription',
  'String',
  'Int',
  'Float',
  'Boolean',
  'ID',
  'JSON',
  'Asset',
  'DocumentStatus',
  'ReadStatus',
  'StringFilter',
  'IntFilter',
  'FloatFilter',
  'BooleanFilter',
  'IDFilter',
  'ExistsFilter',
];

/**
 * Hands out unique names: a collection whose singular is `asset` cannot shadow the `Asset` type,
 * so it gets `AssetDocument`; any further clash gets a number. Deterministic for a given model.
 */
export class NameRegistry {
  private readonly taken = new Set<string>(BUILT_IN);

  claim(preferred: string, fallbackSuffix = ''): string {
    let name = preferred;
    if (this.taken.has(name) && fallbackSuffix) name = `${preferred}${fallbackSuffix}`;
    for (let n = 2; this.taken.has(name); n++) name = `${preferred}${fallbackSuffix}${n}`;
    this.taken.add(name);
    return name;
  }
}
