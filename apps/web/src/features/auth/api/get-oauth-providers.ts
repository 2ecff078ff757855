import type { OAuthProvider, OAuthProviderList } from '@plinth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { config } from '../../../config';
import { api } from '../../../lib/api-client';

export const oauthProviderKeys = {
  all: ['auth', 'oauth-providers'] as const,
};

export function getOAuthProviders(signal?: AbortSignal): Promise<OAuthProviderList> {
  return api.request<OAuthProviderList>('/api/v1/auth/oauth/providers', { auth: false, ...(signal ? { signal } : {}) });
}

/** The instance's configuration changes rarely; an error just leaves the buttons out. */
export const oauthProvidersQueryOptions = () =>
  queryOptions({
    queryKey: oauthProviderKeys.all,
    queryFn: ({ signal }) => getOAuthProviders(signal),
    staleTime: 10 * 60_000,
  });

export function useOAuthProviders() {
  return useQuery(oauthProvidersQueryOptions());
}

/**
 * Where a "Continue with …" button goes: the API's start endpoint, which redirects to the
 * provider; the provider then sends the browser back to this origin's callback page.
 */
export function oauthStartUrl(provider: OAuthProvider['id'], origin: string): string {
  const redirectUri = `${origin}/auth/${provider}/callback`;
  return `${config.apiBaseUrl}/api/v1/auth/oauth/${provider}/start?redirect_uri=${encodeURIComponent(redirectUri)}`;
}
