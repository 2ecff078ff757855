import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createCollection, createDocument, createProject, createToken } from '../test/content.js';
import { call, type Session, signUp, startTestServer, type TestServer } from '../test/harness.js';

const REDIS_URL = process.env.TEST_REDIS_URL;

// Two instances on one database: what one changes, the other must stop serving from its cache.
describe.skipIf(!REDIS_URL)('cache invalidation across instances (Redis)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-bus-'));
  const databases: DatabaseHandle[] = [];
  let firstServer: TestServer;
  let secondServer: TestServer;
  let owner: Session;
  let token: string;
  let url: string;

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
    firstServer = await startTestServer({ config, database: databases[0] as DatabaseHandle, worker: false });
    secondServer = await startTestServer({ config, database: databases[1] as DatabaseHandle, worker: false });
    const first = firstServer.app;
    owner = await signUp(first);
    const projectId = await createProject(first, owner);
    await createCollection(first, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [{ name: 'title', type: 'text' }],
    });
    const page = await createDocument(first, owner, projectId, 'pages', {
      data: { title: 'Before' },
      status: 'published',
    });
    token = await createToken(first, owner, projectId, ['content:read']);
    url = `/api/v1/projects/${projectId}/collections/pages/documents/${page.id}`;
  });

  afterAll(async () => {
    await firstServer?.close();
    await secondServer?.close();
    for (const database of databases) await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the other instance’s change instead of its cached answer', async () => {
    const [first, second] = [firstServer.app, secondServer.app];
    const cached = await call(second, token, { method: 'GET', url });
    expect(cached.json().data.data.title).toBe('Before');
    await call(first, owner, { method: 'PATCH', url, payload: { data: { title: 'After' } } });
    await call(first, owner, { method: 'POST', url: `${url}/publish` });
    let title = '';
    for (let attempt = 0; attempt < 50 && title !== 'After'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      title = (await call(second, token, { method: 'GET', url })).json().data.data.title;
    }
    expect(title).toBe('After');
  });
});
