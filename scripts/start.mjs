// `npm start`: brings the build up to date (incremental, about a second when nothing changed),
// then runs the server, which migrates the database and seeds a demo on first start.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newest } from './newest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Rebuilds the web app when its build is missing or older than its sources. */
function buildWeb() {
  const web = path.join(root, 'apps/web');
  const built = path.join(web, 'dist/index.html');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((name) => path.join(web, name));
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt > 0 && Math.max(...sources.map(newest)) <= builtAt) return;
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  if (!existsSync(vite)) {
    // Installed without dev dependencies: serve the existing build, or the API alone.
    console.warn('plinth: Vite is not installed; the web app cannot be rebuilt');
    return;
  }
  run(process.execPath, [vite, 'build', '--logLevel', 'warn'], web);
}

run(process.execPath, ['node_modules/typescript/bin/tsc', '-b']);
run(process.execPath, ['apps/server/bundle.mjs', '--if-stale']);
buildWeb();
run(process.execPath, ['apps/server/dist/main.js', 'start', ...process.argv.slice(2)]);
