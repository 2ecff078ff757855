import type { Asset } from '@plinth/contract';
import { config } from '../../../config';
import { ApiError, api, sessionTokens } from '../../../lib/api-client';
import { mediaPath } from './get-media';

export interface UploadAssetInput {
  projectId: string;
  file: File;
  folder?: string | null;
  /** Bytes sent so far, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

function field(body: unknown, name: string): string | null {
  if (!body || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** One multipart POST through XMLHttpRequest, which (unlike fetch) reports upload progress. */
function send(input: UploadAssetInput, accessToken: string | null): Promise<{ status: number; body: unknown }> {
  const { file, folder, onProgress, signal } = input;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${config.apiBaseUrl}${mediaPath(input.projectId)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, body: 'The upload was interrupted' }));
    xhr.onabort = () => reject(new DOMException('The upload was canceled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    // The server reads the fields as they stream in, so they go before the file.
    if (folder) form.append('folder', folder);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads a file to the media library with progress, with the API client's session: a 401
 * (an access token that expired meanwhile) is refreshed through the client, once, then retried.
 * @example await uploadAsset({ projectId: 'p1', file, onProgress: (loaded, total) => setShare(loaded / total) });
 */
export async function uploadAsset(input: UploadAssetInput): Promise<Asset> {
  let answer = await send(input, sessionTokens.getAccessToken());
  if (answer.status === 401) {
    // Any authenticated call refreshes the token, sharing one refresh with the calls in flight.
    await api.request('/api/v1/auth/me');
    answer = await send(input, sessionTokens.getAccessToken());
  }
  if (answer.status >= 200 && answer.status < 300) return (answer.body as { data: Asset }).data;
  throw new ApiError({
    status: answer.status,
    code: field(answer.body, 'code'),
    serverMessage: field(answer.body, 'message'),
    body: answer.body,
  });
}
