import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Builds the server once before any test file runs, for the tests that start it as a real
 * process (main, durability, webhook crash). Files run in parallel; two of them running
 * `tsc -b` at the same time would write the same outputs at once.
 */
export default async function buildServer(): Promise<void> {
  await new Promise<void>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-b'],
      { cwd: root, timeout: 170_000 },
      (error, stdout) => {
        // Type errors elsewhere still emit JavaScript; only a missing entry point matters.
        if (error) console.warn(`tsc -b reported problems:\n${stdout}`);
        resolve();
      },
    );
  });
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    throw new Error('apps/server/dist/main.js is missing after tsc -b');
  }
}
