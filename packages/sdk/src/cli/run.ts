import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PlinthError, PlinthNetworkError } from '../errors.js';
import { generate } from '../generate/index.js';

export const USAGE = `Usage: plinth-sdk generate --url <PLINTH_URL> --project <id> --token <token> [--out plinth-types.ts]

Writes TypeScript interfaces for the project's collections and components.
  --url      where Plinth runs (default: $PLINTH_URL)
  --project  the project id (default: $PLINTH_PROJECT_ID)
  --token    an API token with schema:read (default: $PLINTH_TOKEN)
  --out      the file to write, or - for standard output (default: plinth-types.ts)
`;

/** What the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  env: Record<string, string | undefined>;
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  fetch?: typeof globalThis.fetch;
}

/**
 * Runs `plinth-sdk` with the arguments after the program name; resolves to the exit code.
 * @example process.exitCode = await runCli(['generate', '--project', 'p1'], { env: process.env, cwd: process.cwd(), … });
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'generate') {
    io.stderr(USAGE);
    return 1;
  }
  const url = values.url ?? io.env.PLINTH_URL;
  const projectId = values.project ?? io.env.PLINTH_PROJECT_ID;
  const token = values.token ?? io.env.PLINTH_TOKEN;
  const missing = [!url && '--url', !projectId && '--project', !token && '--token'].filter(Boolean);
  if (!url || !projectId || !token) {
    io.stderr(`Missing ${missing.join(', ')}\n\n${USAGE}`);
    return 1;
  }
  try {
    const source = await generate({ url, projectId, token, ...(io.fetch ? { fetch: io.fetch } : {}) });
    const out = values.out ?? 'plinth-types.ts';
    if (out === '-') {
      io.stdout(source);
      return 0;
    }
    const file = path.resolve(io.cwd, out);
    try {
      await writeFile(file, source);
    } catch (error) {
      io.stderr(`Could not write ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    io.stdout(`Wrote the types of project ${projectId} to ${file}\n`);
    return 0;
  } catch (error) {
    if (error instanceof PlinthError) {
      io.stderr(`Plinth answered ${error.status} ${error.code}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof PlinthNetworkError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      project: { type: 'string' },
      token: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
