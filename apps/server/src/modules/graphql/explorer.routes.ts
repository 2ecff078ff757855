import type { FastifyPluginAsync } from 'fastify';

/** Where the web app serves the explorer (signed-in users; it signs visitors in first). */
const EXPLORER_PATH = '/app/graphql';

/**
 * `GET /api/graphql` leads to the GraphQL explorer of the web app, keeping `?project=<id>`
 * (which preselects a project). Register at the root, outside the /api/v1 prefix.
 * @example await app.register(graphqlExplorerRoutes);
 */
export const graphqlExplorerRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { project?: string } }>('/api/graphql', { schema: { hide: true } }, async (request, reply) => {
    const project = typeof request.query.project === 'string' ? request.query.project : '';
    const target = project ? `${EXPLORER_PATH}?${new URLSearchParams({ project })}` : EXPLORER_PATH;
    return reply.redirect(target, 302);
  });
};
