import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createToken } from '../../test/content.js';
import {
  call,
  createTestApp,
  createTestClock,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.js';

interface AdminProjectBody {
  id: string;
  name: string;
  slug: string;
  plan: string;
  owner: { id: string; name: string; email: string } | null;
  members: number;
  created_at: string;
}

describe(`instance administration: every project (${dialectName})`, () => {
  const time = createTestClock();
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let alpha: string;
  let beta: string;

  const list = async (query = '', credential: Session = admin) => {
    const response = await call(t.app, credential, { method: 'GET', url: `/api/v1/admin/projects${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: AdminProjectBody[]; meta: { total: number; page: number; limit: number } }>();
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    admin = await signUp(t.app, { name: 'Admin' });
    alice = await signUp(t.app, { name: 'Alice Owner' });
    alpha = await createProject(t.app, admin, { name: 'Alpha Site' });
    time.advance(1_000);
    beta = await createProject(t.app, alice, { name: 'Beta blog', slug: 'beta-b' });
    const bob = await signUp(t.app, { name: 'Bob' });
    for (const email of [bob.email, uniqueEmail('invited')]) {
      const added = await call(t.app, alice, {
        method: 'POST',
        url: `/api/v1/projects/${beta}/members`,
        payload: { email, role: 'editor' },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    time.advance(1_000);
    const gone = await createProject(t.app, alice, { name: 'Alpha deleted' });
    expect((await call(t.app, alice, { method: 'DELETE', url: `/api/v1/projects/${gone}` })).statusCode).toBe(204);
  });
  afterAll(async () => t.close());

  it('lists live projects, newest first, with plan, first owner and the members who joined', async () => {
    const { data, meta } = await list();
    expect(meta).toEqual({ total: 2, page: 1, limit: 25 });
    expect(data).toEqual([
      {
        id: beta,
        name: 'Beta blog',
        slug: 'beta-b',
        plan: 'starter',
        owner: { id: alice.userId, name: 'Alice Owner', email: alice.email },
        // Alice and Bob; the open invitation is not a member yet.
        members: 2,
        created_at: '2026-11-22T10:00:01.000Z',
      },
      {
        id: alpha,
        name: 'Alpha Site',
        slug: 'alpha-site',
        plan: 'starter',
        owner: { id: admin.userId, name: 'Admin', email: admin.email },
        members: 1,
        created_at: '2026-11-22T10:00:00.000Z',
      },
    ]);
  });

  it('finds a part of the name or slug in any letter case, and pages', async () => {
    expect((await list('?q=ALPHA')).data.map((project) => project.id)).toEqual([alpha]);
    expect((await list('?q=a-b')).data.map((project) => project.id)).toEqual([beta]);
    // LIKE wildcards are plain characters.
    expect((await list('?q=%25')).data).toEqual([]);
    expect((await list('?q=_')).data).toEqual([]);
    const second = await list('?limit=1&page=2');
    expect(second.meta).toEqual({ total: 2, page: 2, limit: 1 });
    expect(second.data.map((project) => project.id)).toEqual([alpha]);
  });

  it('shows the plan an admin sets', async () => {
    const set = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin/projects/${beta}`,
      payload: { plan: 'enterprise' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await list('?q=beta')).data[0]).toMatchObject({ id: beta, plan: 'enterprise' });
  });

  it('is for instance admins only, and checks its query', async () => {
    expectError(await call(t.app, alice, { method: 'GET', url: '/api/v1/admin/projects' }), 403, 'FORBIDDEN');
    const token = await createToken(t.app, admin, alpha, ['content:read']);
    expectError(await call(t.app, token, { method: 'GET', url: '/api/v1/admin/projects' }), 403, 'FORBIDDEN');
    expectError(await call(t.app, null, { method: 'GET', url: '/api/v1/admin/projects' }), 401, 'UNAUTHENTICATED');
    for (const query of ['limit=101', 'page=0', 'q=', 'owner=me']) {
      const refused = expectError(
        await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/projects?${query}` }),
        400,
        'VALIDATION_FAILED',
      );
      expect(refused.details?.length, query).toBeGreaterThan(0);
    }
  });
});
