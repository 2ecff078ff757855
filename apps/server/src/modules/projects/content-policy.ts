import type { DocumentReadQuery } from '@plinth/contract';
import { forbidden } from '../../lib/errors.js';
import type { Principal } from '../auth/principal.js';

/** A document's copies: the snapshot readers get, the working copy, or the trashed working copy. */
export type ContentCopy = 'working' | 'published' | 'trash';

/** What a read asks for: a document status (drafts, changed…), or the trash (`deleted`). */
export type ReadStatus = DocumentReadQuery['status'];

/** Which documents (or media files) a caller may change: any, or only those one user created. */
export type OwnerConstraint =
  | { readonly kind: 'any' }
  /** A condition on `created_by`; a null user id matches nothing. */
  | { readonly kind: 'createdBy'; readonly userId: string | null };

/**
 * What of a project's content one caller sees and may change, as constraints that repositories
 * apply in their queries (so no row a caller may not see is ever loaded, and no field is
 * filtered out of it afterwards). Derived once from the grant: the one place that decides.
 */
export interface ContentPolicy {
  /** Members see hidden fields (in models, documents, history and blocks) and write them; API tokens never do. */
  readonly seesHidden: boolean;
  /** Whether working copies (drafts, history, schedules) are visible at all: members, and tokens with content:preview. */
  readonly previews: boolean;
  /**
   * The copy a read gets for the status it asks for. Tokens without `content:preview` only
   * ever read published snapshots (asking for anything else is a 403); everyone else reads the
   * working copy unless they ask for `published`.
   */
  copyFor(status: ReadStatus): { copy: ContentCopy; status: 'draft' | 'changed' | null };
  /** Which documents the caller may change: editors and up, and content:write tokens, any; authors their own. */
  readonly documents: OwnerConstraint;
  /** Which media files the caller may change: editors and up, and media:write tokens, any; authors their own. */
  readonly media: OwnerConstraint;
  /**
   * A preview token's document: the only one it reads, with the documents that one references;
   * null for every other caller.
   */
  readonly previewOf: { readonly collection: string; readonly id: string } | null;
}

/** The 403 of an author changing a document someone else created. */
export const notOwnDocument = () => forbidden('Authors can only change documents they created');

/**
 * Refuses a change the owner constraint would refuse: the repositories apply the constraint in
 * their queries, and callers who must know before costly work (a model call) ask here first.
 */
export function assertMayChange(owner: OwnerConstraint, createdBy: string | null): void {
  if (owner.kind === 'createdBy' && (owner.userId === null || owner.userId !== createdBy)) throw notOwnDocument();
}

type Can = (action: 'content.preview' | 'content.update_any' | 'media.update_any') => boolean;

/**
 * The content policy of a caller in a project.
 * @example contentPolicy(principal, grant.can).copyFor(undefined) // { copy: 'published', status: null } for a content:read token
 */
export function contentPolicy(principal: Principal, can: Can): ContentPolicy {
  const previews = can('content.preview');
  const own = (anyAction: 'content.update_any' | 'media.update_any'): OwnerConstraint =>
    can(anyAction)
      ? { kind: 'any' }
      : { kind: 'createdBy', userId: principal.kind === 'user' ? principal.userId : null };
  return {
    seesHidden: principal.kind === 'user',
    previews,
    copyFor(status) {
      if (status === 'published' || (status === undefined && !previews)) return { copy: 'published', status: null };
      if (!previews) throw forbidden('This API token can read published content only');
      if (status === 'deleted') return { copy: 'trash', status: null };
      return { copy: 'working', status: status ?? null };
    },
    documents: own('content.update_any'),
    media: own('media.update_any'),
    previewOf: principal.kind === 'preview' ? { collection: principal.collection, id: principal.documentId } : null,
  };
}
