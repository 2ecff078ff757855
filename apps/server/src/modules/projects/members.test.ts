import { type ApiToken, type ListMeta, type Member, type Project, ROLES, type Role } from '@plinth/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
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
import { startSmtpServer } from '../../test/smtp.js';

async function createProject(app: FastifyInstance, session: Session, name = 'Team project'): Promise<Project> {
  const response = await call(app, session, { method: 'POST', url: '/api/v1/projects', payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Project }>().data;
}

function addMember(app: FastifyInstance, actor: Session | null, projectId: string, email: string, role: Role) {
  return call(app, actor, {
    method: 'POST',
    url: `/api/v1/projects/${projectId}/members`,
    payload: { email, role },
  });
}

/** Adds an existing user with `role` through the owner and checks it worked. */
async function join(app: FastifyInstance, owner: Session, projectId: string, role: Role): Promise<Session> {
  const member = await signUp(app);
  const response = await addMember(app, owner, projectId, member.email, role);
  expect(response.statusCode, response.body).toBe(201);
  return member;
}

async function listMembers(app: FastifyInstance, session: Session, projectId: string, query = '') {
  const response = await call(app, session, { method: 'GET', url: `/api/v1/projects/${projectId}/members${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Member[]; meta: ListMeta }>();
}

const roleOf = async (app: FastifyInstance, owner: Session, projectId: string, userId: string) =>
  (await listMembers(app, owner, projectId, '?limit=100')).data.find((member) => member.user_id === userId)?.role;

function setRole(app: FastifyInstance, actor: Session, projectId: string, userId: string, role: Role) {
  return call(app, actor, {
    method: 'PATCH',
    url: `/api/v1/projects/${projectId}/members/${userId}`,
    payload: { role },
  });
}

const removeMember = (app: FastifyInstance, actor: Session, projectId: string, userId: string) =>
  call(app, actor, { method: 'DELETE', url: `/api/v1/projects/${projectId}/members/${userId}` });

function expectInvalid(response: LightMyRequestResponse, field: string) {
  const body = expectError(response, 400, 'VALIDATION_FAILED');
  expect(body.details?.map((detail) => detail.path)).toContain(field);
}

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('project members', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    owner = await signUp(t.app, { name: 'Olivia Owner' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('add', () => {
    it('adds an existing user: 201 with the Member shape, and they see the project', async () => {
      const project = await createProject(t.app, owner);
      const user = await signUp(t.app, { name: 'Eddie Editor' });
      const response = await addMember(t.app, owner, project.id, user.email.toUpperCase(), 'editor');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        data: {
          user_id: user.userId,
          email: user.email,
          name: 'Eddie Editor',
          role: 'editor',
          status: 'active',
          created_at: expect.stringMatching(TIMESTAMP),
        },
      });
      const members = await listMembers(t.app, owner, project.id);
      expect(members.meta).toEqual({ total: 2, page: 1, limit: 25 });
      expect(members.data.map((member) => [member.user_id, member.role])).toEqual([
        [owner.userId, 'owner'],
        [user.userId, 'editor'],
      ]);
      const read = await call(t.app, user, { method: 'GET', url: `/api/v1/projects/${project.id}` });
      expect(read.json<{ data: Project }>().data).toEqual({ ...project, role: 'editor' });
    });

    it('invites an unknown email: status "invited" and an invitation email arrives', async () => {
      const project = await createProject(t.app, owner, 'Invite Garden');
      const email = uniqueEmail('invitee');
      const response = await addMember(t.app, owner, project.id, email, 'author');
      expect(response.statusCode).toBe(201);
      expect(response.json<{ data: Member }>().data).toMatchObject({ email, role: 'author', status: 'invited' });

      const mail = await smtp.waitFor(email, /invited to Invite Garden/);
      expect(mail.text).toContain('Invite Garden');
      expect(mail.text).toContain('author');
      const link = /http:\/\/plinth\.test\/register\?invitation=([\w-]+)&email=(\S+)/.exec(mail.text ?? '');
      expect(link?.[2]).toBe(encodeURIComponent(email));

      // Once they register with that address and the link's token they are an active member.
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'Ivy Invitee', email, password: 'correct horse battery', invitation_token: link?.[1] },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const invitee = await signIn(t.app, email, 'correct horse battery');
      const members = await listMembers(t.app, owner, project.id);
      expect(members.data.find((member) => member.email === email)).toMatchObject({
        user_id: invitee.userId,
        status: 'active',
        role: 'author',
        name: 'Ivy Invitee',
      });
      const mine = await call(t.app, invitee, { method: 'GET', url: '/api/v1/projects' });
      expect(mine.json<{ data: Project[] }>().data.map((p) => p.id)).toEqual([project.id]);
    });

    it('answers 409 for someone who is already a member, whatever the case of the email', async () => {
      const project = await createProject(t.app, owner);
      const user = await join(t.app, owner, project.id, 'viewer');
      expectError(await addMember(t.app, owner, project.id, user.email, 'editor'), 409, 'CONFLICT');
      expectError(await addMember(t.app, owner, project.id, user.email.toUpperCase(), 'viewer'), 409, 'CONFLICT');
      expectError(await addMember(t.app, owner, project.id, owner.email, 'viewer'), 409, 'CONFLICT');
      const invited = uniqueEmail('twice');
      expect((await addMember(t.app, owner, project.id, invited, 'viewer')).statusCode).toBe(201);
      expectError(await addMember(t.app, owner, project.id, invited, 'viewer'), 409, 'CONFLICT');
      expect(await roleOf(t.app, owner, project.id, user.userId)).toBe('viewer');
      expect((await listMembers(t.app, owner, project.id)).meta.total).toBe(3);
    });

    it('rejects missing, wrong-typed, oversized and unknown fields, naming the field', async () => {
      const project = await createProject(t.app, owner);
      const cases: [unknown, string][] = [
        [{ role: 'editor' }, 'email'],
        [{ email: uniqueEmail() }, 'role'],
        [{ email: 42, role: 'editor' }, 'email'],
        [{ email: 'not-an-email', role: 'editor' }, 'email'],
        [{ email: `${'a'.repeat(250)}@example.com`, role: 'editor' }, 'email'],
        [{ email: uniqueEmail(), role: 'superuser' }, 'role'],
        [{ email: uniqueEmail(), role: ['editor'] }, 'role'],
        [{ email: uniqueEmail(), role: 'editor', user_id: owner.userId }, 'user_id'],
        [{ email: uniqueEmail(), role: 'editor', status: 'active' }, 'status'],
      ];
      for (const [payload, field] of cases) {
        const response = await call(t.app, owner, {
          method: 'POST',
          url: `/api/v1/projects/${project.id}/members`,
          payload: payload as object,
        });
        expectInvalid(response, field);
      }
      expect((await listMembers(t.app, owner, project.id)).meta.total).toBe(1);
    });

    it('pages the member list', async () => {
      const project = await createProject(t.app, owner);
      const added = [];
      for (const role of ['admin', 'editor', 'author', 'viewer'] as const) {
        added.push((await join(t.app, owner, project.id, role)).userId);
      }
      const page2 = await listMembers(t.app, owner, project.id, '?page=2&limit=2');
      expect(page2.meta).toEqual({ total: 5, page: 2, limit: 2 });
      const page1 = await listMembers(t.app, owner, project.id, '?page=1&limit=2');
      const page3 = await listMembers(t.app, owner, project.id, '?page=3&limit=2');
      expect([...page1.data, ...page2.data, ...page3.data].map((member) => member.user_id)).toEqual([
        owner.userId,
        ...added,
      ]);
    });
  });

  describe('change role and remove', () => {
    it('changes a role: 200 with the Member, and it sticks', async () => {
      const project = await createProject(t.app, owner);
      const user = await join(t.app, owner, project.id, 'viewer');
      const response = await setRole(t.app, owner, project.id, user.userId, 'admin');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: {
          user_id: user.userId,
          email: user.email,
          name: 'Test User',
          role: 'admin',
          status: 'active',
          created_at: expect.stringMatching(TIMESTAMP),
        },
      });
      expect(await roleOf(t.app, owner, project.id, user.userId)).toBe('admin');
      const read = await call(t.app, user, { method: 'GET', url: `/api/v1/projects/${project.id}` });
      expect(read.json<{ data: Project }>().data.role).toBe('admin');
    });

    it('removes a member: 204, then the project is a 404 for them', async () => {
      const project = await createProject(t.app, owner);
      const user = await join(t.app, owner, project.id, 'editor');
      const response = await removeMember(t.app, owner, project.id, user.userId);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await listMembers(t.app, owner, project.id)).data.map((member) => member.user_id)).toEqual([
        owner.userId,
      ]);
      expectError(await call(t.app, user, { method: 'GET', url: `/api/v1/projects/${project.id}` }), 404, 'NOT_FOUND');
      expectError(await removeMember(t.app, owner, project.id, user.userId), 404, 'NOT_FOUND');
    });

    it('answers 404 for a user who is not a member of this project', async () => {
      const project = await createProject(t.app, owner);
      const elsewhere = await createProject(t.app, owner);
      const stranger = await join(t.app, owner, elsewhere.id, 'editor');
      expectError(await setRole(t.app, owner, project.id, stranger.userId, 'viewer'), 404, 'NOT_FOUND');
      expectError(await removeMember(t.app, owner, project.id, stranger.userId), 404, 'NOT_FOUND');
      expectError(await setRole(t.app, owner, project.id, 'no-such-user', 'viewer'), 404, 'NOT_FOUND');
      expect(await roleOf(t.app, owner, elsewhere.id, stranger.userId)).toBe('editor');
    });

    it('answers 409 for demoting or removing the last owner', async () => {
      const solo = await signUp(t.app);
      const project = await createProject(t.app, solo);
      const admin = await join(t.app, solo, project.id, 'admin');
      expectError(await setRole(t.app, solo, project.id, solo.userId, 'admin'), 409, 'CONFLICT');
      expectError(await removeMember(t.app, solo, project.id, solo.userId), 409, 'CONFLICT');
      expect(await roleOf(t.app, solo, project.id, solo.userId)).toBe('owner');

      // With a second owner, the first may leave; the second is then the last one.
      expect((await setRole(t.app, solo, project.id, admin.userId, 'owner')).statusCode).toBe(200);
      expect((await removeMember(t.app, solo, project.id, solo.userId)).statusCode).toBe(204);
      expectError(await setRole(t.app, admin, project.id, admin.userId, 'editor'), 409, 'CONFLICT');
      expectError(await removeMember(t.app, admin, project.id, admin.userId), 409, 'CONFLICT');
      expect((await listMembers(t.app, admin, project.id)).data).toEqual([
        expect.objectContaining({ user_id: admin.userId, role: 'owner' }),
      ]);
    });

    it('keeps an owner when two owners demote or remove each other at the same time', async () => {
      // A few rounds, since a race only shows when the requests interleave.
      for (const action of ['demote', 'remove', 'demote', 'remove', 'demote', 'remove'] as const) {
        const first = await signUp(t.app);
        const project = await createProject(t.app, first);
        const second = await join(t.app, first, project.id, 'owner');
        const act = (actor: Session, target: Session) =>
          action === 'demote'
            ? setRole(t.app, actor, project.id, target.userId, 'admin')
            : removeMember(t.app, actor, project.id, target.userId);
        const responses = await Promise.all([act(first, second), act(second, first)]);
        // The loser gets a 409 (last owner), or a 403/404 when it was already demoted/removed.
        const statuses = responses.map((response) => response.statusCode).sort();
        expect(statuses[0], action).toBe(action === 'demote' ? 200 : 204);
        expect([403, 404, 409], action).toContain(statuses[1]);
        // Whoever succeeded is still an owner, and the only one.
        const winner = (responses[0]?.statusCode ?? 500) < 300 ? first : second;
        const members = await listMembers(t.app, winner, project.id);
        expect(
          members.data.filter((member) => member.role === 'owner').map((member) => member.user_id),
          action,
        ).toEqual([winner.userId]);
      }
    });

    it('lets an owner demote or remove another owner while one remains', async () => {
      const project = await createProject(t.app, owner);
      const second = await join(t.app, owner, project.id, 'owner');
      const third = await join(t.app, owner, project.id, 'owner');
      expect((await setRole(t.app, second, project.id, owner.userId, 'admin')).statusCode).toBe(200);
      expect((await removeMember(t.app, second, project.id, third.userId)).statusCode).toBe(204);
      const members = await listMembers(t.app, second, project.id);
      expect(members.data.map((member) => [member.user_id, member.role])).toEqual([
        [owner.userId, 'admin'],
        [second.userId, 'owner'],
      ]);
    });

    it('answers 403 for changing your own role', async () => {
      const project = await createProject(t.app, owner);
      const admin = await join(t.app, owner, project.id, 'admin');
      expectError(await setRole(t.app, admin, project.id, admin.userId, 'editor'), 403, 'FORBIDDEN');
      expectError(await setRole(t.app, admin, project.id, admin.userId, 'admin'), 403, 'FORBIDDEN');
      const coOwner = await join(t.app, owner, project.id, 'owner');
      expectError(await setRole(t.app, coOwner, project.id, coOwner.userId, 'viewer'), 403, 'FORBIDDEN');
      expect(await roleOf(t.app, owner, project.id, admin.userId)).toBe('admin');
      expect(await roleOf(t.app, owner, project.id, coOwner.userId)).toBe('owner');
    });

    it('does not let admins grant, change or remove the owner role', async () => {
      const project = await createProject(t.app, owner);
      const admin = await join(t.app, owner, project.id, 'admin');
      const viewer = await join(t.app, owner, project.id, 'viewer');
      const newcomer = await signUp(t.app);

      expectError(await addMember(t.app, admin, project.id, newcomer.email, 'owner'), 403, 'FORBIDDEN');
      expectError(await setRole(t.app, admin, project.id, viewer.userId, 'owner'), 403, 'FORBIDDEN');
      expectError(await setRole(t.app, admin, project.id, owner.userId, 'viewer'), 403, 'FORBIDDEN');
      expectError(await removeMember(t.app, admin, project.id, owner.userId), 403, 'FORBIDDEN');
      expect(await roleOf(t.app, owner, project.id, viewer.userId)).toBe('viewer');
      expect(await roleOf(t.app, owner, project.id, owner.userId)).toBe('owner');
      expect(await roleOf(t.app, owner, project.id, newcomer.userId)).toBeUndefined();

      // Admins manage every other role.
      expect((await addMember(t.app, admin, project.id, newcomer.email, 'admin')).statusCode).toBe(201);
      expect((await setRole(t.app, admin, project.id, viewer.userId, 'editor')).statusCode).toBe(200);
      expect((await removeMember(t.app, admin, project.id, newcomer.userId)).statusCode).toBe(204);
      // An owner may grant the owner role.
      expect((await setRole(t.app, owner, project.id, viewer.userId, 'owner')).statusCode).toBe(200);
    });

    it('rejects bad role-change bodies, naming the field', async () => {
      const project = await createProject(t.app, owner);
      const user = await join(t.app, owner, project.id, 'viewer');
      const cases: [unknown, string][] = [
        [{}, 'role'],
        [{ role: 7 }, 'role'],
        [{ role: 'root' }, 'role'],
        [{ role: 'x'.repeat(1000) }, 'role'],
        [{ role: 'editor', email: 'new@example.com' }, 'email'],
      ];
      for (const [payload, field] of cases) {
        const response = await call(t.app, owner, {
          method: 'PATCH',
          url: `/api/v1/projects/${project.id}/members/${user.userId}`,
          payload: payload as object,
        });
        expectInvalid(response, field);
      }
      expect(await roleOf(t.app, owner, project.id, user.userId)).toBe('viewer');
    });
  });

  describe('the role matrix of API.md', () => {
    const canManage = (role: Role) => role === 'owner' || role === 'admin';

    it.each(ROLES)('%s', async (role) => {
      const projectOwner = await signUp(t.app);
      const project = await createProject(t.app, projectOwner, `Matrix ${role}`);
      const actor = role === 'owner' ? projectOwner : await join(t.app, projectOwner, project.id, role);
      const patchTarget = await join(t.app, projectOwner, project.id, 'viewer');
      const removeTarget = await join(t.app, projectOwner, project.id, 'viewer');
      const newcomer = await signUp(t.app);
      const created = await call(t.app, projectOwner, {
        method: 'POST',
        url: `/api/v1/projects/${project.id}/api-tokens`,
        payload: { name: 'existing', scopes: ['content:read'] },
      });
      const existingToken = created.json<{ data: { id: string } }>().data.id;
      const base = `/api/v1/projects/${project.id}`;
      const expectAllowed = (response: LightMyRequestResponse, status: number, allowed: boolean) => {
        if (allowed) expect(response.statusCode, response.body).toBe(status);
        else expectError(response, 403, 'FORBIDDEN');
      };

      // Everyone reads the project and its members.
      const read = await call(t.app, actor, { method: 'GET', url: base });
      expect(read.statusCode).toBe(200);
      expect(read.json<{ data: Project }>().data.role).toBe(role);
      const members = await listMembers(t.app, actor, project.id);
      expect(members.meta.total).toBe(role === 'owner' ? 3 : 4);

      // Members, API tokens and settings: owner and admin.
      const manage = canManage(role);
      expectAllowed(await addMember(t.app, actor, project.id, newcomer.email, 'viewer'), 201, manage);
      expectAllowed(await setRole(t.app, actor, project.id, patchTarget.userId, 'author'), 200, manage);
      expectAllowed(await removeMember(t.app, actor, project.id, removeTarget.userId), 204, manage);
      expectAllowed(await call(t.app, actor, { method: 'GET', url: `${base}/api-tokens` }), 200, manage);
      expectAllowed(
        await call(t.app, actor, {
          method: 'POST',
          url: `${base}/api-tokens`,
          payload: { name: 'mine', scopes: ['content:read'] },
        }),
        201,
        manage,
      );
      expectAllowed(
        await call(t.app, actor, { method: 'DELETE', url: `${base}/api-tokens/${existingToken}` }),
        204,
        manage,
      );
      expectAllowed(
        await call(t.app, actor, { method: 'PATCH', url: base, payload: { name: 'Renamed' } }),
        200,
        manage,
      );

      // What a denied call would have changed is unchanged.
      const after = await listMembers(t.app, projectOwner, project.id);
      // Allowed: one added and one removed; denied: neither.
      expect(after.meta.total).toBe(members.meta.total);
      expect(after.data.find((member) => member.user_id === patchTarget.userId)?.role).toBe(
        manage ? 'author' : 'viewer',
      );
      expect(after.data.some((member) => member.user_id === removeTarget.userId)).toBe(!manage);
      expect(after.data.some((member) => member.user_id === newcomer.userId)).toBe(manage);
      const tokens = await call(t.app, projectOwner, { method: 'GET', url: `${base}/api-tokens` });
      expect(
        tokens
          .json<{ data: ApiToken[] }>()
          .data.map((token) => token.name)
          .sort(),
      ).toEqual(manage ? ['mine'] : ['existing']);
      const name = (await call(t.app, projectOwner, { method: 'GET', url: base })).json<{ data: Project }>().data.name;
      expect(name).toBe(manage ? 'Renamed' : `Matrix ${role}`);

      // Deleting the project: owner only.
      const deleted = await call(t.app, actor, { method: 'DELETE', url: base });
      expectAllowed(deleted, 204, role === 'owner');
      const stillThere = await call(t.app, projectOwner, { method: 'GET', url: base });
      expect(stillThere.statusCode).toBe(role === 'owner' ? 404 : 200);
    });
  });

  describe('outsiders', () => {
    it('a non-member and a member of another project get 404 on every project path', async () => {
      const project = await createProject(t.app, owner, 'Private');
      const member = await join(t.app, owner, project.id, 'editor');
      const token = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${project.id}/api-tokens`,
        payload: { name: 'secret', scopes: ['content:read'] },
      });
      const tokenId = token.json<{ data: { id: string } }>().data.id;
      const nobody = await signUp(t.app);
      const otherOwner = await signUp(t.app);
      const otherProject = await createProject(t.app, otherOwner, 'Elsewhere');
      const base = `/api/v1/projects/${project.id}`;
      const requests = [
        { method: 'GET', url: base },
        { method: 'PATCH', url: base, payload: { name: 'Mine now' } },
        { method: 'DELETE', url: base },
        { method: 'GET', url: `${base}/members` },
        { method: 'POST', url: `${base}/members`, payload: { email: uniqueEmail(), role: 'viewer' } },
        { method: 'PATCH', url: `${base}/members/${member.userId}`, payload: { role: 'viewer' } },
        { method: 'DELETE', url: `${base}/members/${member.userId}` },
        { method: 'PATCH', url: `${base}/members/${owner.userId}`, payload: { role: 'viewer' } },
        { method: 'GET', url: `${base}/api-tokens` },
        { method: 'POST', url: `${base}/api-tokens`, payload: { name: 'stolen', scopes: ['content:read'] } },
        { method: 'DELETE', url: `${base}/api-tokens/${tokenId}` },
      ] as const;
      for (const outsider of [nobody, otherOwner]) {
        for (const request of requests) {
          const response = await call(t.app, outsider, request);
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
          expectError(response, 404, 'NOT_FOUND');
        }
      }
      // The other owner's own project is unaffected, and so is this one.
      expect(
        (await call(t.app, otherOwner, { method: 'GET', url: `/api/v1/projects/${otherProject.id}` })).statusCode,
      ).toBe(200);
      const after = await call(t.app, owner, { method: 'GET', url: base });
      expect(after.json<{ data: Project }>().data).toEqual(project);
      expect((await listMembers(t.app, owner, project.id)).data.map((m) => [m.user_id, m.role])).toEqual([
        [owner.userId, 'owner'],
        [member.userId, 'editor'],
      ]);
      const tokens = await call(t.app, owner, { method: 'GET', url: `${base}/api-tokens` });
      expect(tokens.json<{ data: ApiToken[] }>().data.map((listed) => listed.id)).toEqual([tokenId]);
    });

    it('answers 401 without a credential', async () => {
      const project = await createProject(t.app, owner);
      expectError(
        await call(t.app, null, { method: 'GET', url: `/api/v1/projects/${project.id}/members` }),
        401,
        'UNAUTHENTICATED',
      );
      expectError(await addMember(t.app, null, project.id, uniqueEmail(), 'viewer'), 401, 'UNAUTHENTICATED');
    });
  });
});
