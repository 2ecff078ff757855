import type { LoginResponse } from '@plinth/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveLogin } from '../../../lib/session';

export const OAUTH_PROVIDERS = ['github', 'google', 'oidc'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const socialSignInFailed = 'Social sign-in failed';

export function finishOAuth(input: { provider: OAuthProvider; code: string; state: string }): Promise<LoginResponse> {
  return api.request<LoginResponse>(`/api/v1/auth/oauth/${input.provider}/callback`, {
    method: 'POST',
    body: { code: input.code, state: input.state },
    auth: false,
  });
}

/** Trades the provider's code for a session and stores it like a login; the page shows failures itself. */
export function useFinishOAuth() {
  return useMutation({ mutationFn: finishOAuth, onSuccess: (answer) => saveLogin(answer) });
}
