import { afterEach, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.js';
import { dialectName, TEST_DATABASE_URL } from '../../test/harness.js';
import { api, freshStore, registerAndLogin, startServer, stopProcesses, tempDir } from '../../test/processes.js';

afterEach(stopProcesses);

/**
 * Two server processes of the built CLI on one database: a write made through one reaches a
 * stream opened on the other. On PostgreSQL through LISTEN/NOTIFY (the processes' poll is set
 * to an hour, so nothing else could carry it); on a shared SQLite file through the poll.
 */
describe(`event streams across processes (${dialectName})`, () => {
  it('delivers a change made on one instance to a subscriber of the other, in order, and resumes there', async () => {
    const dataDir = tempDir();
    const store = await freshStore(dataDir);
    const env = {
      PLINTH_DATA_DIR: dataDir,
      ...store.env,
      ...(TEST_DATABASE_URL ? { PLINTH_EVENTS_POLL_MS: '3600000' } : { PLINTH_EVENTS_POLL_MS: '200' }),
    };
    const writer = await startServer(env);
    const reader = await startServer(env, 'api');
    const token = await registerAndLogin(writer.baseUrl, 'instances@example.com');
    const project = await api(writer.baseUrl, 'POST', '/projects', { token, body: { name: 'Two' }, expected: 201 });
    const projectId = project.data.id as string;
    await api(writer.baseUrl, 'POST', `/projects/${projectId}/collections`, {
      token,
      body: { slug: 'posts', name: 'Posts', fields: [{ name: 'title', type: 'text', required: true }] },
      expected: 201,
    });
    const stream = await openEventStream(`${reader.baseUrl}/api/v1/projects/${projectId}/events`, { token });
    expect(stream.status).toBe(200);
    const docs = `/projects/${projectId}/collections/posts/documents`;
    const titles = ['One', 'Two', 'Three'];
    for (const title of titles) {
      await api(writer.baseUrl, 'POST', docs, { token, body: { data: { title } }, expected: 201 });
    }
    const received = await stream.waitFor(3, (event) => event.event === 'document.created', 10_000);
    expect(received.map((event) => JSON.parse(event.data).data.data.title)).toEqual(titles);
    stream.close();

    // Resuming on the writer's instance from the reader's last id gets what came after, once.
    const created = await api(writer.baseUrl, 'POST', docs, {
      token,
      body: { data: { title: 'Four' } },
      expected: 201,
    });
    await api(writer.baseUrl, 'POST', `${docs}/${created.data.id}/publish`, { token });
    const resumed = await openEventStream(`${writer.baseUrl}/api/v1/projects/${projectId}/events`, {
      token,
      lastEventId: received[2]?.id ?? '',
    });
    const after = await resumed.waitFor(2);
    expect(after.map((event) => event.event)).toEqual(['document.created', 'document.published']);
    resumed.close();
  }, 60_000);
});
