import type { OAuthProviderId } from '@plinth/contract';
import type { OAuthConfig } from '../../../config.js';
import type { Clock } from '../../../lib/clock.js';
import type { Logger } from '../../../lib/logger.js';
import { GitHubProvider } from './github-provider.js';
import { OidcProvider } from './oidc-provider.js';
import type { ProviderHttp } from './provider-http.js';
import type { SignInProvider } from './sign-in-provider.js';

/** Every provider Plinth knows, with the name it goes by when it is not configured. */
export const PROVIDER_NAMES: Record<OAuthProviderId, string> = {
  github: 'GitHub',
  google: 'Google',
  oidc: 'single sign-on',
};

export const isProviderId = (value: string): value is OAuthProviderId => Object.hasOwn(PROVIDER_NAMES, value);

/**
 * The providers this instance's configuration turns on, in the order the sign-in page shows them.
 * @example const providers = createSignInProviders(config.oauth, { http, log, clock });
 */
export function createSignInProviders(
  config: OAuthConfig,
  deps: { http: ProviderHttp; log: Logger; clock: Clock },
): SignInProvider[] {
  return [
    config.github && new GitHubProvider(config.github, deps),
    config.google && new OidcProvider('google', PROVIDER_NAMES.google, config.google, deps),
    config.oidc && new OidcProvider('oidc', config.oidc.name, config.oidc, deps),
  ].filter((provider) => provider !== null);
}
