import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

function runNode(args: string[], onError: (output: string) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    execFile(process.execPath, args, { cwd: root, timeout: 170_000 }, (error, stdout, stderr) => {
      if (error) onError(`${stdout}${stderr}`);
      resolve();
    });
  });
}

/**
 * Builds the server once before any test file runs, for the tests that start it as a real
 * process (main, durability, webhook crash): `tsc -b`, then the bundle operators run
 * (apps/server/dist/main.js). Files run in parallel; two of them building at the same time would
 * write the same outputs at once.
 */
export default async function buildServer(): Promise<void> {
  // Type errors elsewhere still emit JavaScript; only a missing entry point matters.
  await runNode([path.join(root, 'node_modules/typescript/bin/tsc'), '-b'], (output) =>
    console.warn(`tsc -b reported problems:\n${output}`),
  );
  let bundleError = '';
  await runNode([path.join(root, 'apps/server/bundle.mjs'), '--if-stale'], (output) => {
    bundleError = output;
  });
  if (bundleError || !fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    throw new Error(`apps/server/dist/main.js could not be bundled:\n${bundleError}`);
  }
}
