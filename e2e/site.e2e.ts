import { decodeJwt, SignJWT } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../apps/server/src/test/smtp.js';
import { KNOWN_PATHS } from '../apps/web/src/app/paths.js';
import { launchBrowser, startServer } from './server.js';

// Functions passed to page.evaluate and addInitScript run in the browser, where these exist.
declare const localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
declare const document: {
  addEventListener(type: 'securitypolicyviolation', listener: (event: SecurityViolation) => void): void;
  documentElement: { scrollWidth: number };
  querySelectorAll(selectors: string): Iterable<LaidOutElement>;
};
declare const window: {
  dispatchEvent(event: unknown): boolean;
  innerWidth: number;
  getComputedStyle(element: LaidOutElement): { overflowX: string };
};
interface LaidOutElement {
  tagName: string;
  className: unknown;
  parentElement: LaidOutElement | null;
  getBoundingClientRect(): { right: number };
}
declare const Event: new (type: string) => unknown;
interface SecurityViolation {
  violatedDirective: string;
  blockedURI: string;
  sourceFile: string;
}

const PUBLIC_PATHS = KNOWN_PATHS.filter((path) => !path.startsWith('/app'));
/** Public pages whose HTML is prerendered at build time (the rest are rendered in the browser). */
const PRERENDERED = PUBLIC_PATHS.filter((path) => path !== '/reset-password' && !path.startsWith('/auth/'));

/** React's hydration mismatch reports, Content-Security-Policy violations and uncaught errors, per page. */
async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/hydrat|Minified React error #(418|423|425)|^CSP violation/i.test(message.text())) errors.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
    );
  });
  return errors;
}

/** The server's key for access tokens, so that a test can make one that has expired. */
const JWT_SECRET = 'e2e access-token key, thirty-two characters or more';

