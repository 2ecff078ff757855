import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type ExportInclude, IMPORT_MODES, type ImportMode } from '@plinth/contract';
import { type ApiClient, ApiError, CommandError, type Credentials, createApiClient } from './client.js';
import { runExport } from './export-command.js';
import { runImport } from './import-command.js';
import { type CliIo, UsageError } from './io.js';
import { type ModelOptions, runModel } from './model-command.js';

/** The commands that talk to a running Plinth over HTTP, as the `plinth` usage lists them. */
export const CLIENT_COMMANDS = ['export', 'import', 'model'] as const;
export type ClientCommand = (typeof CLIENT_COMMANDS)[number];

export const isClientCommand = (command: string): command is ClientCommand =>
  (CLIENT_COMMANDS as readonly string[]).includes(command);

/** The part of `plinth`'s usage about these commands. */
export const CLIENT_USAGE = `  export    download a project as a gzipped tar archive
            plinth export --project <id> [--out <file>] [--include documents,versions,media,audit]
  import    load an export archive into a project, and print the report
            plinth import --project <id> <archive> [--mode merge|replace|copy] [--dry-run]
  model     compare a project's content model with another project's, or make it equal
            plinth model diff --project <id> --from <projectId>
            plinth model apply --project <id> --from <projectId> [--dry-run]

Options of export, import and model:
  --url <url>   the Plinth to talk to (default: $PLINTH_URL, else http://localhost:3000)
  --json        print the server's answer as JSON on stdout instead of a readable summary
They sign in with $PLINTH_TOKEN (an access token), or $PLINTH_EMAIL and $PLINTH_PASSWORD.
`;

const EXPORT_PARTS = ['documents', 'versions', 'media', 'audit'] as const;
const DEFAULT_URL = 'http://localhost:3000';

/**
 * Runs `plinth export|import|model …` (the arguments after the command); resolves to the exit
 * code: 0, 1 when the server refused or the job failed, 2 for a command line it cannot run.
 * @example process.exitCode = await runClientCommand('export', ['--project', id], io);
 */
export async function runClientCommand(command: ClientCommand, args: string[], io: CliIo): Promise<number> {
  let run: (client: ApiClient) => Promise<number>;
  let client: ApiClient;
  try {
    const parsed = parseCommand(command, args, io);
    if (parsed === 'help') {
      io.stdout(`Usage:\n${CLIENT_USAGE}`);
      return 0;
    }
    ({ run } = parsed);
    client = createApiClient({ url: parsed.url, credentials: credentialsOf(io.env) });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n\nUsage:\n${CLIENT_USAGE}`);
    return 2;
  }
  try {
    return await run(client);
  } catch (error) {
    if (error instanceof ApiError) {
      const details = error.details.map((detail) => `  ${detail.path}: ${detail.message}\n`).join('');
      io.stderr(`${error.message}\n${details}`);
      return 1;
    }
    if (error instanceof CommandError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

interface ParsedCommand {
  url: string;
  run: (client: ApiClient) => Promise<number>;
}

/** What every command takes; each adds its own, and any other option is a usage error. */
const COMMON_OPTIONS = {
  url: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  project: { type: 'string' },
} as const;

/** The command line as a command to run; throws UsageError for anything it cannot run. */
function parseCommand(command: ClientCommand, args: string[], io: CliIo): ParsedCommand | 'help' {
  if (command === 'export') {
    const { values, positionals } = parseStrictly(args, {
      ...COMMON_OPTIONS,
      out: { type: 'string' },
      include: { type: 'string' },
    });
    if (values.help) return 'help';
    noMore(positionals);
    const options = {
      projectId: required(values.project, '--project'),
      out: values.out,
      include: values.include === undefined ? undefined : includeOf(values.include),
      asJson: values.json === true,
    };
    return { url: urlOf(values.url, io), run: (client) => runExport({ client, io, options }) };
  }
  if (command === 'import') {
    const { values, positionals } = parseStrictly(args, {
      ...COMMON_OPTIONS,
      mode: { type: 'string' },
      'dry-run': { type: 'boolean' },
    });
    if (values.help) return 'help';
    const [archive, ...rest] = positionals;
    if (!archive) throw new UsageError('Missing the archive to import');
    noMore(rest);
    const options = {
      projectId: required(values.project, '--project'),
      archive,
      mode: modeOf(values.mode ?? 'merge'),
      isDryRun: values['dry-run'] === true,
      asJson: values.json === true,
    };
    return { url: urlOf(values.url, io), run: (client) => runImport({ client, io, options }) };
  }
  const { values, positionals } = parseStrictly(args, {
    ...COMMON_OPTIONS,
    from: { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  if (values.help) return 'help';
  const [action, ...rest] = positionals;
  if (action !== 'diff' && action !== 'apply') {
    throw new UsageError(action ? `Unknown model command "${action}": use diff or apply` : 'Missing diff or apply');
  }
  noMore(rest);
  if (action === 'diff' && values['dry-run']) throw new UsageError('model diff changes nothing: it has no --dry-run');
  const options: ModelOptions = {
    action,
    projectId: required(values.project, '--project'),
    fromProjectId: required(values.from, '--from'),
    isDryRun: values['dry-run'] === true,
    asJson: values.json === true,
  };
  return { url: urlOf(values.url, io), run: (client) => runModel({ client, io, options }) };
}

/** node:util's parseArgs in strict mode, its errors (unknown option, missing value) as UsageError. */
function parseStrictly<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    // Its unknown-option message goes on about `--`; the first sentence is what helps.
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(message.replace(/\. To specify a positional argument[\s\S]*$/, '.'));
  }
}

function noMore(positionals: readonly string[]): void {
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
}

function required(value: string | undefined, option: string): string {
  if (!value) throw new UsageError(`Missing ${option}`);
  return value;
}

/** --url, else $PLINTH_URL, else the local default. */
function urlOf(option: string | undefined, io: CliIo): string {
  const value = option ?? io.env.PLINTH_URL ?? DEFAULT_URL;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // Reported below, like a URL of another scheme.
  }
  throw new UsageError(`--url must be an http or https address (got "${value}")`);
}

/** `documents,media` → every part named is in, every other part out. */
function includeOf(list: string): ExportInclude {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(EXPORT_PARTS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new UsageError(`--include takes ${EXPORT_PARTS.join(', ')} (got "${unknown.join(', ')}")`);
  }
  return Object.fromEntries(EXPORT_PARTS.map((part) => [part, names.includes(part)]));
}

function modeOf(value: string): ImportMode {
  const mode = IMPORT_MODES.find((candidate) => candidate === value);
  if (!mode) throw new UsageError(`--mode must be ${IMPORT_MODES.join(', ')} (got "${value}")`);
  return mode;
}

/** PLINTH_TOKEN, else PLINTH_EMAIL and PLINTH_PASSWORD to sign in with. */
function credentialsOf(env: CliIo['env']): Credentials {
  if (env.PLINTH_TOKEN) return { token: env.PLINTH_TOKEN };
  if (env.PLINTH_EMAIL && env.PLINTH_PASSWORD) return { email: env.PLINTH_EMAIL, password: env.PLINTH_PASSWORD };
  throw new UsageError('Set PLINTH_TOKEN, or PLINTH_EMAIL and PLINTH_PASSWORD, to sign in');
}
