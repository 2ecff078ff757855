import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../db/database.js';
import { createTestApp, dialectName, signUp, type TestApp } from '../test/harness.js';
import { eventually } from '../test/webhooks.js';
import { EMAIL_JOB } from './email.job.js';

/** Emails go out through the job queue, which keeps no copy of their one-time links once sent. */
describe(`email jobs (${dialectName})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('erases a sent email from its job: its reset link is still valid for an hour', async () => {
    const session = await signUp(t.app);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: session.email },
    });
    expect(asked.statusCode, asked.body).toBe(202);

    // Sent: written to the outbox, as without SMTP_URL.
    const outbox = path.join(t.config.dataDir, 'mail');
    const sent = await eventually(async () => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      const texts = files.map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
      return texts.find((text) => text.includes(session.email) && text.includes('/reset-password'));
    });
    expect(sent).toContain('token=');

    const jobs = await eventually(async () => {
      const rows = await t.database.db.selectFrom('jobs').selectAll().where('kind', '=', EMAIL_JOB).execute();
      return rows.length > 0 && rows.every((row) => row.status === 'done') ? rows : undefined;
    });
    for (const job of jobs) expect(parseJson(job.payload)).toBeNull();
  });
});
