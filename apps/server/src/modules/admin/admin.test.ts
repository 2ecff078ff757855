import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.js';

const PASSWORD = 'correct horse battery';
const MISSING_ID = '01890000-0000-7000-8000-000000000000';

interface AdminUserBody {
  id: string;
  email: string;
  name: string;
  status: 'active' | 'pending' | 'invited';
  is_admin: boolean;
  company: string | null;
  avatar_url: string | null;
  created_at: string;
}
interface ListBody<T> {
  data: T[];
  meta: { total: number; page: number; limit: number };
}

async function register(app: FastifyInstance, options: { email: string; name?: string; company?: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      name: options.name ?? 'Someone',
      email: options.email,
      password: PASSWORD,
      ...(options.company ? { company: options.company } : {}),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { user: { id: string }; status: 'active' | 'pending' };
}

const login = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: email, password: PASSWORD } });

describe('instance administration (approval mode)', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session;
  let apiToken: string;
  let projectId: string;
  const pendingIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { PLINTH_REGISTRATION: 'approval' } });
    // The first user of a fresh instance is its admin, and active even in approval mode.
    admin = await signUp(t.app, { email: uniqueEmail('admin'), password: PASSWORD, name: 'Admin' });

    // A second person is pending until approved; approve one to have an ordinary active user.
    const memberEmail = uniqueEmail('member');
    const registered = await register(t.app, { email: memberEmail, name: 'Member' });
    expect(registered.status).toBe('pending');
    const approved = await call(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/users/${registered.user.id}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    member = await signIn(t.app, memberEmail, PASSWORD);

    for (let i = 0; i < 3; i++) {
      const { user } = await register(t.app, { email: uniqueEmail(`pending${i}`), name: `Pending ${i}` });
      pendingIds.push(user.id);
    }

    const project = await call(t.app, admin, {
      method: 'POST',
      url: '/api/v1/projects',
      payload: { name: 'Admin Project' },
    });
    expect(project.statusCode).toBe(201);
    projectId = project.json().data.id;
    const token = await call(t.app, admin, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/api-tokens`,
      payload: { name: 'ci', scopes: ['content:read'] },
    });
    expect(token.statusCode).toBe(201);
    apiToken = token.json().data.token;

    for (let i = 0; i < 3; i++) {
      const contact = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: { name: `Contact ${i}`, email: 'c@example.com', message: 'Hello' },
      });
      expect(contact.statusCode).toBe(201);
    }
    for (let i = 0; i < 2; i++) {
      const support = await t.app.inject({
        method: 'POST',
        url: '/api/v1/support',
        payload: { name: `Support ${i}`, email: 's@example.com', subject: 'General Inquiry', message: 'Help' },
      });
      expect(support.statusCode).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  describe('GET /admin/users', () => {
    it('lists every account with its status, newest first, and nothing secret', async () => {
      const response = await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/users' });
      expect(response.statusCode).toBe(200);
      const body = response.json() as ListBody<AdminUserBody>;
      expect(body.meta).toEqual({ total: 5, page: 1, limit: 25 });
      expect(body.data).toHaveLength(5);
      const byId = new Map(body.data.map((user) => [user.id, user]));
      expect(byId.get(admin.userId)).toMatchObject({ email: admin.email, is_admin: true, status: 'active' });
      expect(byId.get(member.userId)).toMatchObject({ email: member.email, is_admin: false, status: 'active' });
      for (const id of pendingIds) expect(byId.get(id)?.status).toBe('pending');
      const times = body.data.map((user) => user.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      for (const user of body.data) {
        expect(Object.keys(user).sort()).toEqual(
          ['avatar_url', 'company', 'created_at', 'email', 'id', 'is_admin', 'name', 'status'].sort(),
        );
      }
    });

    it('filters by status', async () => {
      const pending = await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/users?status=pending' });
      const body = pending.json() as ListBody<AdminUserBody>;
      expect(body.meta.total).toBe(3);
      expect(body.data.map((user) => user.id).sort()).toEqual([...pendingIds].sort());

      const active = (await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/users?status=active' })).json();
      expect(active.meta.total).toBe(2);
      expect(active.data.every((user: AdminUserBody) => user.status === 'active')).toBe(true);
    });

    it('pages through the list with meta', async () => {
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const response = await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/users?limit=2&page=${page}` });
        expect(response.statusCode).toBe(200);
        const body = response.json() as ListBody<AdminUserBody>;
        expect(body.meta).toEqual({ total: 5, page, limit: 2 });
        expect(body.data).toHaveLength(page === 3 ? 1 : 2);
        seen.push(...body.data.map((user) => user.id));
      }
      expect(new Set(seen).size).toBe(5);
      const beyond = (await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/users?limit=2&page=4' })).json();
      expect(beyond).toEqual({ data: [], meta: { total: 5, page: 4, limit: 2 } });

      const filtered = (
        await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/users?status=pending&limit=2&page=2' })
      ).json() as ListBody<AdminUserBody>;
      expect(filtered.meta).toEqual({ total: 3, page: 2, limit: 2 });
      expect(filtered.data).toHaveLength(1);
    });

    it('rejects a bad filter or page', async () => {
      for (const query of ['status=banned', 'limit=0', 'limit=101', 'page=0', 'page=abc', 'limit=2.5']) {
        const body = expectError(
          await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/users?${query}` }),
          400,
          'VALIDATION_FAILED',
        );
        expect(body.details?.[0]?.path, query).toBe(query.split('=')[0]);
      }
    });
  });

  describe('POST /admin/users/:userId/approve', () => {
    it('turns a pending account active, after which that person can sign in', async () => {
      const email = uniqueEmail('approve-me');
      const { user } = await register(t.app, { email, company: 'Acme' });
      const refused = expectError(await login(t.app, email), 403, 'FORBIDDEN');
      expect(refused.message).toBe('Your account is awaiting approval');

      const approved = await call(t.app, admin, { method: 'POST', url: `/api/v1/admin/users/${user.id}/approve` });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().data).toMatchObject({
        id: user.id,
        email,
        status: 'active',
        is_admin: false,
        company: 'Acme',
      });

      const signedIn = await login(t.app, email);
      expect(signedIn.statusCode).toBe(200);
      const me = await call(t.app, signedIn.json().access_token, { method: 'GET', url: '/api/v1/auth/me' });
      expect(me.json()).toMatchObject({ id: user.id, is_admin: false });

      const listed = (await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/users?status=pending' })).json();
      expect(listed.data.map((u: AdminUserBody) => u.id)).not.toContain(user.id);
    });

    it('leaves an active account as it is', async () => {
      const response = await call(t.app, admin, {
        method: 'POST',
        url: `/api/v1/admin/users/${member.userId}/approve`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: member.userId, status: 'active', is_admin: false });
    });

    it('answers 404 for an unknown user', async () => {
      expectError(
        await call(t.app, admin, { method: 'POST', url: `/api/v1/admin/users/${MISSING_ID}/approve` }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('GET /admin/messages', () => {
    it('lists contact and support messages with pagination meta', async () => {
      const response = await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/messages' });
      expect(response.statusCode).toBe(200);
      const body = response.json() as ListBody<{ id: string; kind: string; name: string }>;
      expect(body.meta).toEqual({ total: 5, page: 1, limit: 25 });
      expect(body.data.map((m) => m.name).sort()).toEqual(
        ['Contact 0', 'Contact 1', 'Contact 2', 'Support 0', 'Support 1'].sort(),
      );
    });

    it('filters by kind', async () => {
      const contact = (
        await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/messages?kind=contact' })
      ).json() as ListBody<{ kind: string }>;
      expect(contact.meta.total).toBe(3);
      expect(contact.data.every((m) => m.kind === 'contact')).toBe(true);
      const support = (
        await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/messages?kind=support' })
      ).json() as ListBody<{ kind: string; subject: string }>;
      expect(support.meta.total).toBe(2);
      expect(support.data.every((m) => m.kind === 'support' && m.subject === 'General Inquiry')).toBe(true);
      expectError(
        await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/messages?kind=spam' }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('pages through messages', async () => {
      const seen: string[] = [];
      for (const page of [1, 2]) {
        const body = (
          await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/messages?kind=contact&limit=2&page=${page}` })
        ).json() as ListBody<{ id: string }>;
        expect(body.meta).toEqual({ total: 3, page, limit: 2 });
        seen.push(...body.data.map((m) => m.id));
      }
      expect(new Set(seen).size).toBe(3);
    });

    it('reads one message, and answers 404 for an unknown one', async () => {
      const [first] = (await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/messages' })).json().data;
      const one = await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/messages/${first.id}` });
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toEqual(first);
      expectError(
        await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/messages/${MISSING_ID}` }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('who may use the admin API', () => {
    const routes = () =>
      [
        { method: 'GET', url: '/api/v1/admin/users' },
        { method: 'GET', url: '/api/v1/admin/users?status=pending' },
        { method: 'POST', url: `/api/v1/admin/users/${pendingIds[0]}/approve` },
        { method: 'GET', url: '/api/v1/admin/messages' },
        { method: 'GET', url: `/api/v1/admin/messages/${MISSING_ID}` },
      ] as const;

    it('answers 403 to a signed-in user who is not an instance admin', async () => {
      for (const route of routes()) {
        expectError(await call(t.app, member, route), 403, 'FORBIDDEN');
      }
      const pending = (await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/users?status=pending' })).json();
      expect(pending.data.map((u: AdminUserBody) => u.id)).toContain(pendingIds[0]);
    });

    it('answers 403 to a project API token, even one created by an admin', async () => {
      for (const route of routes()) {
        expectError(await call(t.app, apiToken, route), 403, 'FORBIDDEN');
      }
    });

    it('answers 401 without a credential or with a bad one', async () => {
      for (const route of routes()) {
        expectError(await call(t.app, null, route), 401, 'UNAUTHENTICATED');
        expectError(await call(t.app, 'not-a-token', route), 401, 'UNAUTHENTICATED');
        expectError(await call(t.app, 'plt_unknown', route), 401, 'UNAUTHENTICATED');
      }
    });

    it('stops accepting an admin whose session ended', async () => {
      const session = await signIn(t.app, admin.email, PASSWORD);
      const logout = await call(t.app, session, {
        method: 'POST',
        url: '/api/v1/auth/logout',
        payload: { refresh_token: session.refreshToken },
      });
      expect(logout.statusCode).toBe(204);
      expectError(await call(t.app, session, { method: 'GET', url: '/api/v1/admin/users' }), 401, 'UNAUTHENTICATED');
    });
  });

  // Last: it adds an account, which the counts above do not expect.
  it('refuses to approve someone who was invited to a project but has not registered', async () => {
    const email = uniqueEmail('invitee');
    const invited = await call(t.app, admin, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email, role: 'editor' },
    });
    expect(invited.statusCode).toBe(201);
    const listed = (await call(t.app, admin, { method: 'GET', url: '/api/v1/admin/users?status=invited' })).json();
    expect(listed.meta.total).toBe(1);
    const [invitee] = listed.data as AdminUserBody[];
    expect(invitee).toMatchObject({ email, status: 'invited' });
    expectError(
      await call(t.app, admin, { method: 'POST', url: `/api/v1/admin/users/${invitee?.id}/approve` }),
      409,
      'CONFLICT',
    );
  });
});
