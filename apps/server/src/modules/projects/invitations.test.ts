import { createHash } from 'node:crypto';
import type { Invitation, Member, Project, RegisterResponse, Role } from '@plinth/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';

const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 3600_000;

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

describe('invitations', () => {
  let smtp: Smtp;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  afterAll(async () => smtp.close());

  const start = async (env: Record<string, string> = {}) => {
    const time = createTestClock(new Date());
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, ...env }, clock: time.clock });
    apps.push(t);
    const owner = await signUp(t.app, { name: 'Olivia Owner' });
    const created = await call(t.app, owner, { method: 'POST', url: '/api/v1/projects', payload: { name: 'Garden' } });
    const project = created.json<{ data: Project }>().data;
    return { t, time, owner, project };
  };

  /** Adds an unknown email as a member and returns the token of the link the email carries. */
  async function invite(t: TestApp, by: Session, projectId: string, email: string, role: Role = 'admin') {
    const added = await call(t.app, by, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/members`,
      payload: { email, role },
    });
    expect(added.statusCode, added.body).toBe(201);
    const mail = await smtp.waitFor(email, /invited to/);
    const token = /register\?invitation=([\w-]+)/.exec(mail.text ?? '')?.[1];
    if (!token) throw new Error(`no invitation link in: ${mail.text}`);
    return { token, member: added.json<{ data: Member }>().data };
  }

  const register = (t: TestApp, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Someone', password: PASSWORD, ...payload },
    });
  const preview = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
  const accept = (t: TestApp, who: Session, token: string) =>
    call(t.app, who, { method: 'POST', url: `/api/v1/invitations/${token}/accept` });
  const memberOf = async (t: TestApp, owner: Session, projectId: string, email: string) =>
    (await call(t.app, owner, { method: 'GET', url: `/api/v1/projects/${projectId}/members?limit=100` }))
      .json<{ data: Member[] }>()
      .data.find((member) => member.email === email);

  it('gives nothing to whoever registers an invited email without the link (the takeover)', async () => {
    const { t, owner, project } = await start();
    const viewer = await signUp(t.app);
    await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/members`,
      payload: { email: viewer.email, role: 'viewer' },
    });
    const email = uniqueEmail('boss');
    await invite(t, owner, project.id, email, 'admin');

    // Any member can read the invited address; registering it must not make them admin.
    const members = await call(t.app, viewer, { method: 'GET', url: `/api/v1/projects/${project.id}/members` });
    expect(members.json<{ data: Member[] }>().data.map((member) => member.email)).toContain(email);
    expect((await register(t, { email })).statusCode).toBe(201);
    const squatter = await signIn(t.app, email, PASSWORD);
    expectError(
      await call(t.app, squatter, { method: 'GET', url: `/api/v1/projects/${project.id}` }),
      404,
      'NOT_FOUND',
    );
    const mine = await call(t.app, squatter, { method: 'GET', url: '/api/v1/projects' });
    expect(mine.json<{ data: Project[] }>().data).toEqual([]);
    const tokens = await call(t.app, squatter, { method: 'GET', url: `/api/v1/projects/${project.id}/api-tokens` });
    expectError(tokens, 404, 'NOT_FOUND');
    expect(await memberOf(t, owner, project.id, email)).toMatchObject({ status: 'invited', role: 'admin' });
  });

  it('joins the project and activates the account with the link, even in closed or approval mode', async () => {
    for (const mode of ['closed', 'approval']) {
      const { t, owner, project } = await start({ PLINTH_REGISTRATION: mode });
      const email = uniqueEmail(`invitee-${mode}`);
      const { token } = await invite(t, owner, project.id, email, 'editor');
      // Without the link the mode applies as to anyone.
      const plain = await register(t, { email: uniqueEmail('stranger') });
      if (mode === 'closed') expectError(plain, 403, 'FORBIDDEN');
      else expect(plain.json<RegisterResponse>().status).toBe('pending');

      const registered = await register(t, { email: email.toUpperCase(), name: 'Ivy', invitation_token: token });
      expect(registered.statusCode, registered.body).toBe(201);
      expect(registered.json<RegisterResponse>()).toMatchObject({ status: 'active', user: { email, is_admin: false } });
      const invitee = await signIn(t.app, email, PASSWORD);
      const read = await call(t.app, invitee, { method: 'GET', url: `/api/v1/projects/${project.id}` });
      expect(read.json<{ data: Project }>().data.role).toBe('editor');
      expect(await memberOf(t, owner, project.id, email)).toMatchObject({ status: 'active', name: 'Ivy' });
    }
  });

  it('shows what the link offers, and works once', async () => {
    const { t, owner, project } = await start();
    const email = uniqueEmail('once');
    const { token } = await invite(t, owner, project.id, email, 'author');
    const shown = await preview(t, token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<{ data: Invitation }>().data).toEqual({
      project: { id: project.id, name: 'Garden' },
      email,
      role: 'author',
      invited_by: 'Olivia Owner',
      has_account: false,
      expires_at: expect.any(String),
    });
    expect((await register(t, { email, invitation_token: token })).statusCode).toBe(201);
    expectError(await preview(t, token), 404, 'NOT_FOUND');
    const again = await register(t, { email: uniqueEmail('other'), invitation_token: token });
    expect(expectError(again, 400, 'VALIDATION_FAILED').details).toEqual([
      { path: 'invitation_token', message: 'is invalid or has expired' },
    ]);
    expectError(await accept(t, await signIn(t.app, email, PASSWORD), token), 404, 'NOT_FOUND');
  });

  it('keeps only a hash of the token in the database', async () => {
    const { t, owner, project } = await start();
    const { token } = await invite(t, owner, project.id, uniqueEmail('hashed'));
    const rows = await t.database.db.selectFrom('invitations').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('refuses a link used for another email address', async () => {
    const { t, owner, project } = await start();
    const { token } = await invite(t, owner, project.id, uniqueEmail('meant'));
    const other = uniqueEmail('other');
    const refused = await register(t, { email: other, invitation_token: token });
    expect(expectError(refused, 400, 'VALIDATION_FAILED').details).toEqual([
      { path: 'invitation_token', message: 'was sent to another email address' },
    ]);
    // Nothing was created: the address can still register normally.
    expect((await register(t, { email: other })).statusCode).toBe(201);
  });

  it('expires after 7 days', async () => {
    const { t, time, owner, project } = await start();
    const email = uniqueEmail('late');
    const { token } = await invite(t, owner, project.id, email);
    time.advance(7 * DAY_MS - 60_000);
    expect((await preview(t, token)).statusCode).toBe(200);
    time.advance(60_000);
    expectError(await preview(t, token), 404, 'NOT_FOUND');
    expectError(await register(t, { email, invitation_token: token }), 400, 'VALIDATION_FAILED');
  });

  it('stops working when the invited member is removed', async () => {
    const { t, owner, project } = await start();
    const email = uniqueEmail('removed');
    const { token, member } = await invite(t, owner, project.id, email);
    const removed = await call(t.app, owner, {
      method: 'DELETE',
      url: `/api/v1/projects/${project.id}/members/${member.user_id}`,
    });
    expect(removed.statusCode).toBe(204);
    expectError(await preview(t, token), 404, 'NOT_FOUND');
    expectError(await register(t, { email, invitation_token: token }), 400, 'VALIDATION_FAILED');
    expect(await t.database.db.selectFrom('invitations').selectAll().execute()).toEqual([]);
  });

  it('lets an account registered without the link accept it once signed in, and nobody else', async () => {
    const { t, owner, project } = await start();
    const email = uniqueEmail('accepts');
    const { token } = await invite(t, owner, project.id, email, 'viewer');
    expect((await register(t, { email })).statusCode).toBe(201);
    expect((await preview(t, token)).json<{ data: Invitation }>().data.has_account).toBe(true);

    const stranger = await signUp(t.app);
    expectError(await accept(t, stranger, token), 403, 'FORBIDDEN');
    expectError(
      await call(t.app, null, { method: 'POST', url: `/api/v1/invitations/${token}/accept` }),
      401,
      'UNAUTHENTICATED',
    );

    const invitee = await signIn(t.app, email, PASSWORD);
    const accepted = await accept(t, invitee, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ data: Project }>().data).toMatchObject({ id: project.id, role: 'viewer' });
    expect((await call(t.app, invitee, { method: 'GET', url: `/api/v1/projects/${project.id}` })).statusCode).toBe(200);
    expect(await memberOf(t, owner, project.id, email)).toMatchObject({ status: 'active' });
    expectError(await accept(t, invitee, token), 404, 'NOT_FOUND');
    const audit = await call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${project.id}/audit-log?action=member.joined`,
    });
    expect(audit.json<{ data: { actor: { id: string } }[] }>().data.map((entry) => entry.actor.id)).toEqual([
      invitee.userId,
    ]);
  });

  it('answers 400 for a malformed token and 404 for an unknown one', async () => {
    const { t } = await start();
    expectError(await preview(t, 'short'), 400, 'VALIDATION_FAILED');
    expectError(await preview(t, 'a'.repeat(43)), 404, 'NOT_FOUND');
    expectError(
      await register(t, { email: uniqueEmail(), invitation_token: 'not a token!' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('leaves no invited member, user or invitation behind when its email cannot be queued', async () => {
    const { t, owner, project } = await start();
    await sql`DROP TABLE jobs`.execute(t.database.db);
    const email = uniqueEmail('unsent');
    const added = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/members`,
      payload: { email, role: 'editor' },
    });
    expectError(added, 500, 'INTERNAL');
    expect(await memberOf(t, owner, project.id, email)).toBeUndefined();
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('invitations').selectAll().execute()).toEqual([]);
  });
});
