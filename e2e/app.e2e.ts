import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../apps/server/src/test/smtp.js';
import { seriousViolations } from './axe.js';
import { ADMIN, launchBrowser, startServer } from './server.js';

// The signed-in app, through its screens, against the built server: what a content team and a
// developer do in their first hour. axe-core checks every screen the journeys open.

interface ReceivedHook {
  event: string;
  signature: string | undefined;
}

/** A local HTTP server that takes webhook deliveries and keeps them. */
async function startReceiver() {
  const received: ReceivedHook[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        event: (JSON.parse(body) as { event: string }).event,
        signature: request.headers['x-plinth-signature'] as string | undefined,
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the signed-in app in a real browser', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let projectId = '';
  const checkedScreens: string[] = [];

  async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async function newPage(viewport = { width: 1440, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    return context.newPage();
  }

  async function signIn(target: Page, email: string, password: string) {
    await target.goto(`${server.url}/login`);
    await target.getByLabel('Email').fill(email);
    await target.getByLabel('Password').fill(password);
    await target.getByRole('button', { name: 'Sign in' }).click();
    await target.waitForURL(/\/app/);
  }

  /** The screen is settled (no skeletons or spinners) and axe finds nothing serious on it. */
  async function expectAccessible(target: Page, screen: string) {
    await expect.poll(() => target.locator('[role="status"][aria-label^="Loading"]').count()).toBe(0);
    expect(await seriousViolations(target), screen).toEqual([]);
    checkedScreens.push(screen);
  }

  function projectUrl(section = '') {
    return `${server.url}/app/projects/${projectId}${section ? `/${section}` : ''}`;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    receiver = await startReceiver();
    server = await startServer({
      env: {
        SMTP_URL: smtp.url,
        PLINTH_REGISTRATION: 'open',
        // The receiver listens on loopback, which webhooks refuse unless the operator allows it.
        PLINTH_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      },
    });
    browser = await launchBrowser();
    // A project with the blog starter's model and content, made through the API.
    const login = await api<{ access_token: string }>('POST', '/auth/login', {
      username: ADMIN.email,
      password: ADMIN.password,
    });
    const project = await api<{ data: { id: string } }>(
      'POST',
      '/projects',
      { name: 'Journey blog', locales: ['en', 'es'], default_locale: 'en' },
      login.access_token,
    );
    projectId = project.data.id;
    await api('POST', `/projects/${projectId}/starter`, { starter: 'blog' }, login.access_token);
    page = await newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await receiver?.close();
    console.log(`axe checked ${checkedScreens.length} app screens: ${checkedScreens.join(', ')}`);
  });

  it('shows the project dashboard with its counts, activity and usage', async () => {
    await page.goto(projectUrl());
    await page.getByRole('heading', { level: 1, name: 'Journey blog' }).waitFor();
    await expect.poll(() => page.getByText('Collections', { exact: true }).count()).toBeGreaterThan(0);
    // The starter's work, newest first: the last images and documents it made.
    await page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first().waitFor();
    await expectAccessible(page, 'dashboard');
  });

  it('creates an API token in the UI that reads content, then revokes it and the API refuses it', async () => {
    await page.goto(projectUrl('api-tokens'));
    await page.getByRole('button', { name: 'Create token' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create an API token' });
    await form.getByLabel('Name').fill('Journey site');
    // content:read is chosen by default; preview is added here.
    await form.getByText('content:preview', { exact: true }).click();
    await expectAccessible(page, 'api tokens: create dialog');
    await form.getByRole('button', { name: 'Create token' }).click();
    const created = page.getByRole('dialog', { name: 'Token “Journey site” created' });
    await created.waitFor();
    const token = await created.getByLabel('API token').inputValue();
    expect(token).toMatch(/^plt_/);
    // The examples carry this project's real ID.
    expect(await created.textContent()).toContain(`/api/v1/projects/${projectId}/`);
    await expectAccessible(page, 'api tokens: token shown once');
    await created.getByRole('button', { name: 'I have copied it' }).click();

    const read = await fetch(`${server.url}/api/v1/projects/${projectId}/collections/posts/documents`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);

    await page.reload();
    await page.getByText('Journey site').first().waitFor();
    await expectAccessible(page, 'api tokens: list');
    await page.getByRole('button', { name: 'Revoke Journey site' }).click();
    await page.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('Token revoked. Requests that use it are refused from now on.').waitFor();
    const refused = await fetch(`${server.url}/api/v1/projects/${projectId}/collections/posts/documents`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(401);
  });

  it('adds a webhook that reaches a local receiver, logs the delivery and redelivers it', async () => {
    await page.goto(projectUrl('webhooks'));
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add a webhook' });
    await form.getByLabel('Payload URL').fill(receiver.url);
    await expectAccessible(page, 'webhooks: add dialog');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByRole('dialog', { name: 'Webhook created' });
    await secret.waitFor();
    await expectAccessible(page, 'webhooks: secret shown once');
    await secret.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForURL(/\/webhooks\/[^/?]+/);

    await page.getByRole('button', { name: 'Send test' }).click();
    await expect
      .poll(() => receiver.received.filter((hook) => hook.event === 'ping').length, { timeout: 15_000 })
      .toBe(1);
    expect(receiver.received[0]?.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    const log = page.getByRole('list', { name: 'Deliveries' });
    await log.getByRole('button', { name: 'View ping delivery #1' }).waitFor();
    await expect.poll(() => log.getByText('Succeeded').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expectAccessible(page, 'webhooks: delivery log');

    await page.getByRole('button', { name: 'View ping delivery #1' }).click();
    await page.getByRole('dialog').getByText(/200/).first().waitFor();
    await expectAccessible(page, 'webhooks: delivery detail');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Redeliver ping delivery #1' }).click();
    await expect
      .poll(() => receiver.received.filter((hook) => hook.event === 'ping').length, { timeout: 15_000 })
      .toBe(2);
    await page.goto(projectUrl('webhooks'));
    await page.getByText(receiver.url.replace('http://', '')).first().waitFor();
    await expectAccessible(page, 'webhooks: list');
  });

  it('changes the plan and shows the new limits in the usage bars', async () => {
    await page.goto(projectUrl('billing'));
    await page
      .getByText(/^\d+ of 1,000$/)
      .first()
      .waitFor();
    await expectAccessible(page, 'billing');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
    await dialog.waitFor();
    await expectAccessible(page, 'billing: plan change dialog');
    await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page
      .getByText(/^\d+ of 1,000,000$/)
      .first()
      .waitFor();
    await page.goto(projectUrl());
    await page
      .getByRole('region', { name: 'Usage this month' })
      .getByText(/^\d+ of 1,000,000$/)
      .waitFor();
  });

  it('shows analytics with a period picker', async () => {
    await page.goto(projectUrl('analytics'));
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await expectAccessible(page, 'analytics');
  });

  it('invites a member by email, who registers from the link and sees the project within the role', async () => {
    await page.goto(projectUrl('settings/members'));
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('Email address').fill('vera@journey.test');
    await invite.getByLabel('Role').selectOption('viewer');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await page.getByRole('region', { name: 'Pending invitations' }).getByText('vera@journey.test').waitFor();
    await expectAccessible(page, 'settings: members');

    const mail = await smtp.waitFor('vera@journey.test', /You are invited to Journey blog on Plinth/);
    const link = /http:\/\/\S+\/register\?invitation=\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const vera = await newPage({ width: 390, height: 844 });
    // She types before the app has loaded (scripts held back, as on a slow phone connection): the
    // prerendered form keeps what she typed once the app takes it over with the invitation.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await vera.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await vera.goto(link as string, { waitUntil: 'commit' });
    await vera.getByLabel('Full name').fill('Vera Viewer');
    await vera.getByLabel('Password').fill('vera journey password');
    releaseScripts();
    await vera.getByRole('heading', { level: 1, name: 'Join your team on Plinth' }).waitFor();
    expect(await vera.getByLabel('Work email').inputValue()).toBe('vera@journey.test');
    expect(await vera.getByLabel('Full name').inputValue()).toBe('Vera Viewer');
    await vera.getByRole('button', { name: 'Create account and join' }).click();
    await vera
      .getByRole('dialog', { name: 'Your account is ready' })
      .getByRole('button', { name: 'Go to sign in' })
      .click();
    await signIn(vera, 'vera@journey.test', 'vera journey password');
    // Her only project opens at once.
    await vera.waitForURL(new RegExp(`/app/projects/${projectId}`));
    await vera.getByRole('heading', { level: 1, name: 'Journey blog' }).waitFor();
    await expectAccessible(vera, 'dashboard as a viewer at 390 px');
    await vera.getByRole('button', { name: 'Open navigation' }).click();
    const nav = vera.getByRole('dialog', { name: 'Navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    // A viewer reads; tokens and webhooks are the admins'.
    expect(await nav.getByRole('link', { name: 'API tokens' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    await vera.goto(projectUrl('api-tokens'));
    await vera.getByText('Your role cannot manage API tokens').waitFor();
    await vera.goto(projectUrl('settings'));
    await vera.getByText(/You are a viewer in this project/).waitFor();
    await expectAccessible(vera, 'settings as a viewer');
  });

  it('takes a fresh account through the setup wizard to a project with starter content', async () => {
    const fresh = await newPage();
    await fresh.goto(`${server.url}/register`, { waitUntil: 'networkidle' });
    await fresh.getByLabel('Full name').fill('Fay Fresh');
    await fresh.getByLabel('Work email').fill('fay@journey.test');
    await fresh.getByLabel('Password').fill('fay journey password');
    await fresh.getByRole('button', { name: 'Request demo access' }).click();
    await fresh.getByRole('dialog').getByRole('button', { name: 'Go to sign in' }).click();
    await signIn(fresh, 'fay@journey.test', 'fay journey password');
    await fresh.waitForURL(/\/app\/project$/);
    await fresh.getByLabel('Project name').fill('Fresh blog');
    await expectAccessible(fresh, 'setup wizard: name');
    await fresh.getByRole('button', { name: 'Continue' }).click();
    await fresh.getByRole('heading', { name: 'Choose its languages' }).waitFor();
    await expectAccessible(fresh, 'setup wizard: languages');
    await fresh.getByRole('button', { name: 'Continue' }).click();
    await fresh.getByRole('heading', { name: 'Pick a starter' }).waitFor();
    await fresh.getByText('Blog', { exact: true }).click();
    await expectAccessible(fresh, 'setup wizard: starter');
    await fresh.getByRole('button', { name: 'Create project' }).click();
    await fresh.waitForURL(/\/app\/projects\/[^/]+$/, { timeout: 60_000 });
    await fresh.getByRole('heading', { level: 1, name: 'Fresh blog' }).waitFor();
    // The starter's collections and documents are counted on the dashboard.
    const documents = fresh.getByText('Documents', { exact: true }).locator('xpath=ancestor::div[1]');
    await expect
      .poll(async () => Number((await documents.locator('dd span').first().textContent()) ?? 0))
      .toBeGreaterThan(5);
    await fresh.goto(`${server.url}/app/projects`);
    await fresh.getByText('Fresh blog').first().waitFor();
    await expectAccessible(fresh, 'projects list');
    await fresh.goto(`${server.url}/app/profile`);
    await fresh.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await expectAccessible(fresh, 'profile');
  });

  it('edits the project settings and explains the danger zone', async () => {
    await page.goto(projectUrl('settings'));
    await page.getByLabel('Project name').waitFor();
    await expectAccessible(page, 'settings: general');
  });

  it('opens the instance admin screens', async () => {
    for (const tab of ['', '/incidents', '/messages', '/projects']) {
      await page.goto(`${server.url}/app/admin${tab}`);
      await page.getByRole('heading', { level: 1, name: 'Instance admin' }).waitFor();
      await expectAccessible(page, `admin${tab || '/users'}`);
    }
    await page.getByText('Journey blog').first().waitFor();
  });

  it('opens the GraphQL explorer and the command palette', async () => {
    await page.goto(projectUrl('graphql'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, 'graphql explorer');
    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Go to' });
    await palette.getByRole('combobox').fill('webhooks');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/webhooks$/);
  });
});
