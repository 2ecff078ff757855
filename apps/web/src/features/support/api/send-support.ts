import type { SupportBody } from '@plinth/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The subjects the server accepts (contract SUPPORT_SUBJECTS), kept here so typebox stays out of the bundle. */
export const SUPPORT_SUBJECTS = [
  'Technical Support',
  'Billing Question',
  'Feature Request',
  'Bug Report',
  'General Inquiry',
] as const satisfies readonly SupportBody['subject'][];

export function sendSupport(body: SupportBody): Promise<unknown> {
  return api.request('/api/v1/support', { method: 'POST', body, auth: false });
}

export function useSendSupport() {
  return useMutation({
    mutationFn: sendSupport,
    meta: {
      toasts: {
        success: "Thank you for your message! We'll get back to you soon.",
        error: 'There was an error sending your message. Please try again.',
      },
    },
  });
}
