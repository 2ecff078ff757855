import type { Asset } from '@plinth/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'canceled';

export interface UploadItem {
  id: string;
  projectId: string;
  file: File;
  folder: string | null;
  status: UploadStatus;
  /** Bytes sent so far, and of how many. */
  loaded: number;
  total: number;
  /** Why it failed, in words to show beside the file (the server's message when it sent one). */
  error: string | null;
  asset: Asset | null;
}

export type UploadFn = (input: {
  projectId: string;
  file: File;
  folder: string | null;
  onProgress: (loaded: number, total: number) => void;
  signal: AbortSignal;
}) => Promise<Asset>;

export interface UploadQueue {
  subscribe(listener: () => void): () => void;
  /** The same array until something changes, as useSyncExternalStore needs. */
  getItems(): readonly UploadItem[];
  add(input: { projectId: string; files: readonly File[]; folder: string | null }): void;
  retry(id: string): void;
  cancel(id: string): void;
  /** Removes a finished, failed or canceled file from the list. */
  dismiss(id: string): void;
  clearFinished(): void;
  /** Stops everything (the signed-in shell is going away). */
  abortAll(): void;
}

/** The words for an upload that failed: the server's message (quota, size, type) when it sent one. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !error.serverMessage) {
    if (error.status === 0) return 'The connection was lost before the file was sent. Check it, then retry.';
    if (error.status === 413) return 'This file is larger than the upload limit.';
    if (error.status === 415) return 'This type of file is not accepted.';
    if (error.status === 403) return 'Your role cannot upload files to this project.';
  }
  return errorMessage(error, 'The upload failed. Please try again.');
}

let counter = 0;
const nextId = () => {
  counter += 1;
  return `upload-${Date.now().toString(36)}-${counter}`;
};

/**
 * The uploads of this browser tab, at most `concurrency` at a time, outside React so that they
 * keep going while the screens change. `onUploaded` runs for each file the server took.
 * @example const queue = createUploadQueue({ upload: uploadAsset, onUploaded: (item) => refresh(item.projectId) });
 */
export function createUploadQueue({
  upload,
  onUploaded,
  concurrency = 3,
}: {
  upload: UploadFn;
  onUploaded?: (item: UploadItem, asset: Asset) => void;
  concurrency?: number;
}): UploadQueue {
  let items: readonly UploadItem[] = [];
  const listeners = new Set<() => void>();
  const controllers = new Map<string, AbortController>();

  const changed = () => {
    for (const listener of listeners) listener();
  };
  const patch = (id: string, changes: Partial<UploadItem>) => {
    items = items.map((item) => (item.id === id ? { ...item, ...changes } : item));
    changed();
  };

  const start = (item: UploadItem) => {
    const controller = new AbortController();
    controllers.set(item.id, controller);
    patch(item.id, { status: 'uploading', loaded: 0, error: null });
    upload({
      projectId: item.projectId,
      file: item.file,
      folder: item.folder,
      signal: controller.signal,
      onProgress: (loaded, total) => patch(item.id, { loaded, total }),
    }).then(
      (asset) => {
        controllers.delete(item.id);
        patch(item.id, { status: 'done', loaded: item.total, asset });
        onUploaded?.(item, asset);
        pump();
      },
      (error: unknown) => {
        controllers.delete(item.id);
        if (controller.signal.aborted) patch(item.id, { status: 'canceled' });
        else patch(item.id, { status: 'failed', error: uploadErrorMessage(error) });
        pump();
      },
    );
  };

  function pump() {
    let running = items.filter((item) => item.status === 'uploading').length;
    for (const item of items) {
      if (running >= concurrency) break;
      if (item.status !== 'queued') continue;
      running += 1;
      start(item);
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getItems: () => items,
    add({ projectId, files, folder }) {
      if (files.length === 0) return;
      const added = files.map<UploadItem>((file) => ({
        id: nextId(),
        projectId,
        file,
        folder,
        status: 'queued',
        loaded: 0,
        total: file.size,
        error: null,
        asset: null,
      }));
      items = [...items, ...added];
      changed();
      pump();
    },
    retry(id) {
      const item = items.find((candidate) => candidate.id === id);
      if (!item || (item.status !== 'failed' && item.status !== 'canceled')) return;
      patch(id, { status: 'queued', loaded: 0, error: null });
      pump();
    },
    cancel(id) {
      const item = items.find((candidate) => candidate.id === id);
      if (item?.status === 'queued') patch(id, { status: 'canceled' });
      else controllers.get(id)?.abort();
    },
    dismiss(id) {
      items = items.filter((item) => item.id !== id || item.status === 'uploading' || item.status === 'queued');
      changed();
    },
    clearFinished() {
      items = items.filter((item) => item.status === 'uploading' || item.status === 'queued');
      changed();
    },
    abortAll() {
      for (const controller of controllers.values()) controller.abort();
      items = items.map((item) => (item.status === 'queued' ? { ...item, status: 'canceled' } : item));
      changed();
    },
  };
}
