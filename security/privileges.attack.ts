import { SCOPES } from '@plinth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject, uploadAsset } from '../apps/server/src/test/content.js';
import { call, createTestClock, type Session, signUp, uniqueEmail } from '../apps/server/src/test/harness.js';
import { multipart } from '../apps/server/src/test/media.js';
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

// Privileges: rate-limit bypass by rewriting the path or spoofing the client address, mass
// assignment of fields nobody may set, and escalation between the five project roles (the shapes
// of Strapi's, Directus's, Payload's and Ghost's role and rate-limit advisories), against API.md
// "Auth", "Projects, members, roles" and "API tokens".

const PASSWORD = 'correct horse battery';
const WINDOW_MS = 15 * 60_000;
const PER_ACCOUNT = 10;
const PER_IP = 30;

const statusOf = (answer: Answer) => `${answer.status} ${errorCode(answer) ?? ''}`.trim();

describe('rate limits cannot be reset by rewriting the request', () => {
  let target: Target;
  const time = createTestClock();
  beforeAll(async () => {
    target = await startTarget({ clock: time.clock });
    await newUser(target, 'Instance admin');
  });
  afterAll(async () => target?.close());
  // Every case starts with empty windows (all attacks come from 127.0.0.1, one address).
  beforeEach(() => time.advance(WINDOW_MS + 1000));

  /**
   * Sends `attempts` in turn and checks that each was refused as unknown (404), checked and
   * refused (`checked`), or limited (429), and that no more than `budget` were checked.
   */
  async function rotate(tried: string, attempts: Attempt[], checked: string, budget: number) {
    const seen: string[] = [];
    for (const attempt of attempts) {
      const answer = await send(target, attempt);
      seen.push(`${attempt.path}${attempt.headers ? ` ${JSON.stringify(attempt.headers)}` : ''} → ${statusOf(answer)}`);
      expect([checked, '404 NOT_FOUND', '429 RATE_LIMITED']).toContain(statusOf(answer));
      if (answer.status === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    report(tried, seen.join('\n        '));
    const used = seen.filter((line) => line.endsWith(`→ ${checked}`)).length;
    expect(used).toBeLessThanOrEqual(budget);
    return used;
  }

  const loginAt = (path: string, username: string, password: string, headers?: Record<string, string>): Attempt => ({
    method: 'POST',
    path,
    body: { username, password },
    ...(headers ? { headers } : {}),
  });
  /** Enough rounds over the variants that the canonical path alone would pass its budget. */
  const rounds = <T>(variants: T[], budget: number) =>
    Array.from({ length: (budget + 2) * variants.length }, (_, i) => variants[i % variants.length] as T);

  async function expectAccountLocked(email: string) {
    const answer = await attack(target, 'the right password on the canonical path after the rotation', {
      method: 'POST',
      path: '/api/v1/auth/login',
      body: { username: email, password: PASSWORD },
    });
    expect(statusOf(answer)).toBe('429 RATE_LIMITED');
    expect(answer.json).not.toHaveProperty('access_token');
  }

  const LOGIN_VARIANTS: Record<string, string[]> = {
    'letter case of the path': ['/API/v1/auth/login', '/api/v1/Auth/Login', '/api/V1/AUTH/LOGIN', '/api/v1/auth/login'],
    'trailing and duplicate slashes, dot segments': [
      '/api/v1/auth/login/',
      '/api/v1/auth/login//',
      '//api/v1/auth/login',
      '/api/v1//auth/login',
      '/api/v1/auth//login',
      '/api/v1/./auth/login',
      '/api/v1/auth/x/../login',
      '/api/v1/auth/login',
    ],
    'percent-encoding and path parameters': [
      '/api/v1/auth/%6cogin',
      '/api/v1/auth/%6Cogin',
      '/api/v1/%61uth/login',
      '/api/v1/auth/login%2f',
      '/api/v1/auth/login%20',
      '/api/v1/auth/login%00',
      '/api/v1/auth/login;jsessionid=1',
      '/api/v1/auth/login',
    ],
    'query strings': [
      '/api/v1/auth/login?',
      '/api/v1/auth/login?x=1',
      '/api/v1/auth/login?username=someone-else@example.com',
      '/api/v1/auth/login?_=2',
    ],
  };
  for (const [label, variants] of Object.entries(LOGIN_VARIANTS)) {
    it(`gives no fresh login budget for ${label}`, async () => {
      const victim = await signUp(target.app, { email: uniqueEmail('victim') });
      const attempts = rounds(variants, PER_ACCOUNT).map((path, i) => loginAt(path, victim.email, `guess ${i}`));
      await rotate(`wrong passwords for one account over ${label}`, attempts, '401 UNAUTHENTICATED', PER_ACCOUNT);
      await expectAccountLocked(victim.email);
    });
  }

  it('gives no fresh login budget for spellings of the same email', async () => {
    const victim = await signUp(target.app, { email: uniqueEmail('victim') });
    const spellings = [
      victim.email,
      victim.email.toUpperCase(),
      ` ${victim.email}`,
      `${victim.email} `,
      `\t${victim.email}\n`,
      victim.email.replace(/^./, (c) => c.toUpperCase()),
    ];
    const attempts = rounds(spellings, PER_ACCOUNT).map((username, i) =>
      loginAt('/api/v1/auth/login', username, `guess ${i}`),
    );
    await rotate('wrong passwords over spellings of one email', attempts, '401 UNAUTHENTICATED', PER_ACCOUNT);
    await expectAccountLocked(victim.email);
  });

  it('gives no extra guesses to a burst of simultaneous logins (check-then-record race)', async () => {
    const victim = await signUp(target.app, { email: uniqueEmail('victim') });
    const burst = await Promise.all(
      Array.from({ length: PER_IP - 5 }, (_, i) =>
        send(target, loginAt('/api/v1/auth/login', victim.email, `simultaneous guess ${i}`)),
      ),
    );
    const seen = burst.map(statusOf);
    report(`${burst.length} wrong passwords for one account at once`, seen.join(', '));
    for (const status of seen) expect(['401 UNAUTHENTICATED', '429 RATE_LIMITED']).toContain(status);
    expect(seen.filter((status) => status === '401 UNAUTHENTICATED').length).toBeLessThanOrEqual(PER_ACCOUNT);
    await expectAccountLocked(victim.email);
  });

  it('ignores X-Forwarded-For and friends (PLINTH_TRUST_PROXY unset): the per-address budget holds', async () => {
    expect(target.config.trustProxy).toBe(false);
    const spoofed = (i: number): Record<string, string> => ({
      'x-forwarded-for': `203.0.113.${i % 250}`,
      'x-real-ip': `198.51.100.${i % 250}`,
      forwarded: `for=192.0.2.${i % 250}`,
      'true-client-ip': `192.0.2.${(i + 7) % 250}`,
      'cf-connecting-ip': `192.0.2.${(i + 13) % 250}`,
    });
    const victim = await signUp(target.app, { email: uniqueEmail('victim') });
    // Unknown accounts, one per attempt, so that only the per-address limit can stop them.
    const attempts = Array.from({ length: PER_IP + 5 }, (_, i) =>
      loginAt('/api/v1/auth/login', uniqueEmail(`spray${i}`), 'password1', spoofed(i)),
    );
    await rotate('password spraying with a new spoofed address each time', attempts, '401 UNAUTHENTICATED', PER_IP);
    const answer = await attack(target, 'a real account, from yet another spoofed address', {
      ...loginAt('/api/v1/auth/login', victim.email, PASSWORD, spoofed(99)),
    });
    expect(statusOf(answer)).toBe('429 RATE_LIMITED');
  });

  it('gives forgot-password no fresh budget through path variants, spellings or spoofed addresses', async () => {
    const victim = await signUp(target.app, { email: uniqueEmail('victim') });
    const variants: Attempt[] = [
      { method: 'POST', path: '/api/v1/auth/forgot-password', body: { email: victim.email } },
      { method: 'POST', path: '/api/v1/Auth/Forgot-Password', body: { email: victim.email } },
      { method: 'POST', path: '/api/v1/auth/forgot-password/', body: { email: victim.email } },
      { method: 'POST', path: '/api/v1/auth/%66orgot-password', body: { email: victim.email } },
      { method: 'POST', path: '/api/v1/auth/forgot-password?x=1', body: { email: victim.email.toUpperCase() } },
      {
        method: 'POST',
        path: '/api/v1/auth/forgot-password',
        body: { email: victim.email },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      },
    ];
    await rotate('reset emails to one account over variants', rounds(variants, PER_ACCOUNT), '202', PER_ACCOUNT);
    const answer = await attack(target, 'one more reset email on the canonical path', {
      method: 'POST',
      path: '/api/v1/auth/forgot-password',
      body: { email: victim.email },
    });
    expect(statusOf(answer)).toBe('429 RATE_LIMITED');
  });
});

describe('mass assignment and privilege escalation', () => {
  let target: Target;
  let owner: Session;
  let admin: Session;
  let editor: Session;
  let author: Session;
  let viewer: Session;
  let projectId: string;
  let project: string;
  let docs: string;

  const get = async (as: Session | string, url: string) => {
    const response = await call(target.app, as, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const members = async () =>
    ((await get(owner, `${project}/members`)).data as { user_id: string; role: string }[])
      .map((m) => `${m.user_id}:${m.role}`)
      .sort();

  beforeAll(async () => {
    // Webhook hosts resolve to a public address without real DNS (nothing is delivered to it here).
    target = await startTarget({ dnsLookup: async () => [{ address: '93.184.215.14', family: 4 }] });
    await newUser(target, 'Instance admin');
    owner = await newUser(target, 'Owner');
    admin = await newUser(target, 'Admin');
    editor = await newUser(target, 'Editor');
    author = await newUser(target, 'Author');
    viewer = await newUser(target, 'Viewer');
    projectId = await createProject(target.app, owner);
    project = `/api/v1/projects/${projectId}`;
    docs = `${project}/collections/articles/documents`;
    for (const [member, role] of [
      [admin, 'admin'],
      [editor, 'editor'],
      [author, 'author'],
      [viewer, 'viewer'],
    ] as const) {
      const added = await call(target.app, owner, {
        method: 'POST',
        url: `${project}/members`,
        payload: { email: member.email, role },
      });
      expect(added.statusCode).toBe(201);
    }
    await createCollection(target.app, owner, projectId, {
      slug: 'articles',
      name: 'Articles',
      fields: [{ name: 'title', type: 'text' }],
    });
  });
  afterAll(async () => target?.close());

  describe('mass assignment', () => {
    it('refuses role, is_admin and verification fields at registration, and registers nothing', async () => {
      for (const extra of [
        { role: 'owner' },
        { is_admin: true },
        { instance_admin: true },
        { email_verified: true },
        { status: 'active' },
        { id: '01J00000000000000000000000' },
        { password_hash: '$argon2id$v=19$m=65536,t=3,p=4$AAAA$BBBB' },
      ]) {
        const email = uniqueEmail('mass');
        const answer = await attack(target, `register with ${JSON.stringify(extra)}`, {
          method: 'POST',
          path: '/api/v1/auth/register',
          body: { name: 'Mallory', email, password: PASSWORD, ...extra },
        });
        expectStatus(answer, 400, 'VALIDATION_FAILED');
        // Nothing was created: the same email registers cleanly afterwards, as an ordinary user.
        const clean = await send(target, {
          method: 'POST',
          path: '/api/v1/auth/register',
          body: { name: 'Mallory', email, password: PASSWORD },
        });
        expect(clean.status).toBe(201);
        expect((clean.json as { user: { is_admin: boolean } }).user.is_admin).toBe(false);
      }
    });

    it('refuses is_admin, email, password_hash and status on PATCH /auth/me, and changes nothing', async () => {
      const user = await newUser(target, 'Profile');
      const before = await get(user, '/api/v1/auth/me');
      for (const extra of [
        { is_admin: true },
        { role: 'owner' },
        { email: 'ceo@example.com' },
        { email_verified: true },
        { password_hash: 'x' },
        { status: 'active' },
        { has_password: false },
        { id: owner.userId },
      ]) {
        expectStatus(
          await attack(target, `PATCH /auth/me with ${JSON.stringify(extra)}`, {
            method: 'PATCH',
            path: '/api/v1/auth/me',
            as: user,
            body: { name: 'Renamed', ...extra },
          }),
          400,
          'VALIDATION_FAILED',
        );
      }
      expect(await get(user, '/api/v1/auth/me')).toEqual(before);
    });

    it('refuses owner_id, plan and id when creating or updating a project', async () => {
      const mallory = await newUser(target, 'Mallory');
      for (const extra of [{ owner_id: owner.userId }, { plan: 'enterprise' }, { id: projectId }, { role: 'owner' }]) {
        expectStatus(
          await attack(target, `create a project with ${JSON.stringify(extra)}`, {
            method: 'POST',
            path: '/api/v1/projects',
            as: mallory,
            body: { name: 'Planted', ...extra },
          }),
          400,
          'VALIDATION_FAILED',
        );
      }
      expect((await get(mallory, '/api/v1/projects')).meta.total).toBe(0);
      expect((await get(owner, '/api/v1/projects')).data.map((p: { name: string }) => p.name)).not.toContain('Planted');
      const before = await get(owner, project);
      for (const extra of [{ plan: 'pro' }, { slug: 'stolen' }, { owner_id: admin.userId }]) {
        expectStatus(
          await attack(target, `admin PATCHes the project with ${JSON.stringify(extra)}`, {
            method: 'PATCH',
            path: project,
            as: admin,
            body: extra,
          }),
          400,
          'VALIDATION_FAILED',
        );
      }
      expect(await get(owner, project)).toEqual(before);
    });

    it('refuses id, project_id, status, created_by and published_at on document writes', async () => {
      const doc = await createDocument(target.app, author, projectId, 'articles', { data: { title: 'Mine' } });
      const extras = [
        { id: '01J00000000000000000000000' },
        { project_id: 'another' },
        { status: 'published' },
        { created_by: owner.userId },
        { updated_by: owner.userId },
        { published_at: '2020-01-01T00:00:00.000Z' },
        { workflow_stage: 'approved' },
      ];
      for (const extra of extras) {
        expectStatus(
          await attack(target, `author PATCHes a document with ${JSON.stringify(extra)}`, {
            method: 'PATCH',
            path: `${docs}/${doc.id}`,
            as: author,
            body: { data: { title: 'Changed' }, ...extra },
          }),
          400,
          'VALIDATION_FAILED',
        );
        expectStatus(
          await attack(target, `author hides ${Object.keys(extra)[0]} inside data`, {
            method: 'PATCH',
            path: `${docs}/${doc.id}`,
            as: author,
            body: { data: { title: 'Changed', ...extra } },
          }),
          400,
          'VALIDATION_FAILED',
        );
      }
      for (const version of [0, -1, '1', 1.5]) {
        expectStatus(
          await attack(target, `version ${JSON.stringify(version)}`, {
            method: 'PATCH',
            path: `${docs}/${doc.id}`,
            as: author,
            body: { data: { title: 'Changed' }, version },
          }),
          400,
          'VALIDATION_FAILED',
        );
      }
      expectStatus(
        await attack(target, 'a version from the future', {
          method: 'PATCH',
          path: `${docs}/${doc.id}`,
          as: author,
          body: { data: { title: 'Changed' }, version: doc.version + 5 },
        }),
        409,
        'CONFLICT',
      );
      const after = (await get(owner, `${docs}/${doc.id}`)).data;
      expect(after).toEqual(doc);
    });

    it('refuses an author creating a document straight into published, and creates nothing', async () => {
      const before = (await get(owner, docs)).meta.total;
      expectStatus(
        await attack(target, 'author creates with status: published', {
          method: 'POST',
          path: docs,
          as: author,
          body: { data: { title: 'Live now' }, status: 'published' },
        }),
        403,
        'FORBIDDEN',
      );
      expectStatus(
        await attack(target, 'author creates with published_at and created_by', {
          method: 'POST',
          path: docs,
          as: author,
          body: { data: { title: 'Backdated' }, published_at: '2020-01-01T00:00:00.000Z', created_by: owner.userId },
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect((await get(owner, docs)).meta.total).toBe(before);
    });

    it('refuses API tokens with invented scopes or another project’s id', async () => {
      const other = await createProject(target.app, owner, { name: 'Other' });
      const before = await get(owner, `${project}/api-tokens`);
      for (const body of [
        { name: 't', scopes: ['*'] },
        { name: 't', scopes: ['admin'] },
        { name: 't', scopes: ['tokens:manage'] },
        { name: 't', scopes: ['members:manage'] },
        { name: 't', scopes: ['content:read', 'billing:manage'] },
        { name: 't', scopes: 'content:write' },
        { name: 't', scopes: ['content:read'], project_id: other },
        { name: 't', scopes: ['content:read'], created_by: owner.userId },
        { name: 't', scopes: ['content:read'], token: 'plt_chosen_by_the_attacker_000000000000' },
      ]) {
        expectStatus(
          await attack(target, `admin creates a token with ${JSON.stringify(body)}`, {
            method: 'POST',
            path: `${project}/api-tokens`,
            as: admin,
            body,
          }),
          400,
          'VALIDATION_FAILED',
        );
      }
      expect(await get(owner, `${project}/api-tokens`)).toEqual(before);
      expect((await get(owner, `/api/v1/projects/${other}/api-tokens`)).meta.total).toBe(0);
    });

    it('refuses invented roles and extra fields on member invites', async () => {
      const before = await members();
      const invitee = uniqueEmail('invitee');
      for (const body of [
        { email: invitee, role: 'superadmin' },
        { email: invitee, role: 'OWNER' },
        { email: invitee, role: ['owner'] },
        { email: invitee, role: 'editor', status: 'active' },
        { email: invitee, role: 'editor', user_id: viewer.userId },
      ]) {
        expectStatus(
          await attack(target, `admin invites with ${JSON.stringify(body)}`, {
            method: 'POST',
            path: `${project}/members`,
            as: admin,
            body,
          }),
          400,
          'VALIDATION_FAILED',
        );
      }
      expect(await members()).toEqual(before);
    });
  });

  describe('privilege escalation between roles', () => {
    it('refuses every write to a viewer', async () => {
      const doc = await createDocument(target.app, editor, projectId, 'articles', { data: { title: 'Read me' } });
      const count = (await get(owner, docs)).meta.total;
      for (const attempt of [
        { method: 'POST', path: docs, body: { data: { title: 'No' } } },
        { method: 'PATCH', path: `${docs}/${doc.id}`, body: { data: { title: 'No' } } },
        { method: 'DELETE', path: `${docs}/${doc.id}` },
        { method: 'POST', path: `${docs}/${doc.id}/publish` },
        { method: 'POST', path: `${docs}/${doc.id}/workflow`, body: { action: 'submit' } },
        { method: 'POST', path: `${project}/collections`, body: { slug: 'pwn', name: 'Pwn', fields: [] } },
      ]) {
        expectStatus(
          await attack(target, `viewer ${attempt.method} ${attempt.path.slice(project.length)}`, {
            ...attempt,
            as: viewer,
          }),
          403,
          'FORBIDDEN',
        );
      }
      expect((await get(owner, `${docs}/${doc.id}`)).data).toEqual(doc);
      expect((await get(owner, docs)).meta.total).toBe(count);
    });

    it('refuses an author publishing, scheduling, or approving their own document', async () => {
      const own = await createDocument(target.app, author, projectId, 'articles', { data: { title: 'Mine' } });
      expectStatus(
        await attack(target, 'author publishes own draft', {
          method: 'POST',
          path: `${docs}/${own.id}/publish`,
          as: author,
        }),
        403,
        'FORBIDDEN',
      );
      expectStatus(
        await attack(target, 'author schedules own draft', {
          method: 'POST',
          path: `${docs}/${own.id}/schedule`,
          as: author,
          body: { publish_at: '2099-01-01T00:00:00.000Z' },
        }),
        403,
        'FORBIDDEN',
      );
      const submitted = await call(target.app, author, {
        method: 'POST',
        url: `${docs}/${own.id}/workflow`,
        payload: { action: 'submit' },
      });
      expect(submitted.statusCode).toBe(200);
      const inReview = submitted.json().data;
      expectStatus(
        await attack(target, 'author approves own submission', {
          method: 'POST',
          path: `${docs}/${own.id}/workflow`,
          as: author,
          body: { action: 'approve' },
        }),
        403,
        'FORBIDDEN',
      );
      const after = (await get(owner, `${docs}/${own.id}`)).data;
      expect(after).toEqual(inReview);
      expect(after.status).toBe('draft');
      expect(after.workflow_stage).toBe('in_review');
    });

    it('refuses an author changing, deleting or restoring someone else’s document', async () => {
      const theirs = await createDocument(target.app, editor, projectId, 'articles', { data: { title: 'Editor’s' } });
      for (const attempt of [
        { method: 'PATCH', path: `${docs}/${theirs.id}`, body: { data: { title: 'Defaced' } } },
        { method: 'DELETE', path: `${docs}/${theirs.id}` },
        { method: 'POST', path: `${docs}/${theirs.id}/workflow`, body: { action: 'submit' } },
        { method: 'POST', path: `${docs}/${theirs.id}/versions/1/restore` },
      ]) {
        expectStatus(
          await attack(target, `author ${attempt.method} ${attempt.path.slice(docs.length)} of the editor`, {
            ...attempt,
            as: author,
          }),
          403,
          'FORBIDDEN',
        );
      }
      expect((await get(owner, `${docs}/${theirs.id}`)).data).toEqual(theirs);
    });

    it('refuses an author changing or deleting someone else’s media, and a viewer uploading', async () => {
      const assetId = await uploadAsset(target.app, editor, projectId, 'editors.png');
      const asset = (await get(owner, `${project}/media/${assetId}`)).data;
      for (const attempt of [
        { method: 'PATCH', path: `${project}/media/${assetId}`, body: { alt: 'Defaced' } },
        { method: 'PATCH', path: `${project}/media/${assetId}`, body: { filename: 'evil.html' } },
        { method: 'DELETE', path: `${project}/media/${assetId}` },
      ]) {
        expectStatus(
          await attack(target, `author ${attempt.method} the editor’s asset ${JSON.stringify(attempt.body ?? {})}`, {
            ...attempt,
            as: author,
          }),
          403,
          'FORBIDDEN',
        );
      }
      const { payload, headers } = multipart([
        { name: 'file', filename: 'x.txt', content: Buffer.from('hello'), contentType: 'text/plain' },
      ]);
      expectStatus(
        await attack(target, 'viewer uploads a file', {
          method: 'POST',
          path: `${project}/media`,
          as: viewer,
          headers,
          body: payload,
        }),
        403,
        'FORBIDDEN',
      );
      expect((await get(owner, `${project}/media/${assetId}`)).data).toEqual(asset);
    });

    it('refuses an editor managing members, tokens, webhooks, settings, schema or billing', async () => {
      const membersBefore = await members();
      const tokensBefore = await get(owner, `${project}/api-tokens`);
      const hooksBefore = await get(owner, `${project}/webhooks`);
      const projectBefore = await get(owner, project);
      for (const attempt of [
        { method: 'POST', path: `${project}/members`, body: { email: uniqueEmail('friend'), role: 'admin' } },
        { method: 'PATCH', path: `${project}/members/${viewer.userId}`, body: { role: 'editor' } },
        { method: 'DELETE', path: `${project}/members/${author.userId}` },
        { method: 'GET', path: `${project}/api-tokens` },
        { method: 'POST', path: `${project}/api-tokens`, body: { name: 'mine', scopes: ['content:write'] } },
        { method: 'POST', path: `${project}/webhooks`, body: { url: 'https://example.com/hook', events: ['*'] } },
        { method: 'PATCH', path: project, body: { name: 'Renamed by editor' } },
        { method: 'POST', path: `${project}/collections`, body: { slug: 'pwn', name: 'Pwn', fields: [] } },
        { method: 'POST', path: `${project}/billing/plan`, body: { plan: 'pro' } },
        { method: 'DELETE', path: project },
      ]) {
        expectStatus(
          await attack(target, `editor ${attempt.method} ${attempt.path.slice(project.length) || '/'}`, {
            ...attempt,
            as: editor,
          }),
          403,
          'FORBIDDEN',
        );
      }
      expect(await members()).toEqual(membersBefore);
      expect(await get(owner, `${project}/api-tokens`)).toEqual(tokensBefore);
      expect(await get(owner, `${project}/webhooks`)).toEqual(hooksBefore);
      expect(await get(owner, project)).toEqual(projectBefore);
    });

    it('refuses an admin demoting or removing the owner, making anyone owner, billing or deleting the project', async () => {
      const before = await members();
      for (const attempt of [
        { method: 'PATCH', path: `${project}/members/${owner.userId}`, body: { role: 'viewer' } },
        { method: 'PATCH', path: `${project}/members/${owner.userId}`, body: { role: 'admin' } },
        { method: 'DELETE', path: `${project}/members/${owner.userId}` },
        { method: 'PATCH', path: `${project}/members/${admin.userId}`, body: { role: 'owner' } },
        { method: 'PATCH', path: `${project}/members/${editor.userId}`, body: { role: 'owner' } },
        { method: 'POST', path: `${project}/members`, body: { email: uniqueEmail('sock'), role: 'owner' } },
        { method: 'POST', path: `${project}/billing/plan`, body: { plan: 'pro' } },
        { method: 'DELETE', path: project },
      ]) {
        expectStatus(
          await attack(
            target,
            `admin ${attempt.method} ${attempt.path.slice(project.length) || '/'} ${JSON.stringify(attempt.body ?? {})}`,
            {
              ...attempt,
              as: admin,
            },
          ),
          403,
          'FORBIDDEN',
        );
      }
      expect(await members()).toEqual(before);
      expect((await get(owner, project)).data.plan).toBe('starter');
    });

    it('refuses any member changing their own role', async () => {
      const before = await members();
      for (const [member, role] of [
        [admin, 'editor'],
        [editor, 'admin'],
        [author, 'editor'],
        [viewer, 'author'],
      ] as const) {
        const answer = await attack(target, `a member sets their own role to ${role}`, {
          method: 'PATCH',
          path: `${project}/members/${member.userId}`,
          as: member,
          body: { role },
        });
        expectStatus(answer, 403, 'FORBIDDEN');
      }
      // Even an owner, when another owner exists.
      const coOwner = await newUser(target, 'Co-owner');
      const added = await call(target.app, owner, {
        method: 'POST',
        url: `${project}/members`,
        payload: { email: coOwner.email, role: 'owner' },
      });
      expect(added.statusCode).toBe(201);
      expectStatus(
        await attack(target, 'an owner changes their own role', {
          method: 'PATCH',
          path: `${project}/members/${coOwner.userId}`,
          as: coOwner,
          body: { role: 'viewer' },
        }),
        403,
        'FORBIDDEN',
      );
      const removed = await call(target.app, owner, { method: 'DELETE', url: `${project}/members/${coOwner.userId}` });
      expect(removed.statusCode).toBe(204);
      expect(await members()).toEqual(before);
    });

    it('refuses the sole owner leaving or demoting themselves (409) so the project is never orphaned', async () => {
      const solo = await newUser(target, 'Solo');
      const soloProject = await createProject(target.app, solo, { name: 'Solo' });
      for (const attempt of [
        { method: 'PATCH', path: `/api/v1/projects/${soloProject}/members/${solo.userId}`, body: { role: 'admin' } },
        { method: 'DELETE', path: `/api/v1/projects/${soloProject}/members/${solo.userId}` },
      ]) {
        expectStatus(
          await attack(target, `sole owner ${attempt.method} self`, { ...attempt, as: solo }),
          409,
          'CONFLICT',
        );
      }
      const list = await get(solo, `/api/v1/projects/${soloProject}/members`);
      expect(list.data.map((m: { role: string }) => m.role)).toEqual(['owner']);
    });

    it('refuses an API token every user-only action, even with every scope', async () => {
      const minted = await call(target.app, owner, {
        method: 'POST',
        url: `${project}/api-tokens`,
        payload: { name: 'every scope', scopes: [...SCOPES] },
      });
      expect(minted.statusCode).toBe(201);
      const token: string = minted.json().data.token;
      const membersBefore = await members();
      const tokensBefore = await get(owner, `${project}/api-tokens`);
      for (const attempt of [
        { method: 'GET', path: `${project}/members` },
        { method: 'POST', path: `${project}/members`, body: { email: uniqueEmail('tok'), role: 'owner' } },
        { method: 'POST', path: `${project}/api-tokens`, body: { name: 'child', scopes: ['content:write'] } },
        { method: 'PATCH', path: project, body: { name: 'Token was here' } },
        { method: 'POST', path: `${project}/billing/plan`, body: { plan: 'pro' } },
        { method: 'DELETE', path: project },
      ]) {
        expectStatus(
          await attack(target, `all-scopes token ${attempt.method} ${attempt.path.slice(project.length) || '/'}`, {
            ...attempt,
            as: token,
          }),
          403,
          'FORBIDDEN',
        );
      }
      // A token is a credential but no person: the account routes are not for it.
      expectStatus(
        await attack(target, 'all-scopes token on /auth/me', { path: '/api/v1/auth/me', as: token }),
        403,
        'FORBIDDEN',
      );
      expect(await members()).toEqual(membersBefore);
      expect((await get(owner, `${project}/api-tokens`)).meta.total).toBe(tokensBefore.meta.total);
    });

    it('refuses a demoted admin at once, with the access token issued while they were admin', async () => {
      const demoted = await newUser(target, 'Soon demoted');
      const added = await call(target.app, owner, {
        method: 'POST',
        url: `${project}/members`,
        payload: { email: demoted.email, role: 'admin' },
      });
      expect(added.statusCode).toBe(201);
      const changed = await call(target.app, owner, {
        method: 'PATCH',
        url: `${project}/members/${demoted.userId}`,
        payload: { role: 'viewer' },
      });
      expect(changed.statusCode).toBe(200);
      const before = await members();
      expectStatus(
        await attack(target, 'demoted admin adds a friend as admin', {
          method: 'POST',
          path: `${project}/members`,
          as: demoted,
          body: { email: uniqueEmail('friend'), role: 'admin' },
        }),
        403,
        'FORBIDDEN',
      );
      expectStatus(
        await attack(target, 'demoted admin mints an API token', {
          method: 'POST',
          path: `${project}/api-tokens`,
          as: demoted,
          body: { name: 'backdoor', scopes: ['content:write'] },
        }),
        403,
        'FORBIDDEN',
      );
      expect(await members()).toEqual(before);
    });

    it('refuses instance administration to a project owner who is not an instance admin', async () => {
      const pending = await newUser(target, 'Somebody');
      for (const attempt of [
        { method: 'GET', path: '/api/v1/admin/users' },
        { method: 'GET', path: '/api/v1/admin/projects' },
        { method: 'GET', path: '/api/v1/admin/messages' },
        { method: 'POST', path: `/api/v1/admin/users/${pending.userId}/approve` },
        { method: 'PATCH', path: `/api/v1/admin/projects/${projectId}`, body: { plan: 'enterprise' } },
      ]) {
        expectStatus(
          await attack(target, `project owner ${attempt.method} ${attempt.path}`, { ...attempt, as: owner }),
          403,
          'FORBIDDEN',
        );
      }
      expect((await get(owner, project)).data.plan).toBe('starter');
      expect((await get(owner, '/api/v1/auth/me')).is_admin).toBe(false);
    });

    it('answers 404 to another project’s object ids through a path of the caller’s own project (IDOR)', async () => {
      const stranger = await newUser(target, 'Stranger');
      const theirs = await createProject(target.app, stranger, { name: 'Theirs' });
      await createCollection(target.app, stranger, theirs, {
        slug: 'articles',
        name: 'Articles',
        fields: [{ name: 'title', type: 'text' }],
      });
      const doc = await createDocument(target.app, stranger, theirs, 'articles', { data: { title: 'Theirs' } });
      const minted = await call(target.app, stranger, {
        method: 'POST',
        url: `/api/v1/projects/${theirs}/api-tokens`,
        payload: { name: 'theirs', scopes: ['content:read'] },
      });
      const tokenId: string = minted.json().data.id;
      const hook = await call(target.app, stranger, {
        method: 'POST',
        url: `/api/v1/projects/${theirs}/webhooks`,
        payload: { url: 'https://example.com/hook', events: ['*'], active: false },
      });
      expect(hook.statusCode).toBe(201);
      const hookId: string = hook.json().data.id;
      for (const attempt of [
        { method: 'GET', path: `${docs}/${doc.id}` },
        { method: 'PATCH', path: `${docs}/${doc.id}`, body: { data: { title: 'Defaced' } } },
        { method: 'DELETE', path: `${docs}/${doc.id}` },
        { method: 'POST', path: `${docs}/${doc.id}/publish` },
        { method: 'PATCH', path: `${project}/members/${stranger.userId}`, body: { role: 'viewer' } },
        { method: 'DELETE', path: `${project}/members/${stranger.userId}` },
        { method: 'DELETE', path: `${project}/api-tokens/${tokenId}` },
        { method: 'GET', path: `${project}/webhooks/${hookId}` },
        { method: 'DELETE', path: `${project}/webhooks/${hookId}` },
      ]) {
        expectStatus(
          await attack(target, `owner of this project ${attempt.method} the stranger’s object via own path`, {
            ...attempt,
            as: owner,
          }),
          404,
          'NOT_FOUND',
        );
      }
      const after = await call(target.app, stranger, {
        method: 'GET',
        url: `/api/v1/projects/${theirs}/collections/articles/documents/${doc.id}`,
      });
      expect(after.json().data).toEqual(doc);
      const tokens = await call(target.app, stranger, { method: 'GET', url: `/api/v1/projects/${theirs}/api-tokens` });
      expect(tokens.json().meta.total).toBe(1);
      const hooks = await call(target.app, stranger, { method: 'GET', url: `/api/v1/projects/${theirs}/webhooks` });
      expect(hooks.json().data.map((h: { id: string }) => h.id)).toEqual([hookId]);
    });

    it('never replays another user’s Idempotency-Key answer (keys are per credential)', async () => {
      const alice = await newUser(target, 'Alice');
      const mallory = await newUser(target, 'Mallory');
      const key = `shared-${Date.now()}`;
      const body = { name: 'Same body' };
      const first = await send(target, {
        method: 'POST',
        path: '/api/v1/projects',
        as: alice,
        headers: { 'idempotency-key': key },
        body,
      });
      expect(first.status).toBe(201);
      const answer = await attack(target, 'the same Idempotency-Key and body from another user', {
        method: 'POST',
        path: '/api/v1/projects',
        as: mallory,
        headers: { 'idempotency-key': key },
        body,
      });
      expect(answer.status).toBe(201);
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
      const aliceProject = (first.json as { data: { id: string } }).data.id;
      expect((answer.json as { data: { id: string; role: string } }).data.id).not.toBe(aliceProject);
      expect((await get(mallory, '/api/v1/projects')).data.map((p: { id: string }) => p.id)).not.toContain(
        aliceProject,
      );
      expectStatus(
        await attack(target, 'Mallory reads Alice’s project', {
          path: `/api/v1/projects/${aliceProject}`,
          as: mallory,
        }),
        404,
        'NOT_FOUND',
      );
    });

    it('answers 404 to a non-member on every project path, so the project cannot be probed', async () => {
      const outsider = await newUser(target, 'Outsider');
      for (const attempt of [
        { method: 'GET', path: project },
        { method: 'GET', path: `${project}/members` },
        { method: 'POST', path: `${project}/members`, body: { email: outsider.email, role: 'owner' } },
        { method: 'PATCH', path: `${project}/members/${outsider.userId}`, body: { role: 'owner' } },
        { method: 'POST', path: docs, body: { data: { title: 'Outside' } } },
        { method: 'POST', path: `${project}/api-tokens`, body: { name: 'x', scopes: ['content:read'] } },
      ]) {
        expectStatus(
          await attack(target, `non-member ${attempt.method} ${attempt.path.slice(project.length) || '/'}`, {
            ...attempt,
            as: outsider,
          }),
          404,
          'NOT_FOUND',
        );
      }
      expect((await get(outsider, '/api/v1/projects')).meta.total).toBe(0);
    });
  });
});
