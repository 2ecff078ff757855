/** What a command touches outside itself, so tests can run it in-process as well as in a child. */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  /** Relative paths (the archive, --out) are resolved against it. */
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  /** A terminal gets a progress bar redrawn in place; anything else a line per 10%. */
  isStderrTty: boolean;
}

/** A command line the CLI cannot run (an unknown option, a missing value): usage, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
