import type { User } from '@plinth/contract';
import { type FetchCall, fakeAppApi, signIn, testUser } from './render';

export const adminUser: User = {
  ...testUser,
  id: 'admin-1',
  name: 'Ines Admin',
  email: 'ines@example.com',
  is_admin: true,
};

/**
 * Signs in (as an instance admin unless `user` says otherwise) and fakes the API: the user, an
 * empty project list for the shell, then `handler` for the rest; unanswered calls get a 404.
 * @example const calls = fakeAdminApi((call) => (call.path === '/api/v1/admin/users' ? json(200, list) : undefined));
 */
export function fakeAdminApi(
  handler: (call: FetchCall) => Response | Promise<Response> | undefined,
  options: { user?: User } = {},
): FetchCall[] {
  const user = options.user ?? adminUser;
  signIn(user);
  return fakeAppApi(handler, { user, projects: [] });
}

/** `{ data, meta }` of one page of a list. */
export function page<T>(data: T[], meta: { total?: number; page?: number; limit?: number } = {}) {
  return { data, meta: { total: meta.total ?? data.length, page: meta.page ?? 1, limit: meta.limit ?? 25 } };
}
