// @plinth/sdk/generate: TypeScript interfaces from a project's content model.
import { createClient } from '../client.js';
import { type ContentModel, generateTypes } from './generate-types.js';

export { type ContentModel, type GenerateTypesOptions, generateTypes } from './generate-types.js';

/**
 * Reads a project's collections and components through the API (the token needs `schema:read`).
 * @example const model = await fetchModel({ url: 'https://cms.example.com', projectId, token });
 */
export async function fetchModel(options: {
  url: string;
  projectId: string;
  token: string;
  fetch?: typeof globalThis.fetch;
}): Promise<ContentModel> {
  const client = createClient(options);
  const [collections, components] = await Promise.all([client.collections.list(), client.components.list()]);
  return { collections: collections.data, components: components.data };
}

/**
 * The generated source for a project: `fetchModel`, then `generateTypes`.
 * @example await writeFile('plinth-types.ts', await generate({ url, projectId, token }));
 */
export async function generate(options: Parameters<typeof fetchModel>[0] & { importFrom?: string }): Promise<string> {
  const model = await fetchModel(options);
  return generateTypes({
    ...model,
    projectId: options.projectId,
    ...(options.importFrom ? { importFrom: options.importFrom } : {}),
  });
}
