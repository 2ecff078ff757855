import type { TransferStatus } from '@plinth/contract';
import type { ApiClient } from './client.js';

/** What exports and imports have in common while they run. */
interface Job {
  status: TransferStatus;
  progress: number;
}

/** How often a running job is asked for its progress. */
const POLL_MS = 250;
const BAR_WIDTH = 30;

/**
 * Shows a job's progress on stderr: a bar redrawn in place on a terminal, otherwise (a log, a
 * pipe) one line per 10% so that the output stays readable line by line.
 */
export function createProgress({
  label,
  write,
  isTty,
}: {
  label: string;
  write: (text: string) => void;
  isTty: boolean;
}) {
  let shown = -1;
  return {
    update(fraction: number) {
      const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
      if (isTty) {
        if (percent === shown) return;
        const filled = Math.round((percent / 100) * BAR_WIDTH);
        write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}%`);
        shown = percent;
        return;
      }
      const step = Math.floor(percent / 10) * 10;
      if (step <= shown || step === 0) return;
      write(`${label}: ${step}%\n`);
      shown = step;
    },
    /** Ends the bar's line, so what follows starts on a line of its own. */
    finish() {
      if (isTty && shown >= 0) write('\n');
    },
  };
}

/**
 * Polls `GET <path>` until the job is done or failed, reporting its progress on the way.
 * @example const done = await waitForJob<Export>({ client, path: `/projects/${p}/exports/${id}`, onProgress });
 */
export async function waitForJob<T extends Job>({
  client,
  path,
  onProgress,
}: {
  client: ApiClient;
  path: string;
  onProgress: (fraction: number) => void;
}): Promise<T> {
  for (;;) {
    const { data } = await client.json<{ data: T }>('GET', path);
    onProgress(data.status === 'done' ? 1 : data.progress);
    if (data.status === 'done' || data.status === 'failed') return data;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
