import { type ProjectAction, ROLES, ROLES_ALLOWED, type Role } from '@plinth/contract';

/** What each role is for, in a line (shown beside the role picker). */
export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'Everything, including billing and deleting the project.',
  admin:
    'Everything except billing and deleting the project: members, settings, API tokens, webhooks and the content model.',
  editor: 'Creates, edits and publishes all content and media.',
  author: 'Creates content and media and edits their own; cannot publish.',
  viewer: 'Reads content, media and the content model; changes nothing.',
};

export const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  author: 'Author',
  viewer: 'Viewer',
};

/** "an admin", "a viewer". */
export const withArticle = (role: Role) => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;

/** The role table in people's words: a role may do a line when it may do every action of it. */
export const CAPABILITIES: readonly { label: string; actions: readonly ProjectAction[] }[] = [
  { label: 'Read content, media and the content model', actions: ['content.read', 'media.read', 'schema.read'] },
  { label: 'Create documents and upload media', actions: ['content.create', 'media.create'] },
  { label: 'Edit and delete their own documents and media', actions: ['content.update_own', 'media.update_own'] },
  { label: "Edit and delete anyone's documents and media", actions: ['content.update_any', 'media.update_any'] },
  { label: 'Publish, unpublish, approve and schedule', actions: ['content.publish'] },
  { label: 'Change collections and components', actions: ['schema.write'] },
  {
    label: 'Manage members, API tokens, webhooks and settings',
    actions: ['members.manage', 'tokens.manage', 'webhooks.manage', 'settings.manage'],
  },
  { label: 'Read the audit log', actions: ['audit.read'] },
  { label: 'Manage billing and delete the project', actions: ['billing.manage', 'project.delete'] },
];

export function roleMay(role: Role, actions: readonly ProjectAction[]): boolean {
  return actions.every((action) => ROLES_ALLOWED[action].includes(role));
}

export { ROLES };
