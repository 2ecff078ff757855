import type { ModelChange, ModelDiff } from '@plinth/contract';
import type { ApiClient } from './client.js';
import type { CliIo } from './io.js';

export interface ModelOptions {
  action: 'diff' | 'apply';
  projectId: string;
  /** The project whose model this one should come to equal. */
  fromProjectId: string;
  isDryRun: boolean;
  asJson: boolean;
}

/**
 * `plinth model diff|apply`: what would make a project's model equal to another's, and making it
 * so. A change stored documents would break is the server's 409, which the caller prints.
 * @example await runModel({ client, io, options: { action: 'diff', projectId, fromProjectId: staging, isDryRun: false, asJson: false } });
 */
export async function runModel({
  client,
  io,
  options,
}: {
  client: ApiClient;
  io: CliIo;
  options: ModelOptions;
}): Promise<number> {
  const base = `/projects/${encodeURIComponent(options.projectId)}/model`;
  const answer =
    options.action === 'diff'
      ? await client.json<{ data: ModelDiff }>('GET', `${base}/diff?from=${encodeURIComponent(options.fromProjectId)}`)
      : await client.json<{ data: ModelDiff }>('POST', `${base}/apply`, {
          from: options.fromProjectId,
          dry_run: options.isDryRun,
        });
  if (options.asJson) {
    io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
    return 0;
  }
  const { changes } = answer.data;
  if (changes.length === 0) {
    io.stdout(`No changes: the model of ${options.projectId} already equals the model of ${options.fromProjectId}.\n`);
    return 0;
  }
  const count = `${changes.length} change${changes.length === 1 ? '' : 's'}`;
  const heading =
    options.action === 'diff'
      ? `${count} would make the model of ${options.projectId} equal to the model of ${options.fromProjectId}:`
      : options.isDryRun
        ? `Dry run, nothing was changed: applying would make ${count}:`
        : `Applied ${count} to the model of ${options.projectId}:`;
  io.stdout(`${heading}\n\n${changeTable(changes)}`);
  return 0;
}

/** One row per change, columns padded to their widest cell; the document count right-aligned. */
function changeTable(changes: readonly ModelChange[]): string {
  const header = ['OP', 'COLLECTION/COMPONENT', 'FIELD', 'AFFECTED DOCUMENTS'] as const;
  const rows = changes.map((change) => [
    change.op,
    change.collection ?? change.component ?? '-',
    change.field ?? '-',
    String(change.affected_documents),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return column === cells.length - 1 ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ');
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}
