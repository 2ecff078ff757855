import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportArchive,
  importForm,
  packArchive,
  unpackArchive,
  waitForJob,
  withManifest,
} from '../../test/archives.js';
import { createCollection, createProject } from '../../test/content.js';
import { call, createTestApp, dumpDatabase, type Session, signUp, type TestApp } from '../../test/harness.js';

/** Webhooks may call this host in these tests; any other private address is refused. */
const ALLOW = { PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
const HOOK_URL = 'http://127.0.0.1:9/plinth';
/** The tables a failed or dry-run import must leave exactly as they were. */
const SETTINGS_TABLES = ['audiences', 'webhooks', 'collections', 'audit_log'];

const FRANCE = {
  key: 'france',
  name: 'France',
  priority: 10,
  match: 'all',
  rules: [{ attribute: 'country', op: 'eq', value: 'FR' }],
};
const MOBILE = {
  key: 'mobile',
  name: 'Mobile',
  priority: 20,
  match: 'any',
  rules: [{ attribute: 'device', op: 'eq', value: 'mobile' }],
};

describe('imports bring back audiences and webhooks', () => {
  /** The instance the archive comes from, and one it moves to. */
  let t: TestApp;
  let owner: Session;
  let u: TestApp;
  let mover: Session;
  let archive: Buffer;
  let webhookId: string;
  /** The project of the second instance the archive was restored into (merge). */
  let restored: string;

  const runImport = async (projectId: string, body: Buffer, fields: { mode?: string; dry_run?: string } = {}) => {
    const { payload, headers } = importForm(body, fields);
    const started = await call(u.app, mover, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/imports`,
      payload,
      headers,
    });
    expect(started.statusCode, started.body).toBe(202);
    return waitForJob(u.app, mover, `/api/v1/projects/${projectId}/imports/${started.json().data.id}`);
  };
  const audiencesOf = async (projectId: string) => {
    const list = await call(u.app, mover, { method: 'GET', url: `/api/v1/projects/${projectId}/audiences` });
    expect(list.statusCode, list.body).toBe(200);
    return (list.json().data as Record<string, unknown>[]).map(({ key, name, priority, match, rules }) => ({
      key,
      name,
      priority,
      match,
      rules,
    }));
  };
  const webhooksOf = async (projectId: string) => {
    const list = await call(u.app, mover, { method: 'GET', url: `/api/v1/projects/${projectId}/webhooks` });
    expect(list.statusCode, list.body).toBe(200);
    return list.json().data as { id: string; url: string; events: string[]; collections: string[] | null }[];
  };
  const settingsRows = async () => {
    const all = JSON.parse(await dumpDatabase(u.database)) as Record<string, unknown[]>;
    return SETTINGS_TABLES.map((table) => [table, all[table]]);
  };
  /** The archive with its webhook's URL swapped for another. */
  const withWebhookUrl = async (url: string) => {
    const entries = (await unpackArchive(archive)).map((entry) =>
      entry.name === 'webhooks.json'
        ? { ...entry, body: Buffer.from(entry.body.toString('utf8').replace(HOOK_URL, url)) }
        : entry,
    );
    return packArchive(withManifest(entries));
  };

  beforeAll(async () => {
    t = await createTestApp({ env: ALLOW });
    owner = await signUp(t.app);
    u = await createTestApp({ env: ALLOW });
    mover = await signUp(u.app);
    const source = await createProject(t.app, owner);
    await createCollection(t.app, owner, source, {
      slug: 'posts',
      name: 'Posts',
      fields: [{ name: 'title', type: 'text' }],
    });
    for (const audience of [FRANCE, MOBILE]) {
      const created = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${source}/audiences`,
        payload: audience,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const webhook = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${source}/webhooks`,
      payload: { url: HOOK_URL, events: ['document.published'], collections: ['posts'], description: 'Site build' },
    });
    expect(webhook.statusCode, webhook.body).toBe(201);
    webhookId = webhook.json().data.id;
    archive = await exportArchive(t.app, owner, source);
  });
  afterAll(async () => {
    await t.close();
    await u.close();
  });

  it('a dry run reports the same counts and writes nothing', async () => {
    const target = await createProject(u.app, mover);
    const before = await settingsRows();
    const done = await runImport(target, archive, { dry_run: 'true' });
    expect(done).toMatchObject({ status: 'done', dry_run: true });
    expect(done.report).toEqual({ created: 3, updated: 0, unchanged: 0, conflicts: [], errors: [] });
    expect(await settingsRows()).toEqual(before);
    expect(await audiencesOf(target)).toEqual([]);
    expect(await webhooksOf(target)).toEqual([]);
  });

  describe('a webhook URL to a private address fails the import whole', () => {
    for (const dryRun of ['false', 'true']) {
      it(`refuses it and writes nothing (dry_run ${dryRun})`, async () => {
        const target = await createProject(u.app, mover);
        const before = await settingsRows();
        const done = await runImport(target, await withWebhookUrl('http://10.1.2.3/plinth'), { dry_run: dryRun });
        expect(done).toMatchObject({
          status: 'failed',
          report: { created: 0, updated: 0, unchanged: 0, conflicts: [] },
        });
        expect(done.report.errors).toEqual([
          { path: 'webhooks.json', message: expect.stringMatching(new RegExp(`^webhook ${webhookId} url is refused`)) },
        ]);
        expect(await settingsRows()).toEqual(before);
        expect(await audiencesOf(target)).toEqual([]);
        expect(await webhooksOf(target)).toEqual([]);
      });
    }
  });

  it('merge restores both with the webhook id kept and a new secret; a second import changes nothing', async () => {
    const target = await createProject(u.app, mover);
    restored = target;
    const done = await runImport(target, archive);
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(done.report).toEqual({ created: 3, updated: 0, unchanged: 0, conflicts: [], errors: [] });
    expect(await audiencesOf(target)).toEqual([FRANCE, MOBILE]);
    const [webhook, ...others] = await webhooksOf(target);
    expect(others).toEqual([]);
    expect(webhook).toMatchObject({
      id: webhookId,
      url: HOOK_URL,
      events: ['document.published'],
      collections: ['posts'],
      active: true,
      description: 'Site build',
    });
    // The archive has no secret: the restored webhook signs with one of its own.
    const row = (await u.database.db.selectFrom('webhooks').select('secret').where('id', '=', webhookId).execute())[0];
    expect(row?.secret).toMatch(/^whsec_.{20,}/);

    const again = await runImport(target, archive);
    expect(again.report).toEqual({ created: 0, updated: 0, unchanged: 3, conflicts: [], errors: [] });
  });

  it('merge updates what differs; replace also removes the audiences and webhooks the archive lacks', async () => {
    // The restored project: the archive's webhook id is its own on this instance.
    const target = restored;
    const edited = await call(u.app, mover, {
      method: 'PATCH',
      url: `/api/v1/projects/${target}/audiences/france`,
      payload: { name: 'Frankreich', priority: 99 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const extra = await call(u.app, mover, {
      method: 'POST',
      url: `/api/v1/projects/${target}/audiences`,
      payload: { key: 'extra', name: 'Extra' },
    });
    expect(extra.statusCode, extra.body).toBe(201);
    const extraHook = await call(u.app, mover, {
      method: 'POST',
      url: `/api/v1/projects/${target}/webhooks`,
      payload: { url: 'http://127.0.0.1:9/other', events: ['*'] },
    });
    expect(extraHook.statusCode, extraHook.body).toBe(201);

    const merged = await runImport(target, archive);
    expect(merged.report).toEqual({ created: 0, updated: 1, unchanged: 2, conflicts: [], errors: [] });
    expect((await audiencesOf(target)).map((audience) => audience.key)).toEqual(['france', 'mobile', 'extra']);
    expect((await audiencesOf(target))[0]).toEqual(FRANCE);
    expect(await webhooksOf(target)).toHaveLength(2);

    const replaced = await runImport(target, archive, { mode: 'replace' });
    // The extra audience and webhook are removed (counted as updates, as trashed documents are).
    expect(replaced.report).toEqual({ created: 0, updated: 2, unchanged: 3, conflicts: [], errors: [] });
    expect(await audiencesOf(target)).toEqual([FRANCE, MOBILE]);
    expect((await webhooksOf(target)).map((webhook) => webhook.id)).toEqual([webhookId]);

    const again = await runImport(target, archive, { mode: 'replace' });
    expect(again.report).toEqual({ created: 0, updated: 0, unchanged: 3, conflicts: [], errors: [] });
  });

  it('copy creates what is missing with a new webhook id, leaves existing audiences, and is idempotent', async () => {
    const target = await createProject(u.app, mover);
    const own = await call(u.app, mover, {
      method: 'POST',
      url: `/api/v1/projects/${target}/audiences`,
      payload: { ...FRANCE, name: 'Our France' },
    });
    expect(own.statusCode, own.body).toBe(201);
    const done = await runImport(target, archive, { mode: 'copy' });
    expect(done.report).toEqual({ created: 2, updated: 0, unchanged: 1, conflicts: [], errors: [] });
    expect(await audiencesOf(target)).toEqual([{ ...FRANCE, name: 'Our France' }, MOBILE]);
    const hooks = await webhooksOf(target);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ url: HOOK_URL, events: ['document.published'], collections: ['posts'] });
    expect(hooks[0]?.id).not.toBe(webhookId);

    const again = await runImport(target, archive, { mode: 'copy' });
    expect(again.report).toEqual({ created: 0, updated: 0, unchanged: 3, conflicts: [], errors: [] });
    expect(await webhooksOf(target)).toEqual(hooks);
  });

  it('refuses webhook ids that belong to another project of this instance', async () => {
    // The restored project holds the archive's webhook id.
    const target = await createProject(u.app, mover);
    const done = await runImport(target, archive);
    expect(done).toMatchObject({ status: 'failed', report: { created: 0, errors: [] } });
    expect(done.report.conflicts).toEqual([
      { path: 'webhooks.json', message: `webhook ${webhookId} belongs to another project` },
    ]);
    expect(await audiencesOf(target)).toEqual([]);
  });

  it('imports an older archive without the two files as before', async () => {
    const older = (await unpackArchive(archive)).filter(
      (entry) => entry.name !== 'audiences.json' && entry.name !== 'webhooks.json',
    );
    const target = await createProject(u.app, mover);
    const done = await runImport(target, await packArchive(withManifest(older)));
    expect(done.report).toEqual({ created: 0, updated: 0, unchanged: 0, conflicts: [], errors: [] });
    expect(await audiencesOf(target)).toEqual([]);
  });
});
