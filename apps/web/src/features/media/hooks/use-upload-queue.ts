import { createContext, useContext, useSyncExternalStore } from 'react';
import type { UploadItem, UploadQueue } from '../utils/upload-queue';

/** Given by UploadQueueProvider, above the routes of the signed-in app. */
export const UploadQueueContext = createContext<UploadQueue | null>(null);

export function useUploadQueue(): UploadQueue {
  const queue = useContext(UploadQueueContext);
  if (!queue) throw new Error('useUploadQueue is used outside UploadQueueProvider');
  return queue;
}

/** The files of the queue, oldest first; the component renders again as they progress. */
export function useUploadItems(): readonly UploadItem[] {
  const queue = useUploadQueue();
  return useSyncExternalStore(queue.subscribe, queue.getItems, queue.getItems);
}
