import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { freePort } from '../apps/server/src/test/ports.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export const ADMIN = { email: 'e2e-admin@plinth.test', password: 'e2e admin password' };

export interface ServerOptions {
  /** Extra environment for the server process, e.g. SMTP_URL of a test mail server. */
  env?: Record<string, string>;
  /** Keeps what the server writes (its log) for `output()`; stderr is still shown. */
  captureOutput?: boolean;
}

/** The built production server on a free port with a fresh SQLite data dir. */
export async function startServer(
  options: ServerOptions = {},
): Promise<{ url: string; dataDir: string; output(): string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PLINTH_DATA_DIR: dataDir,
      PLINTH_SEED_DEMO: 'false',
      PLINTH_ADMIN_EMAIL: ADMIN.email,
      PLINTH_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: options.captureOutput ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => {
    output.push(chunk);
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: a CI machine may be busy (a build, a browser) when a journey starts its server.
  const deadline = Date.now() + 45_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    output: () => Buffer.concat(output).toString('utf8'),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What this closed network needs: without them Chromium keeps calling Google's hosts. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, through playwright-core. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
