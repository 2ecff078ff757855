import { SCOPES, type Scope } from '@plinth/contract';

/** What each scope of the contract lets a token do, in a line (typed over SCOPES, so a new scope must be described). */
export const SCOPE_INFO: Readonly<Record<Scope, { label: string; description: string }>> = {
  'content:read': { label: 'Read content', description: 'Read published content only, never drafts.' },
  'content:preview': { label: 'Preview drafts', description: 'Read drafts and unpublished changes too.' },
  'content:write': {
    label: 'Write content',
    description: 'Create, update, delete and publish documents; reads drafts too.',
  },
  'media:read': { label: 'Read media', description: 'List and read media assets.' },
  'media:write': { label: 'Write media', description: 'Upload, change and delete media; reads it too.' },
  'schema:read': { label: 'Read schema', description: 'Read collections and components.' },
  'schema:write': {
    label: 'Write schema',
    description: 'Create and change collections and components; reads them too.',
  },
  'webhooks:manage': { label: 'Manage webhooks', description: 'Create, change, test and delete webhooks.' },
};

/** The scopes in the contract's order, whatever order a token lists them in. */
export function sortScopes(scopes: readonly Scope[]): Scope[] {
  return SCOPES.filter((scope) => scopes.includes(scope));
}

/** Whether the token can read documents (the examples list some); writing content includes reading it. */
export function canReadContent(scopes: readonly Scope[]): boolean {
  return scopes.some((scope) => scope.startsWith('content:'));
}
