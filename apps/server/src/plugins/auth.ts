import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { AppError, forbidden } from '../lib/errors.js';
import type { Authenticator } from '../modules/auth/authenticator.js';
import { PREVIEW_TOKEN_PREFIX } from '../modules/auth/preview-tokens.js';
import type { Principal, UserPrincipal } from '../modules/auth/principal.js';
import type { ProjectAccess, ProjectAction, ProjectGrant } from '../modules/projects/project-access.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A query parameter carrying a credential the route checks itself (an event stream's
     * `ticket`): a request with it is not asked for another credential up front.
     */
    credentialParam?: string;
  }
  interface FastifyRequest {
    /** The caller, or null when the request carries no credential (resolved once per request). */
    credential(): Promise<Principal | null>;
    /** The caller; a 401 when there is none. */
    principal(): Promise<Principal>;
    /** A signed-in person; API tokens get a 403 on account-level routes. */
    user(): Promise<UserPrincipal>;
    /** A signed-in instance admin; others get a 403. */
    admin(): Promise<UserPrincipal>;
    /**
     * The caller's grant in a project for `action` (ProjectAccess.authorize): a 404 for a
     * project it cannot see, a 403 for an action its role or scopes do not allow.
     */
    authorize(
      projectId: string,
      action: ProjectAction,
      document?: { collection: string; id: string },
    ): Promise<ProjectGrant>;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<Principal | null>>();

/** The caller of a `plinth_preview` query parameter: only ever a preview token (no other credential goes in a URL). */
async function previewOnly(authenticator: Authenticator, token: string): Promise<Principal> {
  if (!token.startsWith(PREVIEW_TOKEN_PREFIX)) {
    throw new AppError(
      'UNAUTHENTICATED',
      'plinth_preview takes a preview token; send other credentials as a Bearer header',
    );
  }
  return authenticator.credential(token);
}

/** A route documented as needing a credential (`security: bearer`), not one anyone may call. */
function needsCredential(schema: FastifySchema | undefined): boolean {
  const security = schema?.security;
  return security !== undefined && security.length > 0 && security.every((scheme) => Object.keys(scheme).length > 0);
}

/**
 * Who is calling, for every route: the request methods above, over the Fastify-free
 * Authenticator and ProjectAccess; routes that need a credential check it before anything else
 * (an onRequest hook). Install it on the root after CORS (a 401 carries its headers) and before
 * any route.
 */
export function installAuth(app: FastifyInstance, deps: { authenticator: Authenticator; access: ProjectAccess }): void {
  const { authenticator, access } = deps;
  app.decorateRequest('credential', function (this: FastifyRequest) {
    let principal = resolved.get(this);
    if (!principal) {
      // A preview link carries its token in the URL (`plinth_preview`): a preview token, or nothing.
      const preview = (this.query as { plinth_preview?: unknown } | undefined)?.plinth_preview;
      principal =
        typeof preview === 'string'
          ? previewOnly(authenticator, preview)
          : authenticator.principal(this.headers.authorization);
      resolved.set(this, principal);
    }
    return principal;
  });
  app.decorateRequest('principal', async function (this: FastifyRequest) {
    const principal = await this.credential();
    if (!principal) throw new AppError('UNAUTHENTICATED', 'Sign in or send an API token to do this');
    return principal;
  });
  app.decorateRequest('user', async function (this: FastifyRequest) {
    const principal = await this.principal();
    if (principal.kind !== 'user') throw forbidden('API tokens cannot use this endpoint; sign in as a user');
    return principal;
  });
  app.decorateRequest('admin', async function (this: FastifyRequest) {
    const principal = await this.user();
    if (!principal.isAdmin) throw forbidden('Only instance administrators can do this');
    return principal;
  });
  app.decorateRequest(
    'authorize',
    async function (
      this: FastifyRequest,
      projectId: string,
      action: ProjectAction,
      document?: { collection: string; id: string },
    ) {
      return access.authorize(await this.principal(), projectId, action, this.ip, document);
    },
  );

  // A route that needs a credential asks for it before anything else (body, validation, its
  // plugins' own hooks): a caller without one learns nothing of the route's rules.
  app.addHook('onRequest', async (request) => {
    const { schema, config } = request.routeOptions;
    if (!needsCredential(schema)) return;
    const param = config.credentialParam;
    if (param !== undefined && (request.query as Record<string, unknown>)[param] !== undefined) return;
    await request.principal();
  });
}
