import type { ApiToken, CreatedApiToken, ListMeta, Project, Scope } from '@plinth/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createTestClock,
  dumpDatabase,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
} from '../../test/harness.js';

const START = new Date('2026-11-22T10:00:00.000Z');
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function createProject(app: FastifyInstance, session: Session, name = 'Token project'): Promise<Project> {
  const response = await call(app, session, { method: 'POST', url: '/api/v1/projects', payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Project }>().data;
}

async function createToken(
  app: FastifyInstance,
  session: Session,
  projectId: string,
  body: { name?: string; scopes?: Scope[]; expires_at?: string | null } = {},
): Promise<CreatedApiToken> {
  const response = await call(app, session, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/api-tokens`,
    payload: { name: 'Token', scopes: ['content:read'], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: CreatedApiToken }>().data;
}

async function listTokens(app: FastifyInstance, session: Session, projectId: string) {
  const response = await call(app, session, { method: 'GET', url: `/api/v1/projects/${projectId}/api-tokens` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ApiToken[]; meta: ListMeta }>();
}

function expectInvalid(response: LightMyRequestResponse, field: string) {
  const body = expectError(response, 400, 'VALIDATION_FAILED');
  expect(body.details?.map((detail) => detail.path)).toContain(field);
}

describe('API tokens', () => {
  const time = createTestClock(START);
  let t: TestApp;
  let owner: Session;
  let project: Project;
  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    owner = await signUp(t.app);
    project = await createProject(t.app, owner);
  });
  afterAll(async () => t.close());

  /** Access tokens live 15 minutes: tests that move the clock sign in again. */
  async function fresh(session: Session): Promise<Session> {
    return signIn(t.app, session.email, session.password);
  }

  describe('create and list', () => {
    it('answers 201 with the secret token, shown only there', async () => {
      const response = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${project.id}/api-tokens`,
        payload: { name: '  Website  ', scopes: ['content:read', 'media:read'], expires_at: '2027-01-01T00:00:00Z' },
      });
      expect(response.statusCode).toBe(201);
      const created = response.json<{ data: CreatedApiToken }>().data;
      expect(created).toEqual({
        id: expect.any(String),
        name: 'Website',
        scopes: ['content:read', 'media:read'],
        token: expect.stringMatching(/^plt_[\w-]{20,}$/),
        token_prefix: created.token.slice(0, created.token_prefix.length),
        expires_at: '2027-01-01T00:00:00.000Z',
        created_at: START.toISOString(),
      });
      expect(created.token_prefix).toMatch(/^plt_.{4,}/);
      expect(created.token_prefix.length).toBeLessThan(created.token.length - 16);

      const list = await listTokens(t.app, owner, project.id);
      const listed = list.data.find((token) => token.id === created.id);
      expect(listed).toEqual({
        id: created.id,
        name: 'Website',
        scopes: ['content:read', 'media:read'],
        token_prefix: created.token_prefix,
        expires_at: '2027-01-01T00:00:00.000Z',
        last_used_at: null,
        created_at: START.toISOString(),
        created_by: owner.userId,
      });
      expect(JSON.stringify(list)).not.toContain(created.token);
    });

    it('lists the project tokens newest first with meta; each secret is distinct', async () => {
      const other = await createProject(t.app, owner, 'Another');
      const a = await createToken(t.app, owner, other.id, { name: 'a' });
      time.advance(1000);
      const b = await createToken(t.app, owner, other.id, { name: 'b', scopes: ['schema:read'] });
      expect(a.token).not.toBe(b.token);
      const list = await listTokens(t.app, owner, other.id);
      expect(list.data.map((token) => token.name)).toEqual(['b', 'a']);
      expect(list.meta).toEqual({ total: 2, page: 1, limit: 25 });
      expect(list.data.every((token) => !('token' in token))).toBe(true);
      const page2 = await call(t.app, owner, {
        method: 'GET',
        url: `/api/v1/projects/${other.id}/api-tokens?page=2&limit=1`,
      });
      expect(page2.json()).toEqual({ data: [list.data[1]], meta: { total: 2, page: 2, limit: 1 } });
      expectInvalid(
        await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${other.id}/api-tokens?limit=0` }),
        'limit',
      );
    });

    it('answers 400 for an expiry in the past (or now), and creates nothing', async () => {
      const other = await createProject(t.app, owner, 'Expiry');
      for (const expiresAt of [new Date(time.clock().getTime() - 1000).toISOString(), time.clock().toISOString()]) {
        const response = await call(t.app, owner, {
          method: 'POST',
          url: `/api/v1/projects/${other.id}/api-tokens`,
          payload: { name: 'old', scopes: ['content:read'], expires_at: expiresAt },
        });
        expectInvalid(response, 'expires_at');
      }
      expect((await listTokens(t.app, owner, other.id)).data).toEqual([]);
      const never = await createToken(t.app, owner, other.id, { expires_at: null });
      expect(never.expires_at).toBeNull();
    });

    it('rejects missing, wrong-typed, oversized and unknown fields, naming the field', async () => {
      const other = await createProject(t.app, owner, 'Strict tokens');
      const cases: [unknown, string][] = [
        [{ scopes: ['content:read'] }, 'name'],
        [{ name: 'x' }, 'scopes'],
        [{ name: 5, scopes: ['content:read'] }, 'name'],
        [{ name: '', scopes: ['content:read'] }, 'name'],
        [{ name: '   ', scopes: ['content:read'] }, 'name'],
        [{ name: 'n'.repeat(101), scopes: ['content:read'] }, 'name'],
        [{ name: 'x', scopes: 'content:read' }, 'scopes'],
        [{ name: 'x', scopes: [] }, 'scopes'],
        [{ name: 'x', scopes: ['content:read', 'content:read'] }, 'scopes'],
        [{ name: 'x', scopes: ['everything'] }, 'scopes.0'],
        [{ name: 'x', scopes: ['content:read'], expires_at: 'tomorrow' }, 'expires_at'],
        [{ name: 'x', scopes: ['content:read'], expires_at: 1893456000 }, 'expires_at'],
        [{ name: 'x', scopes: ['content:read'], token: 'plt_mine' }, 'token'],
        [{ name: 'x', scopes: ['content:read'], project_id: project.id }, 'project_id'],
      ];
      for (const [payload, field] of cases) {
        const response = await call(t.app, owner, {
          method: 'POST',
          url: `/api/v1/projects/${other.id}/api-tokens`,
          payload: payload as object,
        });
        expectInvalid(response, field);
      }
      expectError(
        await call(t.app, owner, { method: 'POST', url: `/api/v1/projects/${other.id}/api-tokens` }),
        400,
        'VALIDATION_FAILED',
      );
      expect((await listTokens(t.app, owner, other.id)).data).toEqual([]);
    });
  });

  describe('using a token', () => {
    it('reads its own project within its scopes; members and tokens are a 403', async () => {
      const { token } = await createToken(t.app, owner, project.id, { scopes: ['content:read'] });
      const read = await call(t.app, token, { method: 'GET', url: `/api/v1/projects/${project.id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ data: { ...project, role: null } });

      const base = `/api/v1/projects/${project.id}`;
      for (const request of [
        { method: 'GET', url: `${base}/members` },
        { method: 'POST', url: `${base}/members`, payload: { email: 'x@example.com', role: 'viewer' } },
        { method: 'PATCH', url: `${base}/members/${owner.userId}`, payload: { role: 'viewer' } },
        { method: 'DELETE', url: `${base}/members/${owner.userId}` },
        { method: 'GET', url: `${base}/api-tokens` },
        { method: 'POST', url: `${base}/api-tokens`, payload: { name: 'child', scopes: ['content:read'] } },
        { method: 'PATCH', url: base, payload: { name: 'Hijacked' } },
        { method: 'DELETE', url: base },
      ] as const) {
        const response = await call(t.app, token, request);
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
        expectError(response, 403, 'FORBIDDEN');
      }
      const after = await call(t.app, owner, { method: 'GET', url: base });
      expect(after.json<{ data: Project }>().data).toEqual(project);
    });

    it('gets a 404 on another project, even one of the same owner', async () => {
      const other = await createProject(t.app, owner, 'Sibling');
      const { token } = await createToken(t.app, owner, project.id, {
        scopes: ['content:read', 'content:write', 'schema:write', 'webhooks:manage'],
      });
      const base = `/api/v1/projects/${other.id}`;
      for (const request of [
        { method: 'GET', url: base },
        { method: 'PATCH', url: base, payload: { name: 'Nope' } },
        { method: 'DELETE', url: base },
        { method: 'GET', url: `${base}/members` },
        { method: 'GET', url: `${base}/api-tokens` },
        { method: 'POST', url: `${base}/api-tokens`, payload: { name: 'x', scopes: ['content:read'] } },
      ] as const) {
        const response = await call(t.app, token, request);
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expectError(response, 404, 'NOT_FOUND');
      }
    });

    it('cannot call account routes: 403', async () => {
      const { token } = await createToken(t.app, owner, project.id, { scopes: ['content:read', 'content:write'] });
      expectError(await call(t.app, token, { method: 'GET', url: '/api/v1/projects' }), 403, 'FORBIDDEN');
      expectError(
        await call(t.app, token, { method: 'POST', url: '/api/v1/projects', payload: { name: 'By token' } }),
        403,
        'FORBIDDEN',
      );
      const mine = await call(t.app, owner, { method: 'GET', url: '/api/v1/projects?limit=100' });
      expect(mine.json<{ data: Project[] }>().data.map((p) => p.name)).not.toContain('By token');
    });

    it('sets last_used_at when the token is used', async () => {
      const other = await createProject(t.app, owner, 'Usage');
      const created = await createToken(t.app, owner, other.id);
      expect((await listTokens(t.app, owner, other.id)).data[0]?.last_used_at).toBeNull();
      time.advance(5000);
      const usedAt = time.clock().toISOString();
      const me = await fresh(owner);
      expect(
        (await call(t.app, created.token, { method: 'GET', url: `/api/v1/projects/${other.id}` })).statusCode,
      ).toBe(200);
      const listed = (await listTokens(t.app, me, other.id)).data[0];
      expect(listed?.id).toBe(created.id);
      expect(listed?.last_used_at).toBe(usedAt);
      expect(listed?.last_used_at).toMatch(TIMESTAMP);
    });

    it('answers 401 UNAUTHENTICATED for an unknown token', async () => {
      expectError(
        await call(t.app, 'plt_doesnotexist0000000000000000', { method: 'GET', url: `/api/v1/projects/${project.id}` }),
        401,
        'UNAUTHENTICATED',
      );
    });

    it('answers 401 UNAUTHENTICATED once the token has expired', async () => {
      let me = await fresh(owner);
      const other = await createProject(t.app, me, 'Short lived');
      const expiresAt = new Date(time.clock().getTime() + 60 * 60_000);
      const created = await createToken(t.app, me, other.id, { expires_at: expiresAt.toISOString() });
      time.set(new Date(expiresAt.getTime() - 1000));
      expect(
        (await call(t.app, created.token, { method: 'GET', url: `/api/v1/projects/${other.id}` })).statusCode,
      ).toBe(200);
      time.set(expiresAt);
      const expired = expectError(
        await call(t.app, created.token, { method: 'GET', url: `/api/v1/projects/${other.id}` }),
        401,
        'UNAUTHENTICATED',
      );
      expect(expired.code).not.toBe('TOKEN_EXPIRED');
      time.advance(24 * 3600_000);
      expectError(
        await call(t.app, created.token, { method: 'GET', url: `/api/v1/projects/${other.id}` }),
        401,
        'UNAUTHENTICATED',
      );
      // The expired token is still listed (with its expiry) for its owner to clean up.
      me = await fresh(me);
      expect((await listTokens(t.app, me, other.id)).data.map((token) => token.id)).toEqual([created.id]);
    });
  });

  describe('revoke', () => {
    it('answers 204; the token gets a 401 at once and leaves the list', async () => {
      const me = await fresh(owner);
      const other = await createProject(t.app, me, 'Revocation');
      const kept = await createToken(t.app, me, other.id, { name: 'kept' });
      const doomed = await createToken(t.app, me, other.id, { name: 'doomed' });
      expect((await call(t.app, doomed.token, { method: 'GET', url: `/api/v1/projects/${other.id}` })).statusCode).toBe(
        200,
      );
      const response = await call(t.app, me, {
        method: 'DELETE',
        url: `/api/v1/projects/${other.id}/api-tokens/${doomed.id}`,
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expectError(
        await call(t.app, doomed.token, { method: 'GET', url: `/api/v1/projects/${other.id}` }),
        401,
        'UNAUTHENTICATED',
      );
      expect((await call(t.app, kept.token, { method: 'GET', url: `/api/v1/projects/${other.id}` })).statusCode).toBe(
        200,
      );
      expect((await listTokens(t.app, me, other.id)).data.map((token) => token.id)).toEqual([kept.id]);
      // Revoking again, or an id that never existed, is a 404.
      expectError(
        await call(t.app, me, { method: 'DELETE', url: `/api/v1/projects/${other.id}/api-tokens/${doomed.id}` }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await call(t.app, me, { method: 'DELETE', url: `/api/v1/projects/${other.id}/api-tokens/no-such-token` }),
        404,
        'NOT_FOUND',
      );
    });

    it("answers 404 for another project's token on this project's path, and leaves it working", async () => {
      const me = await fresh(owner);
      const mine = await createProject(t.app, me, 'Mine');
      const theirs = await createProject(t.app, me, 'Theirs');
      const theirToken = await createToken(t.app, me, theirs.id);
      expectError(
        await call(t.app, me, { method: 'DELETE', url: `/api/v1/projects/${mine.id}/api-tokens/${theirToken.id}` }),
        404,
        'NOT_FOUND',
      );
      expect(
        (await call(t.app, theirToken.token, { method: 'GET', url: `/api/v1/projects/${theirs.id}` })).statusCode,
      ).toBe(200);
    });
  });

  describe('Idempotency-Key on POST api-tokens', () => {
    it('replays the same token for the same key and body and creates no second one', async () => {
      const me = await fresh(owner);
      const other = await createProject(t.app, me, 'Idempotent tokens');
      const request = {
        method: 'POST' as const,
        url: `/api/v1/projects/${other.id}/api-tokens`,
        payload: { name: 'ci', scopes: ['content:read'] },
        headers: { 'idempotency-key': 'token-key-1' },
      };
      const first = await call(t.app, me, request);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const second = await call(t.app, me, request);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect((await listTokens(t.app, me, other.id)).data).toHaveLength(1);

      const changed = await call(t.app, me, { ...request, payload: { name: 'ci', scopes: ['content:write'] } });
      expectError(changed, 409, 'CONFLICT');
      expect((await listTokens(t.app, me, other.id)).data).toHaveLength(1);
    });

    it('scopes keys to the user: an admin with the same key creates a token of their own', async () => {
      const me = await fresh(owner);
      const other = await createProject(t.app, me, 'Shared key');
      const admin = await signUp(t.app);
      const added = await call(t.app, me, {
        method: 'POST',
        url: `/api/v1/projects/${other.id}/members`,
        payload: { email: admin.email, role: 'admin' },
      });
      expect(added.statusCode).toBe(201);
      const request = {
        method: 'POST' as const,
        url: `/api/v1/projects/${other.id}/api-tokens`,
        payload: { name: 'deploy', scopes: ['content:read'] },
        headers: { 'idempotency-key': 'same-key' },
      };
      const byOwner = await call(t.app, me, request);
      const byAdmin = await call(t.app, admin, request);
      expect(byOwner.statusCode).toBe(201);
      expect(byAdmin.statusCode).toBe(201);
      expect(byAdmin.headers['idempotent-replayed']).toBeUndefined();
      expect(byAdmin.json().data.id).not.toBe(byOwner.json().data.id);
      const list = await listTokens(t.app, me, other.id);
      expect(list.data.map((token) => token.created_by).sort()).toEqual([me.userId, admin.userId].sort());
    });

    it('stores no usable token: the answer kept for replays is encrypted with the key', async () => {
      const me = await fresh(owner);
      const other = await createProject(t.app, me, 'Sealed answers');
      const request = {
        method: 'POST' as const,
        url: `/api/v1/projects/${other.id}/api-tokens`,
        payload: { name: 'sealed', scopes: ['content:read'] },
        headers: { 'idempotency-key': 'c0ffee-4f1a-9b2e-sealed' },
      };
      const first = await call(t.app, me, request);
      expect(first.statusCode).toBe(201);
      const { token } = first.json<{ data: CreatedApiToken }>().data;
      const dump = await dumpDatabase(t.database);
      expect(dump).not.toContain(token);
      // Nor its secret part (the list keeps only a short readable prefix).
      expect(dump).not.toContain(token.slice(12));
      expect(dump).not.toContain('c0ffee-4f1a-9b2e-sealed');
      const replay = await call(t.app, me, request);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
    });

    it('replays nothing to a member removed since: the caller is authorized first', async () => {
      const me = await fresh(owner);
      const other = await createProject(t.app, me, 'Removed admin');
      const admin = await signUp(t.app);
      await call(t.app, me, {
        method: 'POST',
        url: `/api/v1/projects/${other.id}/members`,
        payload: { email: admin.email, role: 'admin' },
      });
      const request = {
        method: 'POST' as const,
        url: `/api/v1/projects/${other.id}/api-tokens`,
        payload: { name: 'kept', scopes: ['content:write'] },
        headers: { 'idempotency-key': 'before-removal' },
      };
      expect((await call(t.app, admin, request)).statusCode).toBe(201);
      const removed = await call(t.app, me, {
        method: 'DELETE',
        url: `/api/v1/projects/${other.id}/members/${admin.userId}`,
      });
      expect(removed.statusCode).toBe(204);
      const retried = await call(t.app, admin, request);
      expectError(retried, 404, 'NOT_FOUND');
      expect(retried.body).not.toContain('plt_');
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
    });
  });
});

describe('API tokens: a change and its audit entry commit together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates no token when its audit entry cannot be written', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const revocable = await createToken(t.app, owner, project.id);
    // The audit trail fails under the running server (its table is gone).
    await sql`DROP TABLE audit_log`.execute(t.database.db);
    const created = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/api-tokens`,
      payload: { name: 'Unaudited', scopes: ['content:read'] },
    });
    expectError(created, 500, 'INTERNAL');
    const revoked = await call(t.app, owner, {
      method: 'DELETE',
      url: `/api/v1/projects/${project.id}/api-tokens/${revocable.id}`,
    });
    expectError(revoked, 500, 'INTERNAL');
    const rows = await t.database.db.selectFrom('api_tokens').select(['name', 'revoked_at']).execute();
    expect(rows).toEqual([{ name: 'Token', revoked_at: null }]);
  });
});
