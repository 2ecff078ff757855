import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRow } from '../db/schema.js';
import { dialectName, TEST_DATABASE_URL } from '../test/harness.js';
import { freePort } from '../test/ports.js';
import {
  api,
  closeAfterTest,
  freshStore,
  login,
  PASSWORD,
  registerAndLogin,
  run,
  type Store,
  startServer,
  startWorker,
  stopProcesses,
  tempDir,
  WAIT_MS,
  within,
} from '../test/processes.js';
import { startSmtpServer } from '../test/smtp.js';
import { EMAIL_JOB } from './email.job.js';
import { JobQueue } from './queue.js';

/*
 * The job queue survives what processes go through: a stop and start of the server, and a
 * worker killed in the middle of a job. Real processes of the built CLI, on a SQLite file, or
 * on a PostgreSQL schema of their own when TEST_DATABASE_URL is set (there, two worker
 * processes also share one queue).
 */

/** The TCP ports a process listens on (Linux: its socket descriptors, found in /proc/net/tcp and tcp6). */
function listeningPorts(pid: number): number[] {
  const sockets = new Set(
    fs
      .readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined;
        }
      })
      .filter((inode): inode is string => inode !== undefined),
  );
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // Columns: sl, local address (hex ip:port), remote address, state (0A = LISTEN), …, inode (10th).
      const [, local, , state, , , , , , inode] = columns;
      if (state === '0A' && inode && sockets.has(inode)) ports.push(Number.parseInt(local?.split(':')[1] ?? '', 16));
    }
  }
  return ports;
}

async function jobsIn(store: Store, kind: string): Promise<JobRow[]> {
  const database = store.open();
  try {
    return await database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
  } finally {
    await database.close();
  }
}

afterEach(stopProcesses);

