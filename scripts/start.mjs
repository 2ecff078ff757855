// `npm start`: brings the build up to date (incremental, about a second when nothing changed),
// then runs the server, which migrates the database and seeds a demo on first start.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, ['node_modules/typescript/bin/tsc', '-b']);
run(process.execPath, ['apps/server/dist/main.js', 'start', ...process.argv.slice(2)]);
