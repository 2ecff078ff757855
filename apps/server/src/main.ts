#!/usr/bin/env node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { CLIENT_USAGE, isClientCommand, runClientCommand } from './cli/run.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createLogger } from './lib/logger.js';
import { seedSite } from './modules/blog/seed-site.js';
import { seedDemo } from './seed.js';
import { createServices } from './services.js';

const USAGE = `Usage: plinth <command>

Commands:
  start     migrate the database, seed a demo on first start, and serve (default)
            --role all      serve HTTP and run background jobs (default)
            --role api      serve HTTP only (run workers elsewhere)
            --role worker   run background jobs only
  migrate   bring the database schema up to date and exit
${CLIENT_USAGE}`;

type Role = 'all' | 'api' | 'worker';

function parseRole(args: string[]): Role {
  const index = args.indexOf('--role');
  if (index === -1) return 'all';
  const role = args[index + 1];
  if (role === 'all' || role === 'api' || role === 'worker') return role;
  process.stderr.write(`--role must be all, api or worker (got "${role ?? ''}")\n`);
  process.exit(1);
}

/**
 * apps/web/dist: the Vite build of the web app. The bundle (dist/main.js), the compiled modules
 * (build/main.js) and this source all sit one folder below apps/server.
 */
const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function openConfiguredDatabase(config: Config) {
  return openDatabase({ url: config.databaseUrl, sqlitePath: path.join(config.dataDir, 'plinth.db') });
}

async function migrate(config: Config): Promise<void> {
  const database = openConfiguredDatabase(config);
  try {
    await migrateToLatest(database.db);
    process.stdout.write('The database schema is up to date.\n');
  } finally {
    await database.close();
  }
}

/** Closes an HTTP server gracefully: in-flight requests finish, idle keep-alive connections go. */
async function closeServer(app: FastifyInstance): Promise<void> {
  // close() drops the connections idle at that moment; a keep-alive connection whose request
  // finishes later would hold the process until the client lets go, so drop each once idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
  reaper.unref();
  await app.close();
  clearInterval(reaper);
}

/**
 * Starts one process of the given role over the same services: `api` serves HTTP, `worker`
 * runs background jobs and opens no port, `all` does both.
 */
async function start(config: Config, role: Role): Promise<void> {
  const log = createLogger(config.logLevel);
  const database = openConfiguredDatabase(config);
  await migrateToLatest(database.db);
  const services = await createServices({ config, database, log });
  if (config.seedDemo && role !== 'worker') {
    await seedDemo(services, log);
    await seedSite(services, log);
  }
  // A worker-only process has no server to keep it running: its worker does.
  const worker = role === 'api' ? null : services.worker({ leaseMs: config.jobLeaseMs, keepAlive: role === 'worker' });
  const app = role === 'worker' ? null : await buildApp({ services, webDistDir: WEB_DIST_DIR });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, app ? 'Shutting down: finishing in-flight requests' : 'Shutting down: finishing jobs');
    const timer = setTimeout(() => {
      log.error('In-flight work did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    if (app) await closeServer(app);
    await worker?.stop();
    await services.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (app) {
    await app.ready();
    await services.startBackgroundWork();
  }
  worker?.start();
  if (!app) {
    log.info('Plinth worker is running background jobs');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  log.info(`Plinth is serving ${config.publicUrl} (API reference: ${config.publicUrl}/api/docs)`);
}

async function main(argv: string[]): Promise<void> {
  const [command = 'start', ...args] = argv;
  if (command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return;
  }
  // These talk to a running Plinth over HTTP: they need none of the server's configuration.
  if (isClientCommand(command)) {
    process.exitCode = await runClientCommand(command, args, {
      env: process.env,
      cwd: process.cwd(),
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      isStderrTty: process.stderr.isTTY === true,
    });
    return;
  }
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (command === 'migrate') return migrate(config);
  if (command === 'start') return start(config, parseRole(args));
  process.stderr.write(`Unknown command "${command}".\n${USAGE}`);
  process.exit(1);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`Plinth could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
