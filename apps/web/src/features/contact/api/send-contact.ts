import type { ContactBody } from '@plinth/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function sendContact(body: ContactBody): Promise<unknown> {
  return api.request('/api/v1/contact', { method: 'POST', body, auth: false });
}

export function useSendContact() {
  return useMutation({
    mutationFn: sendContact,
    meta: {
      toasts: { success: 'Message sent successfully!', error: 'Error sending message. Please try again.' },
    },
  });
}
