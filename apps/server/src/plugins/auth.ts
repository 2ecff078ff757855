import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../lib/errors.js';
import type { Authenticator } from '../modules/auth/authenticator.js';
import type { Principal, UserPrincipal } from '../modules/auth/principal.js';
import type { ProjectAccess, ProjectAction, ProjectGrant } from '../modules/projects/project-access.js';

declare module 'fastify' {
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
    authorize(projectId: string, action: ProjectAction): Promise<ProjectGrant>;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<Principal | null>>();

/**
 * Who is calling, for every route: the request methods above, over the Fastify-free
 * Authenticator and ProjectAccess. Install it on the root before any route.
 */
export function installAuth(app: FastifyInstance, deps: { authenticator: Authenticator; access: ProjectAccess }): void {
  const { authenticator, access } = deps;
  app.decorateRequest('credential', function (this: FastifyRequest) {
    let principal = resolved.get(this);
    if (!principal) {
      principal = authenticator.principal(this.headers.authorization);
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
  app.decorateRequest('authorize', async function (this: FastifyRequest, projectId: string, action: ProjectAction) {
    return access.authorize(await this.principal(), projectId, action, this.ip);
  });
}
