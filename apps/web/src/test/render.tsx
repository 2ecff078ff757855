import type { User } from '@plinth/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { saveLogin } from '../lib/session';

export interface FetchCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces fetch with a handler; the returned list records every call made. */
export function fakeFetch(handler: FetchHandler): FetchCall[] {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

export const testUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  avatar_url: null,
  is_admin: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

export function signIn(user: User = testUser): void {
  saveLogin({ access_token: 'access-1', refresh_token: 'refresh-1', user });
}

/** Renders the whole app (providers, route table) at a path, as a visitor would see it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient({ retryQueries: false });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user };
}
