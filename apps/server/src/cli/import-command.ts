import path from 'node:path';
import type { Import, ImportMode, ImportProblem } from '@plinth/contract';
import type { ApiClient } from './client.js';
import type { CliIo } from './io.js';
import { createProgress, waitForJob } from './progress.js';

export interface ImportOptions {
  projectId: string;
  /** The archive on disk, as given on the command line. */
  archive: string;
  mode: ImportMode;
  isDryRun: boolean;
  asJson: boolean;
}

/**
 * `plinth import`: uploads an archive (streamed from disk, never read whole), follows the
 * import and prints its report. Exit code 1 when the import failed or reported errors.
 * @example await runImport({ client, io, options: { projectId, archive: 'backup.tar.gz', mode: 'merge', isDryRun: false, asJson: false } });
 */
export async function runImport({
  client,
  io,
  options,
}: {
  client: ApiClient;
  io: CliIo;
  options: ImportOptions;
}): Promise<number> {
  const file = path.resolve(io.cwd, options.archive);
  const base = `/projects/${encodeURIComponent(options.projectId)}/imports`;
  const started = await client.upload<{ data: Import }>(base, {
    fields: { mode: options.mode, dry_run: String(options.isDryRun) },
    file: { field: 'archive', path: file, filename: path.basename(file), contentType: 'application/gzip' },
  });
  const progress = createProgress({ label: 'Importing', write: io.stderr, isTty: io.isStderrTty });
  const finished = await waitForJob<Import>({
    client,
    path: `${base}/${started.data.id}`,
    onProgress: progress.update,
  }).finally(progress.finish);

  const isFailure = finished.status === 'failed' || (finished.report?.errors.length ?? 0) > 0;
  if (options.asJson) io.stdout(`${JSON.stringify({ data: finished }, null, 2)}\n`);
  else (isFailure ? io.stderr : io.stdout)(describeImport(finished));
  return isFailure ? 1 : 0;
}

/** The report as a person reads it: the outcome, the counts, then each conflict and error. */
function describeImport(result: Import): string {
  const outcome =
    result.status === 'failed'
      ? `The import${result.dry_run ? ' (a dry run)' : ''} failed${result.error ? `: ${result.error}` : ''}`
      : `Imported (${result.mode})${result.dry_run ? ' (dry run: nothing was written)' : ''}`;
  const lines = [outcome];
  const report = result.report;
  if (report) {
    const rows: [string, number][] = [
      ['created', report.created],
      ['updated', report.updated],
      ['unchanged', report.unchanged],
      ['conflicts', report.conflicts.length],
      ['errors', report.errors.length],
    ];
    const width = Math.max(...rows.map(([, count]) => String(count).length));
    lines.push(...rows.map(([name, count]) => `  ${name.padEnd(10)} ${String(count).padStart(width)}`));
    lines.push(...problems('Conflicts', report.conflicts), ...problems('Errors', report.errors));
  }
  return `${lines.join('\n')}\n`;
}

function problems(title: string, list: readonly ImportProblem[]): string[] {
  // A problem with the archive as a whole has no path.
  const line = (problem: ImportProblem) => `  ${problem.path ? `${problem.path}: ` : ''}${problem.message}`;
  return list.length === 0 ? [] : [`${title}:`, ...list.map(line)];
}
