import type { RegisterBody, RegisterResponse } from '@plinth/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function register(body: RegisterBody): Promise<RegisterResponse> {
  return api.request<RegisterResponse>('/api/v1/auth/register', { method: 'POST', body, auth: false });
}

/** Requests an account; the screen answers success with its thank-you dialog. */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    meta: { toasts: { error: 'Registration failed', preferServerMessage: true } },
  });
}
