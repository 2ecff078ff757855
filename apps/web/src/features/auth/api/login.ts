import type { LoginBody, LoginResponse } from '@plinth/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveLogin } from '../../../lib/session';

export const loginFailed = 'Login failed';

export function login(body: LoginBody): Promise<LoginResponse> {
  return api.request<LoginResponse>('/api/v1/auth/login', { method: 'POST', body, auth: false });
}

/** Signs in and stores the tokens and user; failures show the server's message, else 'Login failed'. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => saveLogin(answer),
    meta: { toasts: { error: loginFailed, preferServerMessage: true } },
  });
}
