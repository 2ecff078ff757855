import type { Role } from './projects.js';

/** Everything a member may try in a project: the server authorizes each, the app shows or hides it. */
export const PROJECT_ACTIONS = [
  'project.read',
  'members.read',
  'content.read',
  'content.preview',
  'content.create',
  'content.update_own',
  'content.update_any',
  'content.publish',
  'media.read',
  'media.create',
  'media.update_own',
  'media.update_any',
  'schema.read',
  'schema.write',
  'members.manage',
  'tokens.manage',
  'webhooks.manage',
  'settings.manage',
  'audit.read',
  'billing.manage',
  'project.delete',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

const everyone: readonly Role[] = ['owner', 'admin', 'editor', 'author', 'viewer'];
const writers: readonly Role[] = ['owner', 'admin', 'editor', 'author'];
const editors: readonly Role[] = ['owner', 'admin', 'editor'];
const admins: readonly Role[] = ['owner', 'admin'];
const owners: readonly Role[] = ['owner'];

/** The role table of API.md: which roles may do each action. */
export const ROLES_ALLOWED: Readonly<Record<ProjectAction, readonly Role[]>> = {
  'project.read': everyone,
  'members.read': everyone,
  'content.read': everyone,
  'content.preview': everyone,
  'content.create': writers,
  'content.update_own': writers,
  'content.update_any': editors,
  'content.publish': editors,
  'media.read': everyone,
  'media.create': writers,
  'media.update_own': writers,
  'media.update_any': editors,
  'schema.read': everyone,
  'schema.write': admins,
  'members.manage': admins,
  'tokens.manage': admins,
  'webhooks.manage': admins,
  'settings.manage': admins,
  'audit.read': admins,
  'billing.manage': owners,
  'project.delete': owners,
};

/**
 * Whether a member with this role may do the action.
 * @example roleCan('editor', 'content.publish') // true
 */
export function roleCan(role: Role | null | undefined, action: ProjectAction): boolean {
  return role ? ROLES_ALLOWED[action].includes(role) : false;
}