describe(`durable jobs across processes (${dialectName})`, () => {
  it('runs a publish that fell due while the server was down as soon as it starts again', async () => {
    const dataDir = tempDir();
    const store = await freshStore(dataDir);
    const env = { PLINTH_DATA_DIR: dataDir, ...store.env };
    const first = await startServer(env);
    const email = 'scheduler@example.com';
    const token = await registerAndLogin(first.baseUrl, email);
    const project = await api(first.baseUrl, 'POST', '/projects', {
      token,
      body: { name: 'Durable' },
      expected: 201,
    });
    const projectId = project.data.id as string;
    await api(first.baseUrl, 'POST', `/projects/${projectId}/collections`, {
      token,
      body: { slug: 'posts', name: 'Posts', fields: [{ name: 'title', type: 'text', required: true }] },
      expected: 201,
    });
    const docs = `/projects/${projectId}/collections/posts/documents`;
    const created = await api(first.baseUrl, 'POST', docs, {
      token,
      body: { data: { title: 'Later' } },
      expected: 201,
    });
    const documentId = created.data.id as string;
    const publishAt = new Date(Date.now() + 4_000);
    const scheduled = await api(first.baseUrl, 'POST', `${docs}/${documentId}/schedule`, {
      token,
      body: { publish_at: publishAt.toISOString() },
    });
    expect(scheduled.data).toMatchObject({ status: 'draft', publish_at: publishAt.toISOString() });

    first.child.kill('SIGTERM');
    expect(await within(first.exited, WAIT_MS, 'the server to stop')).toEqual({ code: 0, signal: null });
    expect(Date.now(), 'the server stopped before the publish time').toBeLessThan(publishAt.getTime());
    // Nothing ran it while the server was down.
    await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() + 300 - Date.now()));
    const [pending] = await jobsIn(store, 'document.scheduled');
    expect(pending).toMatchObject({ status: 'pending', attempts: 0 });

    const second = await startServer(env);
    const startedAt = Date.now();
    const again = await login(second.baseUrl, email);
    let document: Record<string, unknown> = {};
    for (;;) {
      document = (await api(second.baseUrl, 'GET', `${docs}/${documentId}`, { token: again })).data;
      if (document.status === 'published') break;
      if (Date.now() - startedAt > 5_000) throw new Error(`not published 5 s after start: ${JSON.stringify(document)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(document).toMatchObject({ status: 'published', publish_at: null });
    expect(new Date(document.published_at as string).getTime()).toBeGreaterThanOrEqual(publishAt.getTime());
    const [done] = await jobsIn(store, 'document.scheduled');
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
    const audit = await api<{ data: { action: string; actor: { type: string } }[] }>(
      second.baseUrl,
      'GET',
      `/projects/${projectId}/audit-log?target_id=${documentId}&action=document.published`,
      { token: again },
    );
    expect(audit.data).toEqual([expect.objectContaining({ actor: { type: 'system', id: null, name: null } })]);
  }, 40_000);

  it('runs a due scheduled publish in a worker process that serves no HTTP', async () => {
    const dataDir = tempDir();
    const store = await freshStore(dataDir);
    const env = { PLINTH_DATA_DIR: dataDir, ...store.env };
    // The API process runs no jobs: only the worker can publish.
    const server = await startServer(env, 'api');
    const token = await registerAndLogin(server.baseUrl, 'worker-only@example.com');
    const project = await api(server.baseUrl, 'POST', '/projects', { token, body: { name: 'Worker' }, expected: 201 });
    const projectId = project.data.id as string;
    await api(server.baseUrl, 'POST', `/projects/${projectId}/collections`, {
      token,
      body: { slug: 'posts', name: 'Posts', fields: [{ name: 'title', type: 'text', required: true }] },
      expected: 201,
    });
    const docs = `/projects/${projectId}/collections/posts/documents`;
    const created = await api(server.baseUrl, 'POST', docs, {
      token,
      body: { data: { title: 'Soon' } },
      expected: 201,
    });
    const documentId = created.data.id as string;
    const publishAt = new Date(Date.now() + 2_000);
    await api(server.baseUrl, 'POST', `${docs}/${documentId}/schedule`, {
      token,
      body: { publish_at: publishAt.toISOString() },
    });

    // Told a port to serve, the worker must still open none.
    const port = await freePort();
    const worker = await startWorker({ ...env, PORT: String(port) });
    // Read from the database, as an operator would: without Redis, the API process's cache of
    // the document learns nothing of what another process changed.
    const deadline = publishAt.getTime() + 10_000;
    let stored: { status: string; publish_at: string | null; published_at: string | null } | undefined;
    for (;;) {
      const database = store.open();
      try {
        stored = await database.db
          .selectFrom('documents')
          .select(['status', 'publish_at', 'published_at'])
          .where('id', '=', documentId)
          .executeTakeFirst();
      } finally {
        await database.close();
      }
      if (stored?.status === 'published') break;
      if (Date.now() > deadline) throw new Error(`not published 10 s after its time: ${JSON.stringify(stored)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stored).toMatchObject({ status: 'published', publish_at: null });
    expect(new Date(stored.published_at as string).getTime()).toBeGreaterThanOrEqual(publishAt.getTime());
    const [job] = await jobsIn(store, 'document.scheduled');
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect(job?.locked_by?.split(':')[1]).toBe(String(worker.child.pid));

    expect(listeningPorts(worker.child.pid as number)).toEqual([]);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    expect(connected, `something answers on port ${port}`).toBe(false);
    expect(worker.output.stdout).not.toMatch(/Server listening/);
    // The worker stops on SIGTERM like the server does.
    worker.child.kill('SIGTERM');
    expect(await within(worker.exited, WAIT_MS, 'the worker to stop')).toEqual({ code: 0, signal: null });
  }, 40_000);

  it('retries, after its lease, an email whose worker was killed while sending it', async () => {
    const smtp = await startSmtpServer({ holdMessages: 1 });
    closeAfterTest(smtp.close);
    const dataDir = tempDir();
    const store = await freshStore(dataDir);
    const env = { PLINTH_DATA_DIR: dataDir, SMTP_URL: smtp.url, PLINTH_JOB_LEASE_MS: '2000', ...store.env };
    const server = await startServer(env, 'api');
    const firstWorker = await startWorker(env);

    const email = 'forgetful@example.com';
    await api(server.baseUrl, 'POST', '/auth/register', {
      body: { name: 'Forgetful', email, password: PASSWORD },
      expected: 201,
    });
    await api(server.baseUrl, 'POST', '/auth/forgot-password', { body: { email }, expected: 202 });

    // The worker has the job and is in the middle of sending it: kill it there.
    await smtp.waitForHeld(email, 10_000);
    firstWorker.child.kill('SIGKILL');
    expect(await within(firstWorker.exited, WAIT_MS, 'the worker to die')).toEqual({ code: null, signal: 'SIGKILL' });
    const [orphan] = await jobsIn(store, EMAIL_JOB);
    expect(orphan).toMatchObject({ status: 'running', attempts: 1 });
    expect(smtp.received).toHaveLength(0);

    const secondWorker = await startWorker(env);
    const mail = await smtp.waitFor(email, /reset/i, 10_000);
    expect(mail.text).toContain('/reset-password');
    // The worker marks the job done just after the mail server took the message.
    const deadline = Date.now() + WAIT_MS;
    let [done] = await jobsIn(store, EMAIL_JOB);
    while (done?.status === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [done] = await jobsIn(store, EMAIL_JOB);
    }
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect(done?.last_error).toMatch(/lease expired/);
    expect(secondWorker.output.stdout).toContain('Email sent');
    // The API process never ran it: it runs no jobs.
    expect(server.output.stdout).not.toContain('Email sent');
  }, 40_000);

  it.skipIf(!TEST_DATABASE_URL)(
    'runs each job of a shared queue exactly once with two worker processes',
    async () => {
      const dataDir = tempDir();
      const store = await freshStore(dataDir);
      const env = { PLINTH_DATA_DIR: dataDir, ...store.env };
      const migrate = run(['migrate'], env);
      expect(await within(migrate.exited, WAIT_MS, 'the migration')).toEqual({ code: 0, signal: null });
      const workers = [await startWorker(env), await startWorker(env)];

      // Queued at once (one transaction), so both workers find them on their next look.
      const total = 300;
      const database = store.open();
      closeAfterTest(() => database.close());
      const queue = new JobQueue(database.db, database.dialect, () => new Date());
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < total; i++) {
          await queue.in(trx).enqueue({
            kind: EMAIL_JOB,
            payload: { to: `reader-${i}@example.com`, subject: `Job ${i}`, text: `Body ${i}` },
          });
        }
      });
      const deadline = Date.now() + 60_000;
      while ((await queue.depth()) > 0) {
        if (Date.now() > deadline) throw new Error(`${await queue.depth()} jobs still pending after 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      // The handler records each run: one file in the outbox per email sent.
      const outbox = path.join(dataDir, 'mail');
      const subjects = fs
        .readdirSync(outbox)
        .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8').match(/^Subject: (Job \d+)$/m)?.[1]);
      const runs = new Map<string, number>();
      for (const subject of subjects) runs.set(String(subject), (runs.get(String(subject)) ?? 0) + 1);
      expect(runs.size).toBe(total);
      expect([...runs.entries()].filter(([, count]) => count !== 1)).toEqual([]);
      const jobs = await jobsIn(store, EMAIL_JOB);
      expect(jobs).toHaveLength(total);
      expect(jobs.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
      // Both processes did work, so the race was real.
      const pids = new Set(jobs.map((job) => job.locked_by?.split(':')[1]));
      expect(pids).toEqual(new Set(workers.map((worker) => String(worker.child.pid))));
    },
    90_000,
  );
});
