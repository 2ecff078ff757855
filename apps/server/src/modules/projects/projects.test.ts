import type { ListMeta, Project } from '@plinth/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createTestClock,
  dialectName,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
} from '../../test/harness.js';

type ProjectBody = { name?: unknown; slug?: unknown; locales?: unknown; default_locale?: unknown } & Record<
  string,
  unknown
>;

async function createProject(app: FastifyInstance, session: Session, body: ProjectBody = {}): Promise<Project> {
  const response = await call(app, session, {
    method: 'POST',
    url: '/api/v1/projects',
    payload: { name: 'Project', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Project }>().data;
}

async function listMine(app: FastifyInstance, session: Session, query = '') {
  const response = await call(app, session, { method: 'GET', url: `/api/v1/projects${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Project[]; meta: ListMeta }>();
}

/** `count` distinct valid tags: xaa, xab, … */
const manyLocales = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `x${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`,
  );

/** A 400 VALIDATION_FAILED whose details name `field`. */
function expectInvalid(response: LightMyRequestResponse, field: string) {
  const body = expectError(response, 400, 'VALIDATION_FAILED');
  expect(body.details?.map((detail) => detail.path)).toContain(field);
}

describe('projects', () => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, { name: 'Owner' });
  });
  afterAll(async () => t.close());

  describe('create', () => {
    it('answers 201 with the project; the creator is its owner', async () => {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: '  Acme Site  ', locales: ['en', 'es', 'zh-Hans'], default_locale: 'es' },
      });
      expect(response.statusCode).toBe(201);
      const project = response.json<{ data: Project }>().data;
      expect(project).toEqual({
        id: expect.any(String),
        name: 'Acme Site',
        slug: 'acme-site',
        plan: 'starter',
        locales: ['en', 'es', 'zh-Hans'],
        default_locale: 'es',
        role: 'owner',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      const read = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project.id}` });
      expect(read.json<{ data: Project }>().data).toEqual(project);
      const members = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project.id}/members` });
      expect(members.json().data).toEqual([
        expect.objectContaining({ user_id: owner.userId, email: owner.email, role: 'owner', status: 'active' }),
      ]);
    });

    it('defaults locales to ["en"], or to the default locale when only that is given', async () => {
      const plain = await createProject(t.app, owner, { name: 'Plain' });
      expect(plain).toMatchObject({ locales: ['en'], default_locale: 'en' });
      const french = await createProject(t.app, owner, { name: 'French', default_locale: 'fr' });
      expect(french).toMatchObject({ locales: ['fr'], default_locale: 'fr' });
      const first = await createProject(t.app, owner, { name: 'First', locales: ['es', 'en'] });
      expect(first).toMatchObject({ locales: ['es', 'en'], default_locale: 'es' });
    });

    it('generates a unique slug from the name, and keeps an explicit one', async () => {
      const a = await createProject(t.app, owner, { name: 'Café Menu!' });
      const b = await createProject(t.app, owner, { name: 'Café Menu!' });
      const c = await createProject(t.app, owner, { name: 'cafe menu' });
      expect([a.slug, b.slug, c.slug]).toEqual(['cafe-menu', 'cafe-menu-2', 'cafe-menu-3']);
      const symbols = await createProject(t.app, owner, { name: '日本語' });
      expect(symbols.slug).toMatch(/^project(-\d+)?$/);
      const explicit = await createProject(t.app, owner, { name: 'Whatever', slug: 'my-own-slug' });
      expect(explicit.slug).toBe('my-own-slug');
    });

    it('answers 409 for an explicit slug that is taken, also by another user', async () => {
      await createProject(t.app, owner, { name: 'Taken', slug: 'taken-slug' });
      const other = await signUp(t.app);
      const response = await call(t.app, other, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: 'Mine', slug: 'taken-slug' },
      });
      expectError(response, 409, 'CONFLICT');
      expect((await listMine(t.app, other)).meta.total).toBe(0);
    });

    it('answers one 201 and one 409 for two concurrent creates with the same slug, never a 500', async () => {
      const responses = await Promise.all(
        [1, 2].map(() =>
          call(t.app, owner, { method: 'POST', url: '/api/v1/projects', payload: { name: 'Race', slug: 'race-slug' } }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      const conflict = responses.find((response) => response.statusCode === 409);
      if (conflict) expectError(conflict, 409, 'CONFLICT');

      const generated = await Promise.all(
        [1, 2, 3].map(() =>
          call(t.app, owner, { method: 'POST', url: '/api/v1/projects', payload: { name: 'Racing Name' } }),
        ),
      );
      expect(generated.map((response) => response.statusCode)).toEqual([201, 201, 201]);
      expect(generated.map((response) => response.json<{ data: Project }>().data.slug).sort()).toEqual([
        'racing-name',
        'racing-name-2',
        'racing-name-3',
      ]);
    });

    it('answers 400 when the default locale is not one of the locales', async () => {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: 'Bad', locales: ['en', 'es'], default_locale: 'fr' },
      });
      expectInvalid(response, 'default_locale');
    });

    it('answers 400 for a locale that is not a BCP 47 tag, and for duplicate locales', async () => {
      for (const locales of [['en', 'English'], ['en_US'], ['e'], [''], [42], []]) {
        const response = await call(t.app, owner, {
          method: 'POST',
          url: '/api/v1/projects',
          payload: { name: 'Bad', locales },
        });
        const body = expectError(response, 400, 'VALIDATION_FAILED');
        expect(
          body.details?.some((detail) => detail.path.startsWith('locales')),
          JSON.stringify(locales),
        ).toBe(true);
      }
      expectInvalid(
        await call(t.app, owner, {
          method: 'POST',
          url: '/api/v1/projects',
          payload: { name: 'Bad', locales: ['en', 'en'] },
        }),
        'locales',
      );
      expectInvalid(
        await call(t.app, owner, {
          method: 'POST',
          url: '/api/v1/projects',
          payload: { name: 'Bad', default_locale: 'EN-us!' },
        }),
        'default_locale',
      );
    });

    it('rejects missing, wrong-typed, oversized and unknown fields, naming the field', async () => {
      const before = (await listMine(t.app, owner)).meta.total;
      const cases: [unknown, string][] = [
        [{}, 'name'],
        [{ name: 42 }, 'name'],
        [{ name: null }, 'name'],
        [{ name: '' }, 'name'],
        [{ name: '   ' }, 'name'],
        [{ name: 'x'.repeat(121) }, 'name'],
        [{ name: 'Ok', slug: 'Not A Slug' }, 'slug'],
        [{ name: 'Ok', slug: 'x'.repeat(65) }, 'slug'],
        [{ name: 'Ok', slug: 7 }, 'slug'],
        [{ name: 'Ok', locales: 'en' }, 'locales'],
        [{ name: 'Ok', locales: manyLocales(51) }, 'locales'],
        [{ name: 'Ok', default_locale: ['en'] }, 'default_locale'],
        [{ name: 'Ok', plan: 'enterprise' }, 'plan'],
        [{ name: 'Ok', id: 'mine' }, 'id'],
      ];
      for (const [payload, field] of cases) {
        const response = await call(t.app, owner, {
          method: 'POST',
          url: '/api/v1/projects',
          payload: payload as object,
        });
        expectInvalid(response, field);
      }
      expectError(await call(t.app, owner, { method: 'POST', url: '/api/v1/projects' }), 400, 'VALIDATION_FAILED');
      expect((await listMine(t.app, owner)).meta.total).toBe(before);
    });

    it('needs a signed-in user: 401 without a credential', async () => {
      expectError(
        await call(t.app, null, { method: 'POST', url: '/api/v1/projects', payload: { name: 'Anon' } }),
        401,
        'UNAUTHENTICATED',
      );
      expectError(await call(t.app, null, { method: 'GET', url: '/api/v1/projects' }), 401, 'UNAUTHENTICATED');
      expectError(await call(t.app, 'not-a-token', { method: 'GET', url: '/api/v1/projects' }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('list mine', () => {
    it('lists only the projects I am a member of, newest first, with pagination meta', async () => {
      const me = await signUp(t.app);
      const stranger = await signUp(t.app);
      await createProject(t.app, stranger, { name: 'Not mine' });
      const created: Project[] = [];
      for (let i = 1; i <= 5; i += 1) created.push(await createProject(t.app, me, { name: `Mine ${i}` }));

      const all = await listMine(t.app, me);
      expect(all.meta).toEqual({ total: 5, page: 1, limit: 25 });
      expect(all.data.map((project) => project.id)).toEqual(created.map((project) => project.id).reverse());
      expect(all.data.every((project) => project.role === 'owner')).toBe(true);

      const page1 = await listMine(t.app, me, '?page=1&limit=2');
      const page2 = await listMine(t.app, me, '?page=2&limit=2');
      const page3 = await listMine(t.app, me, '?page=3&limit=2');
      const page4 = await listMine(t.app, me, '?page=4&limit=2');
      expect(page1.meta).toEqual({ total: 5, page: 1, limit: 2 });
      expect(page3.meta).toEqual({ total: 5, page: 3, limit: 2 });
      expect([...page1.data, ...page2.data, ...page3.data].map((project) => project.id)).toEqual(
        all.data.map((project) => project.id),
      );
      expect(page3.data).toHaveLength(1);
      expect(page4.data).toEqual([]);
      expect(page4.meta.total).toBe(5);
    });

    it('shows projects I was added to, with my role there', async () => {
      const me = await signUp(t.app);
      const project = await createProject(t.app, owner, { name: 'Shared' });
      const added = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${project.id}/members`,
        payload: { email: me.email, role: 'editor' },
      });
      expect(added.statusCode).toBe(201);
      const mine = await listMine(t.app, me);
      expect(mine.data).toEqual([{ ...project, role: 'editor' }]);
      expect(mine.meta.total).toBe(1);
    });

    it('rejects bad paging parameters', async () => {
      expectInvalid(await call(t.app, owner, { method: 'GET', url: '/api/v1/projects?limit=101' }), 'limit');
      expectInvalid(await call(t.app, owner, { method: 'GET', url: '/api/v1/projects?page=0' }), 'page');
      expectInvalid(await call(t.app, owner, { method: 'GET', url: '/api/v1/projects?limit=abc' }), 'limit');
    });
  });

  describe('get, update, delete', () => {
    it('gets a project; an unknown id is a 404', async () => {
      const project = await createProject(t.app, owner, { name: 'Readable' });
      const response = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: project });
      expectError(
        await call(t.app, owner, { method: 'GET', url: '/api/v1/projects/01900000-0000-7000-8000-000000000000' }),
        404,
        'NOT_FOUND',
      );
    });

    it('updates name, locales and default locale; the slug and plan stay', async () => {
      const project = await createProject(t.app, owner, { name: 'Before', locales: ['en'] });
      const response = await call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${project.id}`,
        payload: { name: ' After ', locales: ['en', 'fr'], default_locale: 'fr' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const expected = { ...project, name: 'After', locales: ['en', 'fr'], default_locale: 'fr' };
      expect(response.json()).toEqual({ data: expected });
      const read = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project.id}` });
      expect(read.json()).toEqual({ data: expected });

      const nameOnly = await call(t.app, owner, {
        method: 'PATCH',
        url: `/api/v1/projects/${project.id}`,
        payload: { name: 'Renamed' },
      });
      expect(nameOnly.json()).toEqual({ data: { ...expected, name: 'Renamed' } });
      const empty = await call(t.app, owner, { method: 'PATCH', url: `/api/v1/projects/${project.id}`, payload: {} });
      expect(empty.json()).toEqual({ data: { ...expected, name: 'Renamed' } });
    });

    it('answers 400 when an update leaves the default locale outside the locales, and changes nothing', async () => {
      const project = await createProject(t.app, owner, { name: 'Locales', locales: ['en', 'es'] });
      expectInvalid(
        await call(t.app, owner, {
          method: 'PATCH',
          url: `/api/v1/projects/${project.id}`,
          payload: { locales: ['es', 'fr'] },
        }),
        'default_locale',
      );
      expectInvalid(
        await call(t.app, owner, {
          method: 'PATCH',
          url: `/api/v1/projects/${project.id}`,
          payload: { default_locale: 'zh' },
        }),
        'default_locale',
      );
      const read = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project.id}` });
      expect(read.json()).toEqual({ data: project });
    });

    it('rejects bad update bodies, naming the field', async () => {
      const project = await createProject(t.app, owner, { name: 'Strict' });
      const cases: [unknown, string][] = [
        [{ name: 42 }, 'name'],
        [{ name: '' }, 'name'],
        [{ name: '  ' }, 'name'],
        [{ name: 'y'.repeat(121) }, 'name'],
        [{ locales: 'en' }, 'locales'],
        [{ locales: [] }, 'locales'],
        [{ locales: ['en', 'not a tag'] }, 'locales.1'],
        [{ default_locale: 5 }, 'default_locale'],
        [{ slug: 'new-slug' }, 'slug'],
        [{ plan: 'enterprise' }, 'plan'],
        [{ role: 'owner' }, 'role'],
      ];
      for (const [payload, field] of cases) {
        const response = await call(t.app, owner, {
          method: 'PATCH',
          url: `/api/v1/projects/${project.id}`,
          payload: payload as object,
        });
        expectInvalid(response, field);
      }
      const read = await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${project.id}` });
      expect(read.json()).toEqual({ data: project });
    });

    it('deletes a project: 204, then 404 everywhere and gone from my list; its slug can be used again', async () => {
      const project = await createProject(t.app, owner, { name: 'Doomed', slug: 'doomed-slug' });
      const token = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${project.id}/api-tokens`,
        payload: { name: 'reader', scopes: ['content:read'] },
      });
      expect(token.statusCode).toBe(201);
      const secret = token.json<{ data: { token: string } }>().data.token;

      const response = await call(t.app, owner, { method: 'DELETE', url: `/api/v1/projects/${project.id}` });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      for (const [method, url] of [
        ['GET', `/api/v1/projects/${project.id}`],
        ['PATCH', `/api/v1/projects/${project.id}`],
        ['DELETE', `/api/v1/projects/${project.id}`],
        ['GET', `/api/v1/projects/${project.id}/members`],
        ['GET', `/api/v1/projects/${project.id}/api-tokens`],
      ] as const) {
        const payload = method === 'PATCH' ? { name: 'Back' } : undefined;
        expectError(await call(t.app, owner, { method, url, ...(payload ? { payload } : {}) }), 404, 'NOT_FOUND');
      }
      expectError(
        await call(t.app, secret, { method: 'GET', url: `/api/v1/projects/${project.id}` }),
        404,
        'NOT_FOUND',
      );
      expect((await listMine(t.app, owner, '?limit=100')).data.map((p) => p.id)).not.toContain(project.id);

      const again = await createProject(t.app, owner, { name: 'Reborn', slug: 'doomed-slug' });
      expect(again.slug).toBe('doomed-slug');
      expect(again.id).not.toBe(project.id);
    });
  });

  describe('Idempotency-Key on POST /projects', () => {
    it('replays the first answer for the same key and body and creates nothing new', async () => {
      const me = await signUp(t.app);
      const request = {
        method: 'POST' as const,
        url: '/api/v1/projects',
        payload: { name: 'Once' },
        headers: { 'idempotency-key': 'create-once-1' },
      };
      const first = await call(t.app, me, request);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const second = await call(t.app, me, request);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.headers['content-type']).toContain('application/json');
      expect(second.json()).toEqual(first.json());
      expect((await listMine(t.app, me)).meta.total).toBe(1);
    });

    it('answers 409 for the same key with another body, and creates nothing', async () => {
      const me = await signUp(t.app);
      const first = await call(t.app, me, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: 'First body' },
        headers: { 'idempotency-key': 'shared-key' },
      });
      expect(first.statusCode).toBe(201);
      const other = await call(t.app, me, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: 'Another body' },
        headers: { 'idempotency-key': 'shared-key' },
      });
      expectError(other, 409, 'CONFLICT');
      expect((await listMine(t.app, me)).data.map((project) => project.name)).toEqual(['First body']);
    });

    it('scopes keys to the user: another user with the same key creates their own project', async () => {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      const request = {
        method: 'POST' as const,
        url: '/api/v1/projects',
        payload: { name: 'Same' },
        headers: { 'idempotency-key': 'per-user-key' },
      };
      const forAlice = await call(t.app, alice, request);
      const forBob = await call(t.app, bob, request);
      expect(forAlice.statusCode).toBe(201);
      expect(forBob.statusCode).toBe(201);
      expect(forBob.headers['idempotent-replayed']).toBeUndefined();
      expect(forBob.json().data.id).not.toBe(forAlice.json().data.id);
      expect((await listMine(t.app, bob)).meta.total).toBe(1);
      expect((await listMine(t.app, alice)).meta.total).toBe(1);
    });

    it('does not remember failures: a corrected retry with the same key succeeds', async () => {
      const me = await signUp(t.app);
      const bad = await call(t.app, me, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: 'Bad', locales: ['en'], default_locale: 'fr' },
        headers: { 'idempotency-key': 'fix-and-retry' },
      });
      expectError(bad, 400, 'VALIDATION_FAILED');
      const good = await call(t.app, me, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: 'Good' },
        headers: { 'idempotency-key': 'fix-and-retry' },
      });
      expect(good.statusCode).toBe(201);
      expect(good.headers['idempotent-replayed']).toBeUndefined();
    });

    it('rejects an over-long key', async () => {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: 'Long key' },
        headers: { 'idempotency-key': 'k'.repeat(256) },
      });
      expectInvalid(response, 'Idempotency-Key');
    });
  });
});

describe('projects: idempotency keys expire after 24 hours', () => {
  const time = createTestClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
  });
  afterAll(async () => t.close());

  it('creates a new project for an old key once a day has passed', async () => {
    let me = await signUp(t.app);
    const request = {
      method: 'POST' as const,
      url: '/api/v1/projects',
      payload: { name: 'Daily' },
      headers: { 'idempotency-key': 'daily-key' },
    };
    const first = await call(t.app, me, request);
    expect(first.statusCode).toBe(201);
    time.advance(23 * 3600_000);
    me = await signIn(t.app, me.email, me.password);
    const replay = await call(t.app, me, request);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    time.advance(2 * 3600_000);
    me = await signIn(t.app, me.email, me.password);
    const fresh = await call(t.app, me, request);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.json().data.id).not.toBe(first.json().data.id);
    expect((await listMine(t.app, me)).meta.total).toBe(2);
  });

  it('deletes stored answers once they are a day old', async () => {
    const me = await signUp(t.app);
    const create = (key: string) =>
      call(t.app, me, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: key },
        headers: { 'idempotency-key': key },
      });
    expect((await create('old-key')).statusCode).toBe(201);
    const stored = () => t.database.db.selectFrom('idempotency_keys').select('created_at').execute();
    expect((await stored()).length).toBeGreaterThan(0);
    time.advance(25 * 3600_000);
    me.accessToken = (await signIn(t.app, me.email, me.password)).accessToken;
    expect((await create('new-key')).statusCode).toBe(201);
    expect((await stored()).map((row) => row.created_at)).toEqual([time.clock().toISOString()]);
  });
});

describe.skipIf(dialectName !== 'postgres')("projects: the project's lock (PostgreSQL)", () => {
  let t: TestApp;
  let me: Session;

  beforeAll(async () => {
    t = await createTestApp();
    me = await signUp(t.app);
  });
  afterAll(async () => t.close());

  // Found as a deadlock applying a starter: an upload held the project's row lock and waited for
  // the event log's lock, held by a write whose event row waited on the project's row (its
  // foreign key). The lock now keeps other lockers out without blocking rows that reference it.
  it('keeps other lockers out but lets writes that reference the project through', async () => {
    const project = await createProject(t.app, me);
    await call(t.app, me, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/collections`,
      payload: { slug: 'notes', name: 'Notes', fields: [{ name: 'title', type: 'text' }] },
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.database.db.transaction().execute(async (trx) => {
      await t.services.projects.lock(trx, project.id);
      locked();
      await released;
    });
    await isLocked;
    const write = call(t.app, me, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/collections/notes/documents`,
      payload: { data: { title: 'Written while the project is locked' } },
    }).then((response) => response.statusCode);
    const outcome = await Promise.race([
      write,
      new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
    ]);
    release();
    await holder;
    expect(outcome).toBe(201);
  });
});