/** An access token for the same user and session as `token`, that expired five minutes ago. */
async function expiredLike(token: string): Promise<string> {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuedAt(now - 20 * 60)
    .setExpirationTime(now - 5 * 60)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/**
 * In the browser: how wide the page scrolls, and the elements that reach past the window's right
 * edge other than inside a scroll container (a code sample scrolls inside its card). Clipped
 * overflow counts too: a hero cut off by overflow: hidden is as broken as one that scrolls.
 */
function widerThanTheWindow(): { scrollWidth: number; wider: string[] } {
  const edge = window.innerWidth + 0.5;
  const wider: string[] = [];
  // No inner functions: the browser gets this function's source as it is.
  for (const element of document.querySelectorAll('body *')) {
    if (element.getBoundingClientRect().right <= edge) continue;
    let isInScroller = false;
    for (let parent = element.parentElement; parent && !isInScroller; parent = parent.parentElement) {
      const overflow = window.getComputedStyle(parent).overflowX;
      isInScroller = (overflow === 'auto' || overflow === 'scroll') && parent.getBoundingClientRect().right <= edge;
    }
    if (!isInScroller) wider.push(`${element.tagName.toLowerCase()}.${String(element.className)}`);
  }
  return { scrollWidth: document.documentElement.scrollWidth, wider: wider.slice(0, 5) };
}

async function canonical(page: Page): Promise<string | null> {
  return page.locator('link[rel="canonical"]').getAttribute('href');
}

describe('the public site in a real browser', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /**
   * A fresh visitor with its own storage. The cookie choice is made (declined) unless told
   * otherwise, so that a build with analytics configured shows no banner over the pages.
   */
  async function visitor(
    options: { consent?: 'accepted' | 'declined' | null; viewport?: { width: number; height: number } } = {},
  ): Promise<Page> {
    const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {});
    contexts.push(context);
    const consent = options.consent === undefined ? 'declined' : options.consent;
    if (consent) {
      await context.addInitScript((value) => {
        if (!localStorage.getItem('plinth.cookie_consent')) localStorage.setItem('plinth.cookie_consent', value);
      }, consent);
    }
    return context.newPage();
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({
      env: { SMTP_URL: smtp.url, PLINTH_REGISTRATION: 'open', PLINTH_JWT_SECRET: JWT_SECRET },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('serves every prerendered page with its title, description, canonical link and text in the HTML', async () => {
    for (const path of PRERENDERED) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toMatch(/<title>[^<]+\| Plinth<\/title>|<title>Plinth<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, path).toContain(`<link rel="canonical" href="${server.url}${path}" />`);
      expect(html, path).toMatch(/<div id="root"><div[^>]*>[\s\S]*<h1[^>]*>[^<]+/);
    }
  });

  it('shows every public route with a heading and hydrates it without errors', async () => {
    const page = await visitor();
    const errors = await watchErrors(page);
    for (const path of [...PUBLIC_PATHS, '/blog/category/engineering']) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
      expect(await page.getByText(/Page Not Found/).count(), path).toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it('fits every public page in a 390 px wide phone screen, code scrolling inside its card', async () => {
    const page = await visitor({ viewport: { width: 390, height: 844 } });
    const posts = (await (await fetch(`${server.url}/api/v1/blog/posts`)).json()) as { data: Array<{ id: string }> };
    const paths = [...PUBLIC_PATHS, '/blog/category/engineering', ...posts.data.map((post) => `/blog/${post.id}`)];
    for (const path of paths) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
      expect(await page.evaluate(widerThanTheWindow), path).toEqual({ scrollWidth: 390, wider: [] });
    }
  });

  it('updates the canonical link after client-side navigation', async () => {
    const page = await visitor();
    await page.goto(`${server.url}/`);
    expect(await canonical(page)).toBe(`${server.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Simple pricing that grows with you' }).waitFor();
    await expect.poll(() => canonical(page)).toBe(`${server.url}/pricing`);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Documentation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Build with the Plinth API' }).waitFor();
    await expect.poll(() => canonical(page)).toBe(`${server.url}/docs`);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
  });

  it('shows the plans of the API on the pricing page', async () => {
    const page = await visitor();
    await page.goto(`${server.url}/pricing`);
    const starter = page.getByRole('article', { name: 'Starter' });
    await starter.waitFor();
    expect(await starter.getByText('Free', { exact: true }).count()).toBe(1);
    expect(await starter.getByText('1,000 API requests a month').count()).toBe(1);
    expect(await starter.getByText('100 MB media storage').count()).toBe(1);
    expect(await page.getByRole('article', { name: 'Pro' }).getByText('$29').count()).toBe(1);
    const sales = page.getByRole('article', { name: 'Enterprise' }).getByRole('link', { name: 'Contact sales' });
    expect(await sales.getAttribute('href')).toBe('/contact');
  });

  it('registers, shows the dialog, signs in, survives a reload, refreshes once for five expired calls, and signs out', async () => {
    const page = await visitor();
    await page.clock.install();
    const email = `grace-${Date.now()}@example.com`;
    const password = 'a long enough password';
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: /request|get started|create/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/manager will contact you/i);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A first sign-in, with no project yet, opens the setup wizard.
    await page.waitForURL(`${server.url}/app/project`);
    await page.getByLabel('Project name').waitFor();
    await page.reload();
    await page.getByLabel('Project name').waitFor();

    // A project's dashboard holds five queries under /projects: the list (the switcher), the
    // project, its overview, its usage and its recent activity.
    const firstToken = String(await page.evaluate(() => localStorage.getItem('plinth.access_token')));
    const created = await fetch(`${server.url}/api/v1/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${firstToken}` },
      body: JSON.stringify({ name: 'Docs site' }),
    });
    expect(created.status).toBe(201);
    const dashboard = `/app/projects/${((await created.json()) as { data: { id: string } }).data.id}`;
    await page.goto(`${server.url}${dashboard}`);
    await page
      .getByRole('region', { name: 'Recent activity' })
      .getByText(/Nothing has happened here yet/)
      .waitFor();
    await expect.poll(() => page.getByRole('meter', { name: 'API requests this month' }).count()).toBe(1);

    // The user comes back to the tab after the access token expired: the server answers
    // TOKEN_EXPIRED to the three refetches, which share one refresh and are each retried once.
    const heldToken = String(await page.evaluate(() => localStorage.getItem('plinth.access_token')));
    const expired = await expiredLike(heldToken);
    const refreshes: string[] = [];
    const answers: Array<{ path: string; status: number; code?: string }> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/refresh')) refreshes.push(request.url());
    });
    await page.route('**/api/v1/projects**', async (route) => {
      const headers = route.request().headers();
      const held = headers.authorization === `Bearer ${heldToken}`;
      const response = await route.fetch(held ? { headers: { ...headers, authorization: `Bearer ${expired}` } } : {});
      const code = response.status() === 401 ? ((await response.json()) as { code: string }).code : undefined;
      answers.push({
        path: new URL(route.request().url()).pathname,
        status: response.status(),
        ...(code ? { code } : {}),
      });
      await route.fulfill({ response });
    });
    await page.clock.fastForward('16:00');
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => answers.filter((answer) => answer.status === 200).length).toBe(5);
    const refused = answers.filter((answer) => answer.status === 401);
    expect(refused).toHaveLength(5);
    expect(refused.every((answer) => answer.code === 'TOKEN_EXPIRED')).toBe(true);
    expect(new Set(refused.map((answer) => answer.path)).size).toBe(5);
    expect(refreshes).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('plinth.access_token'))).not.toBe(heldToken);
    expect(new URL(page.url()).pathname).toBe(dashboard);
    await page.unroute('**/api/v1/projects**');

    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('plinth.refresh_token'))).toBeNull();
  });

  it('resets a forgotten password with the link from the email', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const register = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Reset Me', email, password: 'the old password' }),
    });
    expect(register.status).toBe(201);

    const page = await visitor();
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: /send/i }).click();
    const mail = await smtp.waitFor(email, /reset/i, 10_000);
    const link = `${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`.match(
      /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/,
    )?.[0];
    expect(link).toBeTruthy();
    await page.goto(String(link).replace(/&amp;/g, '&'));
    await page.getByLabel('New password', { exact: true }).fill('the new password');
    await page.getByLabel('Confirm new password').fill('the new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/login/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/app/project`);
  });

  it('asks nothing about cookies when the build loads nothing that needs consent, and sends nothing to third parties', async () => {
    // This build has no analytics key, tag manager or live chat (no PUBLIC_* variables), and
    // 127.0.0.1 is a development host besides: nothing leaves the site.
    const page = await visitor({ consent: null });
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    const banner = page.getByRole('region', { name: 'Cookies and analytics' });
    await page.goto(`${server.url}/login`);
    // The prerendered sign-in button turns on once the page is hydrated: the moment a banner would
    // appear, as the cookie choice is read in the browser only.
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    expect(await banner.count()).toBe(0);
    // The policy says so, and offers no choice.
    await page.goto(`${server.url}/cookies`);
    await page
      .getByText(/There is nothing to choose\. This site uses no analytics, tag manager or live chat/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await banner.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('plinth.cookie_consent'))).toBeNull();
    expect(foreign).toEqual([]);
  });

  it('keeps the locale for a year and tells the app which build is deployed', async () => {
    const page = await visitor();
    await page.goto(`${server.url}/about`);
    const locale = (await page.context().cookies()).find((cookie) => cookie.name === 'plinth_locale');
    expect(locale?.value).toBe('en');
    const days = ((locale?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    const version = await fetch(`${server.url}/version.json`);
    expect(version.headers.get('cache-control')).toBe('no-cache');
    expect(await version.json()).toMatchObject({ build_id: expect.any(String) });
  });
});
