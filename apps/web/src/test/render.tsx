import type { Collection, Component, Document, Member, Project, User } from '@plinth/contract';
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
  /** The query string, which the paged and filtered lists send. */
  query: URLSearchParams;
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

const ERROR_CODES: Record<number, string> = { 400: 'VALIDATION_FAILED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

/**
 * A refusal in the API's error shape (API.md); `details` are a 400's per-field problems.
 * @example apiError(400, 'url is not allowed', [{ path: 'url', message: 'is not allowed' }])
 */
export function apiError(status: number, message: string, details?: { path: string; message: string }[]): Response {
  return json(status, { statusCode: status, code: ERROR_CODES[status] ?? 'INTERNAL', message, details });
}

/** Replaces fetch with a handler; the returned list records every call made. */
export function fakeFetch(handler: FetchHandler): FetchCall[] {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
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

/** A project as `GET /api/v1/projects/:id` answers it; the caller is its owner unless `role` says otherwise. */
export function testProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    name: 'Marketing site',
    slug: 'marketing-site',
    plan: 'starter',
    locales: ['en'],
    default_locale: 'en',
    role: 'owner',
    created_at: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A collection of the project's model, as `GET /api/v1/projects/:id/collections` lists it. */
export function testCollection(overrides: Partial<Collection> & Pick<Collection, 'slug'>): Collection {
  return {
    name: overrides.slug,
    singular: overrides.slug,
    description: '',
    kind: 'collection',
    display_field: null,
    requires_approval: false,
    preview_url: null,
    fields: [],
    created_at: '2026-02-01T00:00:00.000Z',
    updated_at: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * A document as the API answers it: a draft at version 1 in `en`, made and last saved by `u1`,
 * unless `overrides` say otherwise (its `locale_status` follows `status` when not given).
 */
export function testDocument(overrides: Partial<Document> & Pick<Document, 'id' | 'collection'>): Document {
  const status = overrides.status ?? 'draft';
  return {
    locale: 'en',
    status,
    workflow_stage: null,
    version: 1,
    data: {},
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    published_at: null,
    publish_at: null,
    unpublish_at: null,
    publish_locales: null,
    unpublish_locales: null,
    locale_status: { en: status },
    created_by: 'u1',
    updated_by: 'u1',
    ...overrides,
  };
}

/** A member of the project, active and an editor unless `overrides` say otherwise. */
export function testMember(overrides: Partial<Member> & Pick<Member, 'user_id' | 'email' | 'name'>): Member {
  return { role: 'editor', status: 'active', created_at: '2026-02-01T00:00:00.000Z', ...overrides };
}

/**
 * Fakes the API of a signed-in screen: the user (`/auth/me`), the project list and each project
 * (what the app shell loads on every screen), then `handler` for the rest. Calls nobody answers
 * get the API's 404.
 * @example fakeAppApi((call) => (call.path.endsWith('/api-tokens') ? json(200, { data: [] }) : undefined));
 */
export function fakeAppApi(
  handler: (call: FetchCall) => Response | undefined | Promise<Response | undefined> = () => undefined,
  options: { projects?: Project[]; user?: User } = {},
): FetchCall[] {
  const projects = options.projects ?? [testProject()];
  return fakeFetch(async (call) => {
    const answer = await handler(call);
    if (answer) return answer;
    if (call.path === '/api/v1/auth/me') return json(200, options.user ?? testUser);
    if (call.method === 'GET' && call.path === '/api/v1/projects') {
      return json(200, { data: projects, meta: { total: projects.length, page: 1, limit: 25 } });
    }
    const detail = call.method === 'GET' ? /^\/api\/v1\/projects\/([^/]+)$/.exec(call.path) : null;
    const project = detail ? projects.find((item) => item.id === decodeURIComponent(detail[1] ?? '')) : undefined;
    if (project) return json(200, { data: project });
    return json(404, { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' });
  });
}

/**
 * Fakes the API of the document editor open on one document: what `fakeAppApi` answers, the
 * project's collections and components, and the document, read through `document` each time
 * when it is a function (for fakes whose writes change it). `handler` answers first.
 */
export function fakeEditorApi(options: {
  project: Project;
  collections: Collection[];
  components?: Component[];
  document: Document | (() => Document);
  handler?: (call: FetchCall) => Response | undefined | Promise<Response | undefined>;
}): FetchCall[] {
  const current = () => (typeof options.document === 'function' ? options.document() : options.document);
  const projectApi = `/api/v1/projects/${options.project.id}`;
  return fakeAppApi(
    async (call) => {
      const answer = await options.handler?.(call);
      if (answer) return answer;
      if (call.path === `${projectApi}/collections`) return json(200, { data: options.collections });
      if (call.path === `${projectApi}/components`) return json(200, { data: options.components ?? [] });
      const document = current();
      if (
        call.method === 'GET' &&
        call.path === `${projectApi}/collections/${document.collection}/documents/${document.id}`
      ) {
        return json(200, { data: document });
      }
      return undefined;
    },
    { projects: [options.project] },
  );
}
