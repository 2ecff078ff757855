import type { CurrentUser } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeMe } from './get-me';

/** Sends the cropped picture as the one `file` part the API reads; it stores a 256×256 WebP. */
export function uploadAvatar(image: Blob): Promise<CurrentUser> {
  const form = new FormData();
  const extension = image.type.split('/')[1] ?? 'png';
  form.append('file', new File([image], `avatar.${extension}`, { type: image.type }));
  return api.request<CurrentUser>('/api/v1/auth/me/avatar', { method: 'POST', body: form });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (me) => storeMe(queryClient, me),
    meta: {
      // A failure is shown in the crop dialog, which stays open with the crop.
      toasts: { success: 'Your picture was updated.' },
    },
  });
}
