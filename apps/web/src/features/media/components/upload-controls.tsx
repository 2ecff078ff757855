import { ImageUp, Upload } from 'lucide-react';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCurrentProject } from '../../../lib/current-project';
import { useMediaParams } from '../hooks/use-media-params';
import { useUploadQueue } from '../hooks/use-upload-queue';

/** Files go into the folder the library is showing, so they appear where the user is looking. */
function useAddFiles() {
  const project = useCurrentProject();
  const queue = useUploadQueue();
  const { state } = useMediaParams();
  return {
    folder: state.folder,
    add: (files: FileList | readonly File[] | null) => {
      if (files && files.length > 0) queue.add({ projectId: project.id, files: [...files], folder: state.folder });
    },
  };
}

/** "Upload files": the file picker, many files at once. */
export function UploadButton({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const input = useRef<HTMLInputElement>(null);
  const { add, folder } = useAddFiles();
  return (
    <>
      <Button variant={variant} onClick={() => input.current?.click()}>
        <Upload className="size-4" aria-hidden />
        {folder ? `Upload to ${folder}` : 'Upload files'}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        aria-label="Files to upload"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          add(event.target.files);
          // The same files can be chosen again (after a failure, say).
          event.target.value = '';
        }}
      />
    </>
  );
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Files dragged from the desktop onto the library are uploaded; while they hover, an overlay
 * says where they will go.
 */
export function UploadDropZone({ children, isEnabled }: { children: ReactNode; isEnabled: boolean }) {
  const { add, folder } = useAddFiles();
  const [depth, setDepth] = useState(0);
  if (!isEnabled) return children;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut; the upload button does the same for everyone.
    <div
      className="relative"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDepth((value) => value + 1);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (hasFiles(event)) setDepth((value) => Math.max(0, value - 1));
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDepth(0);
        add(event.dataTransfer.files);
      }}
    >
      {children}
      {depth > 0 ? (
        <div className="pointer-events-none absolute inset-0 z-20 flex items-center justify-center rounded-2xl border-2 border-indigo-500 border-dashed bg-indigo-50/90">
          <div className="flex flex-col items-center gap-2 text-indigo-800">
            <ImageUp className="size-10" aria-hidden />
            <p className="font-semibold text-lg">Drop to upload{folder ? ` to ${folder}` : ''}</p>
            <p className="text-sm">Images, videos, audio and documents; as many as you like.</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
