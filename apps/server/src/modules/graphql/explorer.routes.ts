import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { EXPLORER_HTML, EXPLORER_JS } from './explorer-page.js';

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

function serve(request: FastifyRequest, reply: FastifyReply, body: string, type: string, etag: string) {
  reply.header('cache-control', 'no-cache').header('etag', etag).type(type);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(body);
}

/**
 * The GraphQL explorer page at /api/graphql (`?project=<id>` preselects a project). The page
 * is static; what it runs is authorized by the API with the token it sends. Register at the
 * root, outside the /api/v1 prefix.
 * @example await app.register(graphqlExplorerRoutes);
 */
export const graphqlExplorerRoutes: FastifyPluginAsync = async (app) => {
  const htmlTag = etagOf(EXPLORER_HTML);
  const jsTag = etagOf(EXPLORER_JS);
  app.get('/api/graphql', { schema: { hide: true } }, async (request, reply) =>
    serve(request, reply, EXPLORER_HTML, 'text/html; charset=utf-8', htmlTag),
  );
  app.get('/api/graphql/explorer.js', { schema: { hide: true } }, async (request, reply) =>
    serve(request, reply, EXPLORER_JS, 'text/javascript; charset=utf-8', jsTag),
  );
};
