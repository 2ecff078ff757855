import type { AppContext } from '../context.js';
import type { Authenticator } from './auth/authenticator.js';
import type { ProjectAccess } from './projects/project-access.js';

/** What every feature module's routes receive: the context and the two guards. */
export interface ModuleDeps {
  readonly ctx: AppContext;
  readonly auth: Authenticator;
  readonly access: ProjectAccess;
}
