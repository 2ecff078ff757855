import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { mediaKeys } from '../api/get-media';
import { uploadAsset } from '../api/upload-asset';
import { UploadQueueContext } from '../hooks/use-upload-queue';
import { createUploadQueue } from '../utils/upload-queue';
import { UploadTray } from './upload-tray';

/**
 * The tab's upload queue and its floating tray, for every signed-in screen: uploads go on while
 * the user moves between screens, and each finished file refreshes its project's library.
 */
export function UploadQueueProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [queue] = useState(() =>
    createUploadQueue({
      upload: uploadAsset,
      onUploaded: (item) => {
        void queryClient.invalidateQueries({ queryKey: mediaKeys.project(item.projectId) });
      },
    }),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getItems, queue.getItems);
  const isBusy = items.some((item) => item.status === 'uploading' || item.status === 'queued');

  // Closing or reloading the tab would lose the files still being sent: the browser asks first.
  useEffect(() => {
    if (!isBusy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isBusy]);
  // Signing out leaves the shell: nothing is sent after that.
  useEffect(() => () => queue.abortAll(), [queue]);

  return (
    <UploadQueueContext.Provider value={queue}>
      {children}
      <UploadTray />
    </UploadQueueContext.Provider>
  );
}
