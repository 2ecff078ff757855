import { createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import type { Export, ExportInclude } from '@plinth/contract';
import { type ApiClient, CommandError } from './client.js';
import type { CliIo } from './io.js';
import { createProgress, waitForJob } from './progress.js';

export interface ExportOptions {
  projectId: string;
  /** The archive's path; `plinth-<project>-<date>.tar.gz` in the working folder when absent. */
  out: string | undefined;
  /** What goes in; the server's default (documents, versions, media) when absent. */
  include: ExportInclude | undefined;
  asJson: boolean;
}

/**
 * `plinth export`: starts an export, follows its progress, then streams the archive to a file
 * (never whole in memory: an export can be larger than the memory of the machine running this).
 * @example await runExport({ client, io, options: { projectId, out: 'backup.tar.gz', include: undefined, asJson: false } });
 */
export async function runExport({
  client,
  io,
  options,
}: {
  client: ApiClient;
  io: CliIo;
  options: ExportOptions;
}): Promise<number> {
  const base = `/projects/${encodeURIComponent(options.projectId)}/exports`;
  const started = await client.json<{ data: Export }>(
    'POST',
    base,
    options.include ? { include: options.include } : {},
  );
  const progress = createProgress({ label: 'Exporting', write: io.stderr, isTty: io.isStderrTty });
  const finished = await waitForJob<Export>({
    client,
    path: `${base}/${started.data.id}`,
    onProgress: progress.update,
  }).finally(progress.finish);
  if (finished.status === 'failed') throw new CommandError(`The export failed: ${finished.error ?? 'no reason given'}`);

  const file = path.resolve(io.cwd, options.out ?? defaultArchiveName(options.projectId));
  const response = await client.download(`${base}/${finished.id}/download`);
  if (!response.body) throw new CommandError('The server sent an empty download');
  try {
    await pipeline(Readable.fromWeb(response.body as ReadableStream<Uint8Array>), createWriteStream(file));
  } catch (error) {
    // A half-written archive would fail its checksums on import: leave nothing behind.
    await unlink(file).catch(() => undefined);
    throw new CommandError(`Could not write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { size } = await stat(file);
  if (options.asJson) io.stdout(`${JSON.stringify({ data: finished, file }, null, 2)}\n`);
  else io.stdout(`Wrote ${file} (${formatSize(size)})\n`);
  return 0;
}

/** `plinth-<project>-<YYYY-MM-DD>.tar.gz`, dated in UTC like the server's timestamps. */
function defaultArchiveName(projectId: string): string {
  return `plinth-${projectId}-${new Date().toISOString().slice(0, 10)}.tar.gz`;
}

/** 1536 → "1.5 KB, 1,536 bytes": the short form for reading, the exact count for comparing. */
function formatSize(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  const exact = `${bytes.toLocaleString('en')} bytes`;
  if (bytes < 1024) return exact;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}, ${exact}`;
}
