import { CheckCircle2, ChevronDown, ChevronUp, CircleAlert, LoaderCircle, RotateCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { formatBytes } from '../../../lib/format';
import { useUploadItems, useUploadQueue } from '../hooks/use-upload-queue';
import type { UploadItem } from '../utils/upload-queue';
import { FileProgress } from './file-progress';

const ICON_BUTTON =
  'inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

function statusLine(item: UploadItem): string {
  switch (item.status) {
    case 'queued':
      return `Waiting · ${formatBytes(item.file.size)}`;
    case 'uploading': {
      const percent = item.total > 0 ? Math.floor((item.loaded / item.total) * 100) : 0;
      return `${percent}% · ${formatBytes(item.loaded)} of ${formatBytes(item.total)}`;
    }
    case 'done':
      return item.folder ? `Uploaded to ${item.folder}` : 'Uploaded';
    case 'canceled':
      return 'Canceled';
    case 'failed':
      return item.error ?? 'The upload failed.';
  }
}

function Row({ item }: { item: UploadItem }) {
  const queue = useUploadQueue();
  const name = item.file.name;
  const isActive = item.status === 'uploading' || item.status === 'queued';
  return (
    <li className="px-4 py-2.5">
      <div className="flex items-start gap-2.5">
        <span className="mt-0.5 shrink-0" aria-hidden>
          {item.status === 'done' ? (
            <CheckCircle2 className="size-4 text-emerald-600" />
          ) : item.status === 'failed' ? (
            <CircleAlert className="size-4 text-red-600" />
          ) : isActive ? (
            <LoaderCircle
              className={`size-4 text-indigo-600 ${item.status === 'uploading' ? 'animate-spin motion-reduce:animate-none' : ''}`}
            />
          ) : (
            <X className="size-4 text-slate-400" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900 text-sm" title={name}>
            {name}
          </p>
          <p
            className={`text-xs ${item.status === 'failed' ? 'break-words text-red-700' : 'text-slate-600 tabular-nums'}`}
          >
            {statusLine(item)}
          </p>
          {isActive ? (
            <FileProgress
              className="mt-1.5"
              label={`Uploading ${name}`}
              value={item.status === 'queued' ? 0 : item.loaded}
              max={item.total || 1}
            />
          ) : null}
        </div>
        {isActive ? (
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label={`Cancel ${name}`}
            onClick={() => queue.cancel(item.id)}
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : (
          <>
            {item.status === 'failed' || item.status === 'canceled' ? (
              <button
                type="button"
                className={ICON_BUTTON}
                aria-label={`Retry ${name}`}
                onClick={() => queue.retry(item.id)}
              >
                <RotateCw className="size-4" aria-hidden />
              </button>
            ) : null}
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label={`Remove ${name} from the list`}
              onClick={() => queue.dismiss(item.id)}
            >
              <X className="size-4" aria-hidden />
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * The uploads of this tab, in a small panel in the corner of every signed-in screen: each file's
 * progress, what failed and why, with retry; it goes away once cleared.
 */
export function UploadTray() {
  const items = useUploadItems();
  const queue = useUploadQueue();
  const [isCollapsed, setCollapsed] = useState(false);
  const listId = useId();
  if (items.length === 0) return null;

  const active = items.filter((item) => item.status === 'uploading' || item.status === 'queued');
  const done = items.filter((item) => item.status === 'done').length;
  const failed = items.filter((item) => item.status === 'failed').length;
  const sent = active.reduce((sum, item) => sum + (item.status === 'uploading' ? item.loaded : 0), 0);
  const total = active.reduce((sum, item) => sum + item.total, 0);
  const title =
    active.length > 0
      ? `Uploading ${active.length} ${active.length === 1 ? 'file' : 'files'}`
      : `${done} ${done === 1 ? 'file' : 'files'} uploaded`;
  const detail = failed > 0 ? `${failed} failed` : active.length > 0 ? `${done} done` : '';

  return (
    <section
      aria-label="Uploads"
      className="fixed right-4 bottom-4 z-40 w-[calc(100vw-2rem)] overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-slate-200 sm:w-96"
    >
      <div className="flex items-center gap-2 border-slate-100 border-b py-2 pr-2 pl-4">
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900 text-sm" aria-live="polite">
            {title}
            {detail ? (
              <span className={`ml-1.5 font-normal ${failed ? 'text-red-700' : 'text-slate-600'}`}>· {detail}</span>
            ) : null}
          </h2>
          {active.length > 0 && isCollapsed ? (
            <FileProgress className="mt-1" label="All uploads" value={sent} max={total || 1} />
          ) : null}
        </div>
        {active.length === 0 ? (
          <button
            type="button"
            className={`${ICON_BUTTON} w-auto px-2 font-medium text-xs`}
            onClick={queue.clearFinished}
          >
            Clear
          </button>
        ) : null}
        <button
          type="button"
          className={ICON_BUTTON}
          aria-expanded={!isCollapsed}
          aria-controls={listId}
          aria-label={isCollapsed ? 'Show uploads' : 'Hide uploads'}
          onClick={() => setCollapsed(!isCollapsed)}
        >
          {isCollapsed ? <ChevronUp className="size-4" aria-hidden /> : <ChevronDown className="size-4" aria-hidden />}
        </button>
      </div>
      <ul id={listId} hidden={isCollapsed} className="max-h-72 divide-y divide-slate-100 overflow-y-auto">
        {items.map((item) => (
          <Row key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
