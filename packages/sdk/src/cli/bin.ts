#!/usr/bin/env node
// The `plinth-sdk` command (package.json "bin").
import { runCli } from './run.js';

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
