// Ready-to-run requests shown once with a new token, with its real values filled in. They follow
// shared/API.md (documents under /collections/:slug/documents, GraphQL at /graphql) and the
// createClient of packages/sdk/README.md.
import type { Collection } from '@plinth/contract';
import { apiOrigin } from '../../lib/api-origin';

export interface ExampleValues {
  /** Where the API answers, without a trailing slash. */
  baseUrl: string;
  projectId: string;
  token: string;
  /** A collection's slug, or the placeholder `articles` when the project has none yet. */
  collection: string;
  /** The GraphQL field that lists that collection. */
  graphqlField: string;
}

export interface TokenExample {
  id: 'curl' | 'fetch' | 'sdk' | 'graphql';
  label: string;
  caption: string;
  code: string;
}

/** The project's REST base and GraphQL endpoint, as a client outside the app calls them. */
export function projectEndpoints(projectId: string, origin = apiOrigin()) {
  const rest = `${origin}/api/v1/projects/${projectId}`;
  return { rest, graphql: `${rest}/graphql` };
}

const camelCase = (name: string) =>
  name.replace(/_+([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase()).replace(/_+$/, '');

/**
 * The GraphQL field that lists a collection, named as the server's schema builder names it
 * (apps/server/src/modules/graphql): collections in slug order each claim their singular, then
 * their slug in camelCase, with `List` added when that name is already taken.
 * @example graphqlListField([{ slug: 'blog_posts', singular: 'blog_post' }], 'blog_posts') // 'blogPosts'
 */
export function graphqlListField(collections: readonly Pick<Collection, 'slug' | 'singular'>[], slug: string): string {
  const taken = new Set<string>();
  const claim = (preferred: string, suffix = '') => {
    let name = preferred;
    if (taken.has(name) && suffix) name = `${preferred}${suffix}`;
    for (let n = 2; taken.has(name); n++) name = `${preferred}${suffix}${n}`;
    taken.add(name);
    return name;
  };
  const sorted = [...collections].sort((a, b) => a.slug.localeCompare(b.slug));
  for (const collection of sorted) {
    claim(camelCase(collection.singular));
    const list = claim(camelCase(collection.slug), 'List');
    if (collection.slug === slug) return list;
  }
  return camelCase(slug);
}

export function tokenExamples({ baseUrl, projectId, token, collection, graphqlField }: ExampleValues): TokenExample[] {
  const endpoints = projectEndpoints(projectId, baseUrl);
  const documents = `${endpoints.rest}/collections/${collection}/documents`;
  const graphqlQuery = `{ ${graphqlField}(limit: 5) { total items { id status published_at } } }`;
  return [
    {
      id: 'curl',
      label: 'curl',
      caption: `List documents of “${collection}” with curl`,
      code: `curl "${documents}?limit=5" \\
  -H "Authorization: Bearer ${token}"`,
    },
    {
      id: 'fetch',
      label: 'JavaScript',
      caption: 'List documents with fetch (browsers, Node.js 20+, edge runtimes)',
      code: `const response = await fetch(
  '${documents}?limit=5',
  { headers: { Authorization: 'Bearer ${token}' } },
);
if (!response.ok) throw new Error(\`Plinth answered \${response.status}\`);
const { data, meta } = await response.json();
console.log(meta.total, data);`,
    },
    {
      id: 'sdk',
      label: 'SDK',
      caption: 'List documents with the SDK (npm install @plinth/sdk)',
      code: `import { createClient } from '@plinth/sdk';

const plinth = createClient({
  url: '${baseUrl}',
  token: '${token}', // keep it in an environment variable in real code
  projectId: '${projectId}',
});

const { data, meta } = await plinth.collection('${collection}').list({ limit: 5 });
console.log(meta.total, data);`,
    },
    {
      id: 'graphql',
      label: 'GraphQL',
      caption: 'Query with GraphQL over curl',
      code: `curl -X POST "${endpoints.graphql}" \\
  -H "Authorization: Bearer ${token}" \\
  -H "Content-Type: application/json" \\
  -d '${JSON.stringify({ query: graphqlQuery })}'`,
    },
  ];
}
