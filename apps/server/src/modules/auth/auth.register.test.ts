import type { AdminUser, LoginResponse, RegisterResponse } from '@plinth/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../lib/logger.js';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  type Session,
  signIn,
  signUp,
  startTestServer,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';

const PASSWORD = 'correct horse battery';

describe('POST /auth/register and approval', () => {
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const clock = createTestClock();
    const t = await createTestApp({ env, clock: clock.clock });
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  const register = (t: TestApp, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
  const login = (t: TestApp, username: string, password = PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });

  it('makes the first user an active instance admin and later ones plain active users (open mode)', async () => {
    const t = await start();
    const first = await register(t, { name: '  Ada  ', email: 'Ada@Example.com', password: PASSWORD, company: 'ACME' });
    expect(first.statusCode).toBe(201);
    const body = first.json<RegisterResponse>();
    expect(body.status).toBe('active');
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'ada@example.com',
      name: 'Ada',
      avatar_url: null,
      is_admin: true,
      created_at: '2026-11-22T10:00:00.000Z',
    });

    const second = await register(t, { name: 'Bob', email: uniqueEmail('bob'), password: PASSWORD });
    expect(second.statusCode).toBe(201);
    expect(second.json<RegisterResponse>()).toMatchObject({ status: 'active', user: { is_admin: false } });
    expect(second.json<RegisterResponse>().user.id).not.toBe(body.user.id);

    // Registered in any letter case, the account signs in with its email in any letter case.
    expect((await login(t, 'ADA@example.COM')).statusCode).toBe(200);
  });

  it('creates the instance admin of PLINTH_ADMIN_EMAIL at start; self-registered users are then not admins', async () => {
    const t = await start({ PLINTH_ADMIN_EMAIL: 'Root@Example.com', PLINTH_ADMIN_PASSWORD: 'root password 1' });
    const admin = await login(t, 'root@example.com', 'root password 1');
    expect(admin.statusCode).toBe(200);
    expect(admin.json<LoginResponse>().user).toMatchObject({ email: 'root@example.com', is_admin: true });
    const first = await register(t, { name: 'First', email: uniqueEmail('first'), password: PASSWORD });
    expect(first.json<RegisterResponse>()).toMatchObject({ status: 'active', user: { is_admin: false } });
  });

  it('leaves an existing account named by PLINTH_ADMIN_EMAIL as it is, and says so in the log', async () => {
    const t = await start();
    await signUp(t.app); // the first user, instance admin
    const email = uniqueEmail('squatter');
    expect((await register(t, { name: 'Squatter', email, password: PASSWORD })).statusCode).toBe(201);

    // The next start names that email: the account keeps its password and gets no admin rights.
    const lines: string[] = [];
    const restarted = await startTestServer({
      config: loadConfig({
        PLINTH_DATA_DIR: t.config.dataDir,
        PLINTH_SEED_DEMO: 'false',
        PLINTH_ADMIN_EMAIL: email.toUpperCase(),
        PLINTH_ADMIN_PASSWORD: 'operator password',
      }),
      database: t.database,
      log: createLogger('warn', { write: (line: string) => lines.push(line) }),
      worker: false,
    });
    try {
      const login = (password: string) =>
        restarted.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: email, password } });
      expectError(await login('operator password'), 401, 'UNAUTHENTICATED');
      const signedIn = await login(PASSWORD);
      expect(signedIn.json<LoginResponse>().user).toMatchObject({ email, is_admin: false });
      expect(lines.some((line) => line.includes('PLINTH_ADMIN_EMAIL names an existing account'))).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('answers 409 for an email that already has an account, whatever its letter case', async () => {
    const t = await start();
    const email = uniqueEmail('taken');
    expect((await register(t, { name: 'One', email, password: PASSWORD })).statusCode).toBe(201);
    const again = await register(t, { name: 'Two', email: email.toUpperCase(), password: 'another password' });
    expectError(again, 409, 'CONFLICT');
    // The first account keeps its password and name.
    const session = await login(t, email);
    expect(session.statusCode).toBe(200);
    expect(session.json<LoginResponse>().user.name).toBe('One');
    expectError(await login(t, email, 'another password'), 401, 'UNAUTHENTICATED');
  });

  it('answers 409 (not 500) to two simultaneous registrations of one email', async () => {
    const t = await start();
    await signUp(t.app); // the admin, so both racers are ordinary registrations
    const email = uniqueEmail('race');
    const responses = await Promise.all([
      register(t, { name: 'A', email, password: PASSWORD }),
      register(t, { name: 'B', email, password: PASSWORD }),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const loser = responses.find((r) => r.statusCode === 409);
    if (loser) expectError(loser, 409, 'CONFLICT');
  });

  it('in approval mode keeps new users pending until an instance admin approves them', async () => {
    const t = await start({ PLINTH_REGISTRATION: 'approval' });
    const first = await register(t, { name: 'Admin', email: uniqueEmail('admin'), password: PASSWORD });
    expect(first.statusCode).toBe(201);
    expect(first.json<RegisterResponse>()).toMatchObject({ status: 'active', user: { is_admin: true } });
    const adminEmail = first.json<RegisterResponse>().user.email;
    const admin = await signIn(t.app, adminEmail, PASSWORD);

    const email = uniqueEmail('pending');
    const pending = await register(t, { name: 'Pat', email, password: PASSWORD });
    expect(pending.statusCode).toBe(201);
    const registered = pending.json<RegisterResponse>();
    expect(registered).toMatchObject({ status: 'pending', user: { email, is_admin: false } });

    const refused = expectError(await login(t, email), 403, 'FORBIDDEN');
    expect(refused.message).toBe('Your account is awaiting approval');
    // A wrong password still gets the same 401 as everyone else, not a hint that the account exists.
    expect(expectError(await login(t, email, 'wrong password'), 401, 'UNAUTHENTICATED').message).toBe(
      'Invalid email or password',
    );

    // Another ordinary user cannot approve; the admin can.
    const bystanderEmail = uniqueEmail('bystander');
    await register(t, { name: 'By', email: bystanderEmail, password: PASSWORD });
    const url = `/api/v1/admin/users/${registered.user.id}/approve`;
    expectError(await call(t.app, null, { method: 'POST', url }), 401, 'UNAUTHENTICATED');
    const approved = await call(t.app, admin, { method: 'POST', url });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<{ data: AdminUser }>().data).toMatchObject({ id: registered.user.id, status: 'active' });

    const signedIn = await login(t, email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<LoginResponse>().user).toMatchObject({ id: registered.user.id, is_admin: false });
  });

  it('in approval mode lets only an instance admin approve', async () => {
    const t = await start({ PLINTH_REGISTRATION: 'approval' });
    const admin = await signUp(t.app);
    const email = uniqueEmail('pending');
    const pending = (await register(t, { name: 'P', email, password: PASSWORD })).json<RegisterResponse>();
    // Approve a second account so that it can sign in, then let it try to approve the first.
    const otherEmail = uniqueEmail('other');
    const other = (await register(t, { name: 'O', email: otherEmail, password: PASSWORD })).json<RegisterResponse>();
    const approved = await call(t.app, admin, { method: 'POST', url: `/api/v1/admin/users/${other.user.id}/approve` });
    expect(approved.statusCode).toBe(200);
    const plain: Session = await signIn(t.app, otherEmail, PASSWORD);
    const url = `/api/v1/admin/users/${pending.user.id}/approve`;
    expectError(await call(t.app, plain, { method: 'POST', url }), 403, 'FORBIDDEN');
    expect(expectError(await login(t, email), 403, 'FORBIDDEN').message).toBe('Your account is awaiting approval');
  });

  it('in closed mode lets only the first user register', async () => {
    const t = await start({ PLINTH_REGISTRATION: 'closed' });
    const first = await register(t, { name: 'Admin', email: uniqueEmail('admin'), password: PASSWORD });
    expect(first.statusCode).toBe(201);
    expect(first.json<RegisterResponse>()).toMatchObject({ status: 'active', user: { is_admin: true } });
    expect((await login(t, first.json<RegisterResponse>().user.email)).statusCode).toBe(200);

    const email = uniqueEmail('late');
    expectError(await register(t, { name: 'Late', email, password: PASSWORD }), 403, 'FORBIDDEN');
    expectError(await login(t, email), 401, 'UNAUTHENTICATED');
  });

  it('in closed mode lets someone invited to a project register with the link, once', async () => {
    const smtp = await startSmtpServer();
    try {
      const t = await start({ PLINTH_REGISTRATION: 'closed', SMTP_URL: smtp.url });
      const owner = await signUp(t.app);
      const project = await call(t.app, owner, { method: 'POST', url: '/api/v1/projects', payload: { name: 'Team' } });
      expect(project.statusCode).toBe(201);
      const projectId = project.json<{ data: { id: string } }>().data.id;
      const email = uniqueEmail('invitee');
      const invited = await call(t.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email, role: 'editor' },
      });
      expect(invited.statusCode).toBe(201);
      // Invited but not registered: no password, so no sign-in yet; and no registration without the link.
      expectError(await login(t, email), 401, 'UNAUTHENTICATED');
      expectError(await register(t, { name: 'Squatter', email, password: PASSWORD }), 403, 'FORBIDDEN');
      const mail = await smtp.waitFor(email, /invited to Team/);
      const token = /invitation=([\w-]+)/.exec(mail.text ?? '')?.[1];

      // Two people racing with the link: exactly one gets the account, and keeps its password.
      const [a, b] = await Promise.all([
        register(t, { name: 'Invitee', email, password: PASSWORD, invitation_token: token }),
        register(t, { name: 'Racer', email, password: 'racer password', invitation_token: token }),
      ]);
      const winner = a.statusCode === 201 ? a : b;
      const loser = winner === a ? b : a;
      expect(winner.statusCode).toBe(201);
      expect([400, 409]).toContain(loser.statusCode);
      const winnerPassword = winner === a ? PASSWORD : 'racer password';
      const loserPassword = winner === a ? 'racer password' : PASSWORD;
      expect(winner.json<RegisterResponse>()).toMatchObject({ status: 'active', user: { email, is_admin: false } });
      expect((await login(t, email, winnerPassword)).statusCode).toBe(200);
      expectError(await login(t, email, loserPassword), 401, 'UNAUTHENTICATED');
      // Registering is once: the link does not let anyone register the email again.
      expectError(
        await register(t, { name: 'Again', email, password: PASSWORD, invitation_token: token }),
        400,
        'VALIDATION_FAILED',
      );
    } finally {
      await smtp.close();
    }
  });

  it('makes exactly one instance admin of simultaneous first registrations', async () => {
    const t = await start();
    const emails = Array.from({ length: 4 }, (_, i) => uniqueEmail(`first-${i}`));
    const responses = await Promise.all(
      emails.map((email) => register(t, { name: 'Racer', email, password: PASSWORD })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const admins = responses.filter((response) => response.json<RegisterResponse>().user.is_admin);
    expect(admins).toHaveLength(1);
  });
});
