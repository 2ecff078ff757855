import { SUPPORT_SUBJECTS } from '@plinth/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createTestClock,
  expectError,
  type Session,
  signIn,
  signUp,
  type TestApp,
} from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';

const INBOX = 'inbox@plinth.test';

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  message: 'Hello there',
};
const support = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Bug Report',
  message: 'It found a moth',
} as const;

let ipCounter = 0;
/** A fresh client address per test, so the per-IP limit of one test never spills into another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

function post(app: FastifyInstance, path: '/contact' | '/support', payload: unknown, remoteAddress: string) {
  return app.inject({ method: 'POST', url: `/api/v1${path}`, payload: payload as object, remoteAddress });
}

async function listMessages(app: FastifyInstance, admin: Session, query = '') {
  const response = await call(app, admin, { method: 'GET', url: `/api/v1/admin/messages${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Record<string, unknown>[]; meta: { total: number; page: number; limit: number } };
}

/** Gives background email a moment to go out, so "nothing was sent" is a real observation. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('public site messages', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let admin: Session;
  let ip: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PLINTH_INBOX_EMAIL: INBOX } });
    admin = await signUp(t.app, { email: 'owner@example.com' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    ip = nextIp();
  });

  it('stores a contact message, shows it to the instance admin and emails the inbox', async () => {
    const response = await post(t.app, '/contact', contact, ip);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({ id: expect.any(String), received: true });

    const one = await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/messages/${data.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual({
      id: data.id,
      kind: 'contact',
      name: contact.name,
      email: contact.email,
      company: contact.company,
      subject: null,
      message: contact.message,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(one.json().data).not.toHaveProperty('ip');

    const list = await listMessages(t.app, admin, '?kind=contact');
    expect(list.data.map((m) => m.id)).toContain(data.id);

    const mail = await smtp.waitFor(INBOX, /Contact form from Ada Lovelace/);
    expect(mail.replyTo?.value[0]?.address).toBe(contact.email);
    expect(mail.text).toContain(contact.message);
    expect(mail.text).toContain(`Company: ${contact.company}`);
  });

  it('stores a support message with its subject and emails the inbox', async () => {
    const response = await post(t.app, '/support', support, ip);
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data;

    const one = await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/messages/${id}` });
    expect(one.json().data).toMatchObject({
      id,
      kind: 'support',
      name: support.name,
      email: support.email,
      company: null,
      subject: 'Bug Report',
      message: support.message,
    });

    const mail = await smtp.waitFor(INBOX, /Support: Bug Report from Grace Hopper/);
    expect(mail.replyTo?.value[0]?.address).toBe(support.email);
    expect(mail.text).toContain(support.message);
  });

  it('accepts each of the five support subjects', async () => {
    expect(SUPPORT_SUBJECTS).toHaveLength(5);
    for (const subject of [
      'Technical Support',
      'Billing Question',
      'Feature Request',
      'Bug Report',
      'General Inquiry',
    ]) {
      const response = await post(t.app, '/support', { ...support, subject }, nextIp());
      expect(response.statusCode, subject).toBe(201);
    }
  });

  it('treats an empty company as none and an empty honeypot as a person', async () => {
    const response = await post(t.app, '/contact', { ...contact, company: '', website: '' }, ip);
    expect(response.statusCode).toBe(201);
    const one = await call(t.app, admin, { method: 'GET', url: `/api/v1/admin/messages/${response.json().data.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.company).toBeNull();
  });

  it('keeps a name with line breaks out of the email headers', async () => {
    const response = await post(t.app, '/contact', { ...contact, name: 'Mallory\r\nBcc: victim@example.com' }, ip);
    expect(response.statusCode).toBe(201);
    const mail = await smtp.waitFor(INBOX, /from Mallory/);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
    expect(smtp.received.some((m) => JSON.stringify(m.to).includes('victim@example.com'))).toBe(false);
  });

  it('answers a filled honeypot like a person but stores and sends nothing', async () => {
    const before = await listMessages(t.app, admin);
    const mailsBefore = smtp.received.length;
    for (const [path, body] of [
      ['/contact', { ...contact, name: 'Bot Contact', website: 'http://spam.example' }],
      ['/support', { ...support, name: 'Bot Support', website: 'http://spam.example' }],
    ] as const) {
      const response = await post(t.app, path, body, ip);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ data: { id: expect.any(String), received: true } });
      const stored = await call(t.app, admin, {
        method: 'GET',
        url: `/api/v1/admin/messages/${response.json().data.id}`,
      });
      expectError(stored, 404, 'NOT_FOUND');
    }
    await settle();
    const after = await listMessages(t.app, admin);
    expect(after.meta.total).toBe(before.meta.total);
    expect(after.data.some((m) => String(m.name).startsWith('Bot '))).toBe(false);
    expect(smtp.received.length).toBe(mailsBefore);
  });

  describe('rejects bad input with VALIDATION_FAILED and details', () => {
    const cases: [string, '/contact' | '/support', unknown, string][] = [
      ['missing name', '/contact', { email: contact.email, message: 'x' }, 'name'],
      ['missing email', '/contact', { name: 'A', message: 'x' }, 'email'],
      ['missing message', '/contact', { name: 'A', email: contact.email }, 'message'],
      ['missing subject', '/support', { name: 'A', email: contact.email, message: 'x' }, 'subject'],
      ['name as a number', '/contact', { ...contact, name: 42 }, 'name'],
      ['message as an object', '/contact', { ...contact, message: { text: 'x' } }, 'message'],
      ['company as a boolean', '/contact', { ...contact, company: true }, 'company'],
      ['empty name', '/contact', { ...contact, name: '' }, 'name'],
      ['empty message', '/support', { ...support, message: '' }, 'message'],
      ['oversized name', '/contact', { ...contact, name: 'n'.repeat(121) }, 'name'],
      ['oversized company', '/contact', { ...contact, company: 'c'.repeat(201) }, 'company'],
      ['oversized message', '/contact', { ...contact, message: 'm'.repeat(5001) }, 'message'],
      ['oversized support message', '/support', { ...support, message: 'm'.repeat(5001) }, 'message'],
      ['unknown field', '/contact', { ...contact, is_admin: true }, 'is_admin'],
      ['company on support', '/support', { ...support, company: 'Acme' }, 'company'],
      ['subject on contact', '/contact', { ...contact, subject: 'Bug Report' }, 'subject'],
      ['unknown subject', '/support', { ...support, subject: 'Complaint' }, 'subject'],
      ['subject in another case', '/support', { ...support, subject: 'bug report' }, 'subject'],
      ['bad email', '/contact', { ...contact, email: 'not-an-email' }, 'email'],
      ['email with a space', '/support', { ...support, email: 'grace @example.com' }, 'email'],
      ['blank name', '/contact', { ...contact, name: '   ' }, 'name'],
      ['blank message', '/support', { ...support, message: ' \n\t ' }, 'message'],
    ];
    it.each(cases)('%s', async (_label, path, payload, field) => {
      const before = await listMessages(t.app, admin);
      const body = expectError(await post(t.app, path, payload, nextIp()), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((d) => d.path)).toContain(field);
      expect(body.message).toMatch(new RegExp(`^${field} `));
      expect((await listMessages(t.app, admin)).meta.total).toBe(before.meta.total);
    });

    it('names the allowed subjects', async () => {
      const body = expectError(
        await post(t.app, '/support', { ...support, subject: 'Other' }, ip),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details).toContainEqual({
        path: 'subject',
        message: `must be one of ${SUPPORT_SUBJECTS.join(', ')}`,
      });
    });

    it('answers a body that is not JSON object with a 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
        remoteAddress: ip,
      });
      expectError(response, 400, 'VALIDATION_FAILED');
    });
  });
});

describe('public site rate limit', () => {
  let t: TestApp;
  let time: ReturnType<typeof createTestClock>;
  let owner: Session;
  // Access tokens live 15 minutes and these tests move the clock by hours: sign in afresh.
  const admin = () => signIn(t.app, owner.email, owner.password);

  beforeAll(async () => {
    time = createTestClock();
    t = await createTestApp({ clock: time.clock });
    owner = await signUp(t.app, { email: 'owner@example.com' });
  });
  afterAll(async () => t?.close());
  afterEach(() => time.advance(2 * 3600_000));

  it('allows 10 messages an hour per address, then answers 429 with Retry-After until the hour passes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const path = i % 2 === 0 ? '/contact' : '/support';
      const response = await post(t.app, path, path === '/contact' ? contact : support, ip);
      expect(response.statusCode, `message ${i + 1}`).toBe(201);
    }
    const stored = await listMessages(t.app, await admin());

    time.advance(20 * 60_000);
    const limited = await post(t.app, '/contact', contact, ip);
    const body = expectError(limited, 429, 'RATE_LIMITED');
    expect(body.message).toMatch(/try again later/i);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBe(40 * 60);
    expectError(await post(t.app, '/support', support, ip), 429, 'RATE_LIMITED');
    expect((await listMessages(t.app, await admin())).meta.total).toBe(stored.meta.total);

    // Another address is not affected.
    expect((await post(t.app, '/contact', contact, nextIp())).statusCode).toBe(201);

    time.advance(retryAfter * 1000 - 1000);
    expectError(await post(t.app, '/contact', contact, ip), 429, 'RATE_LIMITED');
    time.advance(1000);
    expect((await post(t.app, '/contact', contact, ip)).statusCode).toBe(201);
  });

  it('gives a burst of simultaneous messages no more than the limit', async () => {
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 25 }, () => post(t.app, '/contact', contact, ip)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(15);
  });

  it('counts honeypot submissions too, so a bot cannot flood', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await post(t.app, '/contact', { ...contact, website: 'x' }, ip)).statusCode).toBe(201);
    }
    expectError(await post(t.app, '/contact', { ...contact, website: 'x' }, ip), 429, 'RATE_LIMITED');
  });

  it('does not count rejected input against the limit', async () => {
    const ip = nextIp();
    for (let i = 0; i < 12; i++) {
      expectError(await post(t.app, '/contact', { ...contact, email: 'bad' }, ip), 400, 'VALIDATION_FAILED');
    }
    expect((await post(t.app, '/contact', contact, ip)).statusCode).toBe(201);
  });

  it('stores messages with the clock time when no inbox is configured', async () => {
    const response = await post(t.app, '/support', support, nextIp());
    expect(response.statusCode).toBe(201);
    const one = await call(t.app, await admin(), {
      method: 'GET',
      url: `/api/v1/admin/messages/${response.json().data.id}`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.created_at).toBe(time.clock().toISOString());
  });
});

describe('public site messages and their emails commit together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PLINTH_INBOX_EMAIL: INBOX }, worker: false });
  });
  afterAll(async () => t.close());

  it('keeps no message whose email could not be queued', async () => {
    // The outbox fails under the running server (its table is gone).
    await sql`DROP TABLE jobs`.execute(t.database.db);
    expectError(await post(t.app, '/contact', contact, nextIp()), 500, 'INTERNAL');
    expect(await t.database.db.selectFrom('messages').selectAll().execute()).toEqual([]);
  });
});
