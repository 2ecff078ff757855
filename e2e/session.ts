import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.js';
import { ADMIN } from './server.js';

/** A JSON call to the server's API as a client makes it; a non-2xx answer throws with its body. */
export async function callApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
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

/** A fresh browser context signed in through the login form; `contexts` collects it for closing. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  contexts: BrowserContext[],
  viewport = { width: 1440, height: 900 },
  credentials: { email: string; password: string } = ADMIN,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/app/);
  return page;
}

/** The screen is settled (no skeletons or spinners) and axe finds nothing serious on it. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await expect.poll(() => page.locator('[role="status"][aria-label^="Loading"]').count()).toBe(0);
  expect(await seriousViolations(page), screen).toEqual([]);
}
