import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, startServer } from './server.js';

describe('journeys in a real browser', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a signed-out visitor from /app to sign in, then to the setup wizard for a first project', async () => {
    page = await browser.newPage();
    await page.goto(`${server.url}/app`);
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    // This build loads no analytics, tag manager or chat: no cookie banner sits over the form.
    expect(await page.getByRole('region', { name: 'Cookies and analytics' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // No project yet: the app opens the setup wizard.
    await page.waitForURL(`${server.url}/app/project`);
    await page.getByLabel('Project name').fill('Journey project');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Empty project', { exact: true }).click();
    await page.getByRole('button', { name: 'Create an empty project' }).click();
    await page.waitForURL(/\/app\/projects\/[^/]+$/);
    await expect.poll(() => page.getByText('Journey project').count()).toBeGreaterThan(0);
    // The session survives a reload (tokens in storage, verified with /auth/me).
    await page.reload();
    await expect.poll(() => page.getByText('Journey project').count()).toBeGreaterThan(0);
  });

  it('shows the server message for a wrong password', async () => {
    const guest = await browser.newPage();
    await guest.goto(`${server.url}/login`);
    await guest.getByLabel('Email').fill(ADMIN.email);
    await guest.getByLabel('Password').fill('not the password');
    await guest.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => guest.getByText('Invalid email or password').count()).toBeGreaterThan(0);
  });

  it('never submits a form typed before the page is interactive into the address bar', async () => {
    const early = await browser.newPage();
    // Scripts arrive late, as on a slow connection: the prerendered form is on screen before
    // the app can handle it.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await early.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await early.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await early.getByLabel('Email').fill(ADMIN.email);
    await early.getByLabel('Password').fill('not the password');
    const leaked = early.waitForRequest((request) => request.url().includes('password='), { timeout: 1500 });
    await early.getByLabel('Password').press('Enter');
    await expect(leaked).rejects.toThrow(/Timeout/);

    releaseScripts();
    // The button works once the app does, with what was typed before.
    await early.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => early.getByText('Invalid email or password').count()).toBeGreaterThan(0);
    expect(early.url()).toBe(`${server.url}/login`);
  });

  /** The contact and support messages an instance admin sees. */
  async function adminMessages(): Promise<Array<{ kind: string; email: string; subject: string | null }>> {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const messages = await fetch(`${server.url}/api/v1/admin/messages`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(messages.status).toBe(200);
    return ((await messages.json()) as { data: Array<{ kind: string; email: string; subject: string | null }> }).data;
  }

  it('sends the contact form and stores the message for the admins', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/contact`);
    await visitor.getByLabel('Name').fill('Ada Lovelace');
    await visitor.getByLabel('Email').fill('ada@example.com');
    await visitor.getByLabel('Message').fill('We would like a demo for our newsroom.');
    await visitor.getByRole('button', { name: /send/i }).click();
    await expect.poll(() => visitor.getByText('Message sent successfully!').count()).toBeGreaterThan(0);
    expect((await adminMessages()).map((message) => message.email)).toContain('ada@example.com');
  });

  it('sends the support form with a chosen subject and stores it for the admins', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/support`);
    const subject = visitor.getByLabel('Subject');
    expect(await subject.locator('option').allTextContents()).toEqual([
      'Select a subject',
      'Technical Support',
      'Billing Question',
      'Feature Request',
      'Bug Report',
      'General Inquiry',
    ]);
    await visitor.getByLabel('Name').fill('Grace Hopper');
    await visitor.getByLabel('Email').fill('grace@example.com');
    await subject.selectOption('Bug Report');
    await visitor.getByLabel('Message').fill('The preview button does nothing on Safari.');
    await visitor.getByRole('button', { name: /send/i }).click();
    await expect
      .poll(() => visitor.getByText("Thank you for your message! We'll get back to you soon.").count())
      .toBeGreaterThan(0);
    expect(await adminMessages()).toContainEqual(
      expect.objectContaining({ kind: 'support', email: 'grace@example.com', subject: 'Bug Report' }),
    );
  });

  it('answers over plain HTTP with real statuses: 301 for a trailing slash, 404 for an unknown page', async () => {
    const redirect = await fetch(`${server.url}/pricing/?plan=pro`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/pricing?plan=pro');
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
    const root = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(200);
    const api = await fetch(`${server.url}/api/v1/no-such-endpoint`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('answers unknown pages with the 404 page and redirects trailing slashes', async () => {
    const visitor = await browser.newPage();
    const response = await visitor.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => visitor.getByText(/Page Not Found/).count()).toBeGreaterThan(0);
    await visitor.goto(`${server.url}/about/`);
    expect(new URL(visitor.url()).pathname).toBe('/about');
  });
});
