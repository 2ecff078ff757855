import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../apps/server/src/lib/mailer.js';
import { createCollection, createDocument, createProject, createToken } from '../apps/server/src/test/content.js';
import { call, createTestClock, type Session, signIn, uniqueEmail } from '../apps/server/src/test/harness.js';
import {
  type Answer,
  type Attempt,
  attack,
  errorCode,
  expectStatus,
  newUser,
  report,
  send,
  startTarget,
  type Target,
} from './harness.js';

// Identity: forged and misused JWTs, password reset tokens of the wrong type or used twice,
// sessions after logout, password change and refresh-token reuse (the shapes of Strapi's,
// Directus's, Payload's and Ghost's auth advisories), against API.md "Auth".

const PASSWORD = 'correct horse battery';
const INVALID_RESET = 'This reset link is invalid or has expired';
const ACCESS_TOKEN_MS = 15 * 60_000;

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const jwtParts = (token: string) => {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
    signature,
  };
};
/** A JWT with this header and payload, HMAC-SHA256 signed with `key` (or unsigned with null). */
function forgeJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: string | null): string {
  const signingInput = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const signature = key === null ? '' : createHmac('sha256', key).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

/** Keeps every email the server sends, so cases can read reset links. */
function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    close() {},
  };
}

describe('identity: tokens, reset links and sessions', () => {
  let target: Target;
  const time = createTestClock();
  const mailer = capturingMailer();
  let victim: Session;

  beforeAll(async () => {
    target = await startTarget({ clock: time.clock, mailer });
    await newUser(target, 'Instance admin');
    victim = await newUser(target, 'Victim');
  });
  afterAll(async () => target?.close());

  const me = (as: Session | string) => send(target, { path: '/api/v1/auth/me', as });
  /** The attempt is refused as unauthenticated (401). */
  const expectUnauthenticated = async (tried: string, attempt: Attempt) =>
    expectStatus(await attack(target, tried, attempt), 401, 'UNAUTHENTICATED');
  /** The claims of a forged token: the victim's user and a session id that looks real. */
  const victimClaims = () => {
    const now = Math.floor(time.clock().getTime() / 1000);
    return { sub: victim.userId, sid: jwtParts(victim.accessToken).payload.sid, iat: now, exp: now + 900 };
  };
  const login = (email: string, password: string) =>
    send(target, { method: 'POST', path: '/api/v1/auth/login', body: { username: email, password } });
  const refresh = (refreshToken: string) =>
    send(target, { method: 'POST', path: '/api/v1/auth/refresh', body: { refresh_token: refreshToken } });

  /** Asks for a reset link for `email` (from the setup side) and reads the token from the email. */
  async function resetTokenFor(email: string): Promise<string> {
    const before = mailer.sent.length;
    const asked = await target.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email },
      remoteAddress: `10.9.0.${mailer.sent.length + 1}`,
    });
    expect(asked.statusCode).toBe(202);
    const deadline = Date.now() + 5000;
    for (;;) {
      const mail = mailer.sent.slice(before).find((message) => message.to === email);
      const token = mail?.link ? new URL(mail.link).searchParams.get('token') : null;
      if (token) return token;
      if (Date.now() > deadline) throw new Error(`no reset email to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  describe('JWT forgery', () => {
    it('refuses an alg:none token carrying the victim’s claims (CVE-2015-9235 shape)', async () => {
      for (const alg of ['none', 'None', 'NONE']) {
        const token = forgeJwt({ alg, typ: 'JWT' }, victimClaims(), null);
        const answer = await attack(target, `alg:${alg} token for the victim`, { path: '/api/v1/auth/me', as: token });
        expectStatus(answer, 401, 'UNAUTHENTICATED');
        expect(answer.text).not.toContain(victim.email);
      }
    });

    it('refuses HS256 tokens signed with guessed or empty keys', async () => {
      for (const key of ['', 'secret', 'plinth', 'changeme', 'jwt_secret', 'your-256-bit-secret']) {
        const token = forgeJwt({ alg: 'HS256', typ: 'JWT' }, victimClaims(), key);
        const answer = await attack(target, `HS256 token signed with key "${key}"`, {
          path: '/api/v1/auth/me',
          as: token,
        });
        expectStatus(answer, 401, 'UNAUTHENTICATED');
        expect(answer.text).not.toContain(victim.email);
      }
    });

    it('refuses RS256/ES256/PS256 headers over an HMAC signature keyed by a public value (key confusion)', async () => {
      const publicValues = [
        target.config.publicUrl,
        victim.userId,
        '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----',
      ];
      for (const alg of ['RS256', 'ES256', 'PS256', 'HS512']) {
        for (const key of publicValues) {
          const token = forgeJwt({ alg, typ: 'JWT' }, victimClaims(), key);
          const answer = await attack(target, `${alg} header, HMAC over "${key.slice(0, 24)}"`, {
            path: '/api/v1/auth/me',
            as: token,
          });
          expectStatus(answer, 401, 'UNAUTHENTICATED');
        }
      }
    });

    it('refuses a real token whose sub was changed to another user (signature kept)', async () => {
      const attacker = await newUser(target);
      const [header, , signature] = attacker.accessToken.split('.');
      const { payload } = jwtParts(attacker.accessToken);
      const tampered = `${header}.${b64url(JSON.stringify({ ...payload, sub: victim.userId }))}.${signature}`;
      const answer = await attack(target, 'attacker’s token with sub = victim', {
        path: '/api/v1/auth/me',
        as: tampered,
      });
      expectStatus(answer, 401, 'UNAUTHENTICATED');
      expect(answer.text).not.toContain(victim.email);
      // The session id swapped for the victim's, too.
      const swapped = `${header}.${b64url(JSON.stringify({ ...payload, sid: victimClaims().sid }))}.${signature}`;
      await expectUnauthenticated('attacker’s token with sid = victim’s session', {
        path: '/api/v1/auth/me',
        as: swapped,
      });
    });

    it('answers TOKEN_EXPIRED to an access token past its 15 minutes, while refresh still works', async () => {
      const user = await newUser(target);
      expect((await me(user)).status).toBe(200);
      time.advance(ACCESS_TOKEN_MS + 1000);
      const answer = await attack(target, 'access token 15 min + 1 s old', { path: '/api/v1/auth/me', as: user });
      expectStatus(answer, 401, 'TOKEN_EXPIRED');
      const refreshed = await refresh(user.refreshToken);
      expect(refreshed.status).toBe(200);
      expect((await me((refreshed.json as { access_token: string }).access_token)).status).toBe(200);
    });

    it('does not take a preview token for an access token, nor the reverse (one key, two purposes)', async () => {
      const owner = await newUser(target);
      const projectId = await createProject(target.app, owner);
      await createCollection(target.app, owner, projectId, {
        slug: 'articles',
        name: 'Articles',
        fields: [{ name: 'title', type: 'text' }],
      });
      const doc = await createDocument(target.app, owner, projectId, 'articles', { data: { title: 'Draft' } });
      const minted = await call(target.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/collections/articles/documents/${doc.id}/preview-token`,
        payload: {},
      });
      expect(minted.statusCode).toBe(201);
      const previewToken: string = minted.json().data.token;
      await expectUnauthenticated('preview token without its plp_ prefix, as an access token', {
        path: `/api/v1/projects/${projectId}`,
        as: previewToken.slice('plp_'.length),
      });
      expectStatus(
        await attack(target, 'preview token on the project’s members list', {
          path: `/api/v1/projects/${projectId}/members`,
          as: previewToken,
        }),
        403,
        'FORBIDDEN',
      );
      await expectUnauthenticated('an access token dressed as a preview token (plp_ + JWT)', {
        path: `/api/v1/projects/${projectId}/collections/articles/documents/${doc.id}`,
        as: `plp_${owner.accessToken}`,
      });
    });
  });

  describe('credentials used out of place', () => {
    it('shuts a member removed from a project out at once, with the access token they still hold', async () => {
      const owner = await newUser(target);
      const member = await newUser(target, 'Removed editor');
      const projectId = await createProject(target.app, owner);
      await createCollection(target.app, owner, projectId, {
        slug: 'articles',
        name: 'Articles',
        fields: [{ name: 'title', type: 'text' }],
      });
      const added = await call(target.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email: member.email, role: 'editor' },
      });
      expect(added.statusCode).toBe(201);
      const removed = await call(target.app, owner, {
        method: 'DELETE',
        url: `/api/v1/projects/${projectId}/members/${member.userId}`,
      });
      expect(removed.statusCode).toBe(204);
      const docs = `/api/v1/projects/${projectId}/collections/articles/documents`;
      expectStatus(
        await attack(target, 'removed member reads the project', { path: `/api/v1/projects/${projectId}`, as: member }),
        404,
        'NOT_FOUND',
      );
      expectStatus(
        await attack(target, 'removed member lists documents', { path: docs, as: member }),
        404,
        'NOT_FOUND',
      );
      expectStatus(
        await attack(target, 'removed member writes a document', {
          method: 'POST',
          path: docs,
          as: member,
          body: { data: { title: 'Still here' } },
        }),
        404,
        'NOT_FOUND',
      );
      const list = await call(target.app, owner, { method: 'GET', url: docs });
      expect(list.json().meta.total).toBe(0);
    });

    it('answers 404 to project A’s API token on project B’s routes and writes nothing there', async () => {
      const owner = await newUser(target);
      const projectA = await createProject(target.app, owner, { name: 'A' });
      const projectB = await createProject(target.app, owner, { name: 'B' });
      for (const projectId of [projectA, projectB]) {
        await createCollection(target.app, owner, projectId, {
          slug: 'articles',
          name: 'Articles',
          fields: [{ name: 'title', type: 'text' }],
        });
      }
      const tokenA = await createToken(target.app, owner, projectA, [
        'content:write',
        'content:preview',
        'schema:write',
        'webhooks:manage',
      ]);
      const docsB = `/api/v1/projects/${projectB}/collections/articles/documents`;
      for (const attempt of [
        { method: 'GET', path: `/api/v1/projects/${projectB}` },
        { method: 'GET', path: docsB },
        { method: 'POST', path: docsB, body: { data: { title: 'Cross-project' } } },
        { method: 'GET', path: `/api/v1/projects/${projectB}/collections` },
        { method: 'GET', path: `/api/v1/projects/${projectB}/webhooks` },
      ]) {
        expectStatus(
          await attack(target, 'project A token on project B', { ...attempt, as: tokenA }),
          404,
          'NOT_FOUND',
        );
      }
      const list = await call(target.app, owner, { method: 'GET', url: docsB });
      expect(list.json().meta.total).toBe(0);
    });

    it('refuses an API token at once once revoked, and once past its expires_at', async () => {
      const owner = await newUser(target);
      const projectId = await createProject(target.app, owner);
      const revoked = await call(target.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/api-tokens`,
        payload: { name: 'soon revoked', scopes: ['schema:read'] },
      });
      const expiring = await call(target.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/api-tokens`,
        payload: {
          name: 'soon expired',
          scopes: ['schema:read'],
          expires_at: new Date(time.clock().getTime() + 60_000).toISOString(),
        },
      });
      const collections = `/api/v1/projects/${projectId}/collections`;
      const [revokedToken, expiringToken]: string[] = [revoked.json().data.token, expiring.json().data.token];
      // Both work (and the first is now in the server's token cache) before the change.
      expect((await send(target, { path: collections, as: revokedToken })).status).toBe(200);
      expect((await send(target, { path: collections, as: expiringToken })).status).toBe(200);
      const revocation = await call(target.app, owner, {
        method: 'DELETE',
        url: `/api/v1/projects/${projectId}/api-tokens/${revoked.json().data.id}`,
      });
      expect(revocation.statusCode).toBe(204);
      await expectUnauthenticated('the API token right after its revocation', { path: collections, as: revokedToken });
      time.advance(61_000);
      await expectUnauthenticated('the API token a second past its expires_at', {
        path: collections,
        as: expiringToken,
      });
    });

    it('refuses operator objects and arrays in the login body (NoSQL-style login bypass)', async () => {
      for (const body of [
        { username: victim.email, password: { $ne: null } },
        { username: victim.email, password: { $gt: '' } },
        { username: { $ne: null }, password: PASSWORD },
        { username: [victim.email], password: PASSWORD },
        { username: victim.email, password: [PASSWORD, 'guess'] },
        { username: victim.email, password: true },
        { username: victim.email, password: '' },
        { username: victim.email },
      ]) {
        const answer = await attack(target, `login with ${JSON.stringify(body)}`, {
          method: 'POST',
          path: '/api/v1/auth/login',
          body,
        });
        expectStatus(answer, 400, 'VALIDATION_FAILED');
        expect(answer.json).not.toHaveProperty('access_token');
      }
    });

    it('keeps a preview token to its own document: not another draft, not a write', async () => {
      const owner = await newUser(target);
      const projectId = await createProject(target.app, owner);
      await createCollection(target.app, owner, projectId, {
        slug: 'articles',
        name: 'Articles',
        fields: [{ name: 'title', type: 'text' }],
      });
      const shared = await createDocument(target.app, owner, projectId, 'articles', {
        data: { title: 'Shared draft' },
      });
      const secret = await createDocument(target.app, owner, projectId, 'articles', {
        data: { title: 'Secret draft' },
      });
      const docs = `/api/v1/projects/${projectId}/collections/articles/documents`;
      const minted = await call(target.app, owner, {
        method: 'POST',
        url: `${docs}/${shared.id}/preview-token`,
        payload: {},
      });
      const previewToken: string = minted.json().data.token;
      expect((await send(target, { path: `${docs}/${shared.id}`, as: previewToken })).status).toBe(200);
      const other = await attack(target, 'preview token of one draft reads another draft', {
        path: `${docs}/${secret.id}`,
        as: previewToken,
      });
      // A document it may not see: 404, as for any id that cannot be probed.
      expectStatus(other, 404, 'NOT_FOUND');
      expect(other.text).not.toContain('Secret draft');
      expectStatus(
        await attack(target, 'preview token lists the collection', { path: docs, as: previewToken }),
        403,
        'FORBIDDEN',
      );
      expectStatus(
        await attack(target, 'preview token edits its own document', {
          method: 'PATCH',
          path: `${docs}/${shared.id}`,
          as: previewToken,
          body: { data: { title: 'Edited through a preview link' } },
        }),
        403,
        'FORBIDDEN',
      );
      const after = await call(target.app, owner, { method: 'GET', url: `${docs}/${shared.id}` });
      expect(after.json().data).toEqual(shared);
    });

    it('refuses a refresh token presented as a bearer access token', async () => {
      const user = await newUser(target);
      const answer = await attack(target, 'refresh token as the bearer credential', {
        path: '/api/v1/auth/me',
        as: user.refreshToken,
      });
      expectStatus(answer, 401, 'UNAUTHENTICATED');
    });

    it('refuses an access token sent to the refresh endpoint (body or header)', async () => {
      const user = await newUser(target);
      await expectUnauthenticated('access token as refresh_token in the body', {
        method: 'POST',
        path: '/api/v1/auth/refresh',
        body: { refresh_token: user.accessToken },
      });
      await expectUnauthenticated('access token as the Authorization of refresh, no body', {
        method: 'POST',
        path: '/api/v1/auth/refresh',
        as: user,
      });
      // The user's real refresh token still works: nothing above touched the session.
      expect((await refresh(user.refreshToken)).status).toBe(200);
    });

    it('answers junk and oversized Authorization headers with 401 (or 431), never a 500', async () => {
      const junk = [
        'Bearer',
        'Bearer ',
        'Bearer a.b.c',
        'Bearer ...',
        'Bearer eyJhbGciOiJIUzI1NiJ9.e30',
        'Bearer eyJ.eyJ.eyJ',
        `Bearer ${b64url('{"alg":')}.${b64url('[]')}.x`,
        'Bearer plt_',
        'Bearer plp_',
        'Bearer prt_',
        'Bearer plp_not.a.jwt',
        'Basic dXNlcjpwYXNz',
        'Bearer a b',
        'bearer\tabc',
        `Bearer ${'A'.repeat(8000)}`,
        `Bearer ${'x.'.repeat(3000)}x`,
        `Bearer ${forgeJwt({ alg: 'HS256' }, { sub: { $ne: null }, sid: ['a'] }, 'k')}`,
      ];
      for (const authorization of junk) {
        const answer = await attack(target, `Authorization: ${authorization.slice(0, 40)}`, {
          path: '/api/v1/auth/me',
          headers: { authorization },
        });
        expectStatus(answer, 401, 'UNAUTHENTICATED');
      }
      const huge = await attack(target, 'Authorization header of 64 KB', {
        path: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${'A'.repeat(64 * 1024)}` },
      });
      expect(huge.status).toBe(431);
    });
  });

  describe('password reset tokens', () => {
    const cases: [string, unknown][] = [
      ['an operator object {"$ne": null}', { $ne: null }],
      ['an array of guesses', ['a', 'b']],
      ['true', true],
      ['an empty string', ''],
      ['a number', 0],
      ['null', null],
    ];
    for (const [label, token] of cases) {
      it(`refuses a reset token that is ${label} and changes no password`, async () => {
        const user = await newUser(target);
        // A real reset is pending for the user: an operator-shaped token must not match it.
        await resetTokenFor(user.email);
        const answer = await attack(target, `reset-password with token = ${JSON.stringify(token)}`, {
          method: 'POST',
          path: '/api/v1/auth/reset-password',
          body: { token, password: 'attacker chose this' },
        });
        expectStatus(answer, 400, 'VALIDATION_FAILED');
        expect((await login(user.email, 'attacker chose this')).status).toBe(401);
        expect((await me(user)).status).toBe(200);
      });
    }

    it('refuses a reset token used a second time', async () => {
      const user = await newUser(target);
      const token = await resetTokenFor(user.email);
      const first = await send(target, {
        method: 'POST',
        path: '/api/v1/auth/reset-password',
        body: { token, password: 'the owner’s new password' },
      });
      expect(first.status).toBe(204);
      const replay = await attack(target, 'the same reset token again', {
        method: 'POST',
        path: '/api/v1/auth/reset-password',
        body: { token, password: 'attacker chose this' },
      });
      expectStatus(replay, 400, 'VALIDATION_FAILED');
      expect((replay.json as { message: string }).message).toBe(INVALID_RESET);
      expect((await login(user.email, 'attacker chose this')).status).toBe(401);
      expect((await login(user.email, 'the owner’s new password')).status).toBe(200);
    });

    it('refuses an older reset link once a newer one was used', async () => {
      const user = await newUser(target);
      const older = await resetTokenFor(user.email);
      const newer = await resetTokenFor(user.email);
      const used = await send(target, {
        method: 'POST',
        path: '/api/v1/auth/reset-password',
        body: { token: newer, password: 'the owner’s new password' },
      });
      expect(used.status).toBe(204);
      const answer = await attack(target, 'the older of two reset links, after the newer was used', {
        method: 'POST',
        path: '/api/v1/auth/reset-password',
        body: { token: older, password: 'attacker chose this' },
      });
      expectStatus(answer, 400, 'VALIDATION_FAILED');
      expect((await login(user.email, 'attacker chose this')).status).toBe(401);
      expect((await login(user.email, 'the owner’s new password')).status).toBe(200);
    });

    it('refuses a reset token past its hour', async () => {
      const user = await newUser(target);
      const token = await resetTokenFor(user.email);
      time.advance(3600_000 + 1000);
      const answer = await attack(target, 'reset token 1 h + 1 s old', {
        method: 'POST',
        path: '/api/v1/auth/reset-password',
        body: { token, password: 'attacker chose this' },
      });
      expectStatus(answer, 400, 'VALIDATION_FAILED');
      expect((answer.json as { message: string }).message).toBe(INVALID_RESET);
      expect((await login(user.email, PASSWORD)).status).toBe(200);
    });

    it('takes no email beside the token: user A’s token cannot be pointed at user B', async () => {
      const a = await newUser(target, 'A');
      const b = await newUser(target, 'B');
      const tokenOfA = await resetTokenFor(a.email);
      for (const extra of [{ email: b.email }, { user_id: b.userId }, { userId: b.userId }]) {
        const answer = await attack(target, `A's reset token with ${Object.keys(extra)[0]} of B`, {
          method: 'POST',
          path: '/api/v1/auth/reset-password',
          body: { token: tokenOfA, password: 'attacker chose this', ...extra },
        });
        expectStatus(answer, 400, 'VALIDATION_FAILED');
      }
      expect((await login(b.email, 'attacker chose this')).status).toBe(401);
      expect((await login(b.email, PASSWORD)).status).toBe(200);
      expect((await login(a.email, PASSWORD)).status).toBe(200);
    });

    it('answers forgot-password identically for existing, unknown and invited emails', async () => {
      const existing = await newUser(target);
      const owner = await newUser(target);
      const projectId = await createProject(target.app, owner);
      const invitedEmail = uniqueEmail('invited');
      const invited = await call(target.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email: invitedEmail, role: 'viewer' },
      });
      expect(invited.statusCode).toBe(201);
      const before = mailer.sent.length;
      const answers: Answer[] = [];
      for (const email of [existing.email, uniqueEmail('nobody'), invitedEmail, existing.email.toUpperCase()]) {
        answers.push(
          await attack(target, `forgot-password for ${email}`, {
            method: 'POST',
            path: '/api/v1/auth/forgot-password',
            body: { email },
          }),
        );
      }
      const shapes = answers.map((answer) => ({
        status: answer.status,
        body: answer.text,
        type: answer.headers['content-type'],
        length: answer.headers['content-length'],
      }));
      expect(shapes[0]?.status).toBe(202);
      for (const shape of shapes) expect(shape).toEqual(shapes[0]);
      // Only the real account was mailed (the mailer runs in the worker: wait for it).
      const deadline = Date.now() + 5000;
      while (mailer.sent.slice(before).filter((mail) => mail.subject.includes('Reset')).length < 2) {
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const mailed = mailer.sent
        .slice(before)
        .filter((mail) => mail.subject.includes('Reset'))
        .map((mail) => mail.to);
      report('who received a reset email', JSON.stringify(mailed));
      expect(mailed.sort()).toEqual([existing.email, existing.email]);
    });
  });

  describe('invited accounts', () => {
    it('gives nothing to whoever registers an invited email without the link (pre-hijack)', async () => {
      const owner = await newUser(target);
      const projectId = await createProject(target.app, owner);
      const invitedEmail = uniqueEmail('invited');
      const invited = await call(target.app, owner, {
        method: 'POST',
        url: `/api/v1/projects/${projectId}/members`,
        payload: { email: invitedEmail, role: 'admin' },
      });
      expect(invited.statusCode).toBe(201);
      await expectUnauthenticated('log in to the invited (passwordless) account with a guess', {
        method: 'POST',
        path: '/api/v1/auth/login',
        body: { username: invitedEmail, password: 'x' },
      });
      const registered = await attack(target, 'register the invited email without the invitation link', {
        method: 'POST',
        path: '/api/v1/auth/register',
        body: { name: 'Squatter', email: invitedEmail, password: PASSWORD },
      });
      expect(registered.status).toBe(201);
      const squatter = await signIn(target.app, invitedEmail, PASSWORD);
      expectStatus(
        await attack(target, 'the squatter reads the project they were invited to as admin', {
          path: `/api/v1/projects/${projectId}`,
          as: squatter,
        }),
        404,
        'NOT_FOUND',
      );
      expectStatus(
        await attack(target, 'the squatter adds a member', {
          method: 'POST',
          path: `/api/v1/projects/${projectId}/members`,
          as: squatter,
          body: { email: uniqueEmail('friend'), role: 'admin' },
        }),
        404,
        'NOT_FOUND',
      );
      const list = await send(target, { path: '/api/v1/projects', as: squatter });
      expect((list.json as { meta: { total: number } }).meta.total).toBe(0);
    });
  });

  describe('sessions', () => {
    it('refuses the refresh token, its rotations and the access token after logout', async () => {
      const user = await newUser(target);
      const rotated = await refresh(user.refreshToken);
      expect(rotated.status).toBe(200);
      const pair = rotated.json as { access_token: string; refresh_token: string };
      const out = await send(target, {
        method: 'POST',
        path: '/api/v1/auth/logout',
        body: { refresh_token: pair.refresh_token },
      });
      expect(out.status).toBe(204);
      await expectUnauthenticated('refresh after logout', {
        method: 'POST',
        path: '/api/v1/auth/refresh',
        body: { refresh_token: pair.refresh_token },
      });
      await expectUnauthenticated('access token of the ended session', {
        path: '/api/v1/auth/me',
        as: pair.access_token,
      });
      await expectUnauthenticated('first access token of the ended session', { path: '/api/v1/auth/me', as: user });
    });

    it('ends every other session (refresh and access tokens) when the password changes', async () => {
      const current = await newUser(target);
      const stolen = await signIn(target.app, current.email, PASSWORD);
      const changed = await send(target, {
        method: 'POST',
        path: '/api/v1/auth/change-password',
        as: current,
        body: { current_password: PASSWORD, new_password: 'a brand new passphrase' },
      });
      expect(changed.status).toBe(204);
      await expectUnauthenticated('stolen session’s refresh token after a password change', {
        method: 'POST',
        path: '/api/v1/auth/refresh',
        body: { refresh_token: stolen.refreshToken },
      });
      await expectUnauthenticated('stolen session’s access token after a password change', {
        path: '/api/v1/auth/me',
        as: stolen,
      });
      expect((await me(current)).status).toBe(200);
      expect((await refresh(current.refreshToken)).status).toBe(200);
    });

    it('ends every session when the password is reset', async () => {
      const user = await newUser(target);
      const other = await signIn(target.app, user.email, PASSWORD);
      const token = await resetTokenFor(user.email);
      const reset = await send(target, {
        method: 'POST',
        path: '/api/v1/auth/reset-password',
        body: { token, password: 'a brand new passphrase' },
      });
      expect(reset.status).toBe(204);
      for (const session of [user, other]) {
        await expectUnauthenticated('access token after a reset', { path: '/api/v1/auth/me', as: session });
        await expectUnauthenticated('refresh token after a reset', {
          method: 'POST',
          path: '/api/v1/auth/refresh',
          body: { refresh_token: session.refreshToken },
        });
      }
    });

    it('revokes the whole chain when a used refresh token is replayed (reuse detection)', async () => {
      const user = await newUser(target);
      const first = await refresh(user.refreshToken);
      expect(first.status).toBe(200);
      const pair = first.json as { access_token: string; refresh_token: string };
      const replay = await attack(target, 'replay of the already-rotated refresh token', {
        method: 'POST',
        path: '/api/v1/auth/refresh',
        body: { refresh_token: user.refreshToken },
      });
      expectStatus(replay, 401, 'UNAUTHENTICATED');
      await expectUnauthenticated('the newest refresh token of the chain', {
        method: 'POST',
        path: '/api/v1/auth/refresh',
        body: { refresh_token: pair.refresh_token },
      });
      await expectUnauthenticated('the newest access token of the chain', {
        path: '/api/v1/auth/me',
        as: pair.access_token,
      });
    });

    it('lets only one of two racing refreshes with the same token win, and then ends the session', async () => {
      const user = await newUser(target);
      const answers = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
      report(
        'two concurrent refreshes of one token',
        answers.map((a) => `${a.status} ${errorCode(a) ?? ''}`).join(', '),
      );
      const won = answers.filter((answer) => answer.status === 200);
      expect(won.length).toBeLessThanOrEqual(1);
      for (const answer of answers.filter((a) => a.status !== 200)) expectStatus(answer, 401, 'UNAUTHENTICATED');
      // The loser's presentation counts as reuse: the winner's new tokens die with the session.
      for (const answer of won) {
        const pair = answer.json as { access_token: string; refresh_token: string };
        expectStatus(await send(target, { path: '/api/v1/auth/me', as: pair.access_token }), 401, 'UNAUTHENTICATED');
      }
    });

    it('keeps a forged session id from reviving a logged-out session', async () => {
      const user = await newUser(target);
      await send(target, { method: 'POST', path: '/api/v1/auth/logout', body: { refresh_token: user.refreshToken } });
      const relogged = await login(user.email, PASSWORD);
      const fresh = (relogged.json as { access_token: string }).access_token;
      const [header, , signature] = fresh.split('.');
      const old = jwtParts(user.accessToken).payload;
      const revived = `${header}.${b64url(JSON.stringify({ ...jwtParts(fresh).payload, sid: old.sid, jti: randomUUID() }))}.${signature}`;
      await expectUnauthenticated('new token’s signature over the ended session’s sid', {
        path: '/api/v1/auth/me',
        as: revived,
      });
    });
  });
});
