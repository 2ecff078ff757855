import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createCollection, createDocument, createProject } from '../../test/content.js';
import { openEventStream } from '../../test/event-stream.js';
import { type Session, signUp, startTestServer, type TestServer } from '../../test/harness.js';

const REDIS_URL = process.env.TEST_REDIS_URL;

/**
 * Two instances on one SQLite file with REDIS_URL: the writer's commit reaches the other's
 * stream through Redis (the poll is set to an hour, so nothing else could carry it).
 */
describe.skipIf(!REDIS_URL)('event streams across instances on SQLite (Redis)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-events-redis-'));
  const databases: DatabaseHandle[] = [];
  const servers: TestServer[] = [];
  let owner: Session;
  let projectId: string;

  beforeAll(async () => {
    const config = loadConfig({
      PLINTH_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PLINTH_SEED_DEMO: 'false',
      REDIS_URL: REDIS_URL ?? '',
    });
    const open = () => openDatabase({ url: null, sqlitePath: path.join(dataDir, 'plinth.db') });
    databases.push(open(), open());
    await migrateToLatest((databases[0] as DatabaseHandle).db);
    for (const database of databases) {
      servers.push(await startTestServer({ config, database, worker: false, events: { pollMs: 3_600_000 } }));
    }
    const first = (servers[0] as TestServer).app;
    owner = await signUp(first);
    projectId = await createProject(first, owner);
    await createCollection(first, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [{ name: 'title', type: 'text' }],
    });
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const database of databases) await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a change made on one instance to a stream of the other', async () => {
    const [writer, reader] = servers as [TestServer, TestServer];
    await reader.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = reader.app.server.address() as AddressInfo;
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/v1/projects/${projectId}/events`, {
      token: owner.accessToken,
    });
    try {
      const page = await createDocument(writer.app, owner, projectId, 'pages', { data: { title: 'Across' } });
      const [created] = await stream.waitFor(1, (event) => event.event === 'document.created', 5_000);
      expect(JSON.parse(created?.data ?? '{}').data.id).toBe(page.id);
    } finally {
      stream.close();
    }
  });
});
