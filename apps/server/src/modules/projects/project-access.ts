import { type ProjectAction, type Role, roleCan, type Scope } from '@plinth/contract';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Actor, Principal } from '../auth/principal.js';
import { type ContentPolicy, contentPolicy } from './content-policy.js';
import type { LiveProjects } from './live-projects.js';
import type { ProjectRecord } from './project.mapper.js';
import { toProjectRecord } from './project.mapper.js';
import type { ProjectsRepository } from './projects.repository.js';

/**
 * Everything a caller may try on a project. Each module asks `ProjectAccess.authorize` for one
 * of these; the contract's role table (shared with the web app) and the scope table below are
 * the only places that decide.
 */
export type { ProjectAction };

/** Which API-token scopes grant each action; an empty list means "users only". */
const SCOPES_ALLOWED: Record<ProjectAction, readonly Scope[]> = {
  'project.read': [
    'content:read',
    'content:preview',
    'content:write',
    'media:read',
    'media:write',
    'schema:read',
    'schema:write',
    'webhooks:manage',
  ],
  'content.read': ['content:read', 'content:preview', 'content:write'],
  'content.preview': ['content:preview', 'content:write'],
  'content.create': ['content:write'],
  'content.update_own': ['content:write'],
  'content.update_any': ['content:write'],
  'content.publish': ['content:write'],
  'media.read': ['media:read', 'media:write'],
  'media.create': ['media:write'],
  'media.update_own': ['media:write'],
  'media.update_any': ['media:write'],
  'schema.read': ['schema:read', 'schema:write'],
  'schema.write': ['schema:write'],
  'members.read': [],
  'members.manage': [],
  'tokens.manage': [],
  'webhooks.manage': ['webhooks:manage'],
  'settings.manage': [],
  'audit.read': [],
  'billing.manage': [],
  'project.delete': [],
};

/** What a route learns once the caller is let into a project. */
export interface ProjectGrant {
  readonly project: ProjectRecord;
  readonly principal: Principal;
  /** The member's role; null for API tokens. */
  readonly role: Role | null;
  /** The caller's address, for the audit trail. */
  readonly ip: string;
  /** Who acts, for the audit trail. */
  readonly actor: Actor;
  /** What of the project's content the caller sees and may change. */
  readonly content: ContentPolicy;
  /** Whether the same caller may also do `action` here (for example 'content.update_any'). */
  can(action: ProjectAction): boolean;
}

const allows = (principal: Principal, role: Role | null, action: ProjectAction): boolean => {
  if (principal.kind === 'token') return SCOPES_ALLOWED[action].some((scope) => principal.scopes.includes(scope));
  // A preview token reads (its working copy, see ContentPolicy.previewOf) and does nothing else.
  if (principal.kind === 'preview') return action === 'content.read' || action === 'content.preview';
  return roleCan(role, action);
};

function grantOf(project: ProjectRecord, principal: Principal, role: Role | null, ip: string): ProjectGrant {
  const can = (action: ProjectAction) => allows(principal, role, action);
  return { project, principal, role, ip, actor: { principal, ip }, content: contentPolicy(principal, can), can };
}

/**
 * The one permission check. A project the caller cannot see (not a member, another project's
 * token, deleted) is a 404, so ids cannot be probed; a visible project where the action is not
 * allowed is a 403.
 * @example const grant = await access.authorize(principal, projectId, 'members.manage', ip);
 */
export class ProjectAccess {
  constructor(private readonly deps: { projects: ProjectsRepository; live: LiveProjects }) {}

  /** The live project an API token belongs to (cached for the delivery hot path). */
  tokenProject(projectId: string): Promise<ProjectRecord | undefined> {
    return this.deps.live.get(projectId);
  }

  /**
   * A published-only reader of a project, for content the product itself shows to anyone (the
   * site's blog). It has the rights of a `content:read` token and nothing else.
   */
  async publicReader(projectId: string, ip: string): Promise<ProjectGrant | null> {
    const project = await this.deps.live.get(projectId);
    if (!project) return null;
    const principal: Principal = { kind: 'token', tokenId: 'public-reader', projectId, scopes: ['content:read'] };
    return grantOf(project, principal, null, ip);
  }

  /**
   * `document` names the one document a read is about: only a read of one document (by id)
   * passes it, and only such a read lets a preview token in, limited by its content policy to
   * its own document and what that references.
   */
  async authorize(
    principal: Principal,
    projectId: string,
    action: ProjectAction,
    ip: string,
    document?: { collection: string; id: string },
  ): Promise<ProjectGrant> {
    let role: Role | null = null;
    let project: ProjectRecord | undefined;
    if (principal.kind === 'preview') {
      project = principal.projectId === projectId ? await this.deps.live.get(projectId) : undefined;
      if (!project) throw notFound('Project');
      if (action !== 'content.read' || !document) {
        throw forbidden('A preview token only reads the document it was made for');
      }
      return grantOf(project, principal, null, ip);
    }
    if (principal.kind === 'token') {
      project = principal.projectId === projectId ? await this.deps.live.get(projectId) : undefined;
    } else {
      const membership = await this.deps.projects.findMembership(projectId, principal.userId);
      project = membership ? toProjectRecord(membership.project) : undefined;
      role = membership?.role ?? null;
    }
    if (!project) throw notFound('Project');
    if (!allows(principal, role, action)) {
      throw forbidden(
        principal.kind === 'token'
          ? 'This API token does not have the scope for this action'
          : `Your role (${role}) does not allow this action`,
      );
    }
    return grantOf(project, principal, role, ip);
  }
}
