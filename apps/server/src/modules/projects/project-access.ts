import type { Role, Scope } from '@plinth/contract';
import type { FastifyRequest } from 'fastify';
import type { ProjectRow } from '../../db/schema.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { Principal } from '../auth/principal.js';
import { type ProjectRecord, toProjectRecord } from './project.mapper.js';
import type { ProjectsRepository } from './projects.repository.js';

const PROJECT_CACHE_MS = 5_000;

/**
 * Everything a caller may try on a project. Each module asks `ProjectAccess.authorize` for one
 * of these; the two tables below are the only place that decides.
 */
export type ProjectAction =
  | 'project.read'
  | 'members.read'
  | 'content.read'
  | 'content.preview'
  | 'content.create'
  | 'content.update_own'
  | 'content.update_any'
  | 'content.publish'
  | 'media.read'
  | 'media.create'
  | 'media.update_own'
  | 'media.update_any'
  | 'schema.read'
  | 'schema.write'
  | 'members.manage'
  | 'tokens.manage'
  | 'webhooks.manage'
  | 'settings.manage'
  | 'audit.read'
  | 'billing.manage'
  | 'project.delete';

const everyone: readonly Role[] = ['owner', 'admin', 'editor', 'author', 'viewer'];
const writers: readonly Role[] = ['owner', 'admin', 'editor', 'author'];
const editors: readonly Role[] = ['owner', 'admin', 'editor'];
const admins: readonly Role[] = ['owner', 'admin'];
const owners: readonly Role[] = ['owner'];

/** The role table of API.md. */
const ROLES_ALLOWED: Record<ProjectAction, readonly Role[]> = {
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
  /** Whether the same caller may also do `action` here (for example 'content.update_any'). */
  can(action: ProjectAction): boolean;
}

const allows = (principal: Principal, role: Role | null, action: ProjectAction): boolean =>
  principal.kind === 'token'
    ? SCOPES_ALLOWED[action].some((scope) => principal.scopes.includes(scope))
    : role !== null && ROLES_ALLOWED[action].includes(role);

/**
 * The one permission check. A project the caller cannot see (not a member, another project's
 * token, deleted) is a 404, so ids cannot be probed; a visible project where the action is not
 * allowed is a 403.
 * @example const { project } = await access.authorize(request, projectId, 'members.manage');
 */
export class ProjectAccess {
  /**
   * Projects as API tokens see them, for the delivery hot path. Entries go stale when the
   * project's content version moves (settings changes invalidate it) or after a few seconds,
   * which bounds how long another instance may serve old settings.
   */
  private readonly tokenProjects = new Map<
    string,
    { row: ProjectRow; record: ProjectRecord; version: number; at: number }
  >();

  constructor(
    private readonly auth: Authenticator,
    private readonly projects: ProjectsRepository,
    private readonly delivery: DeliveryCache,
  ) {}

  /** The live project an API token belongs to (cached for the delivery hot path). */
  async tokenProject(projectId: string): Promise<ProjectRow | undefined> {
    return (await this.cachedTokenProject(projectId))?.row;
  }

  /** The project row and its record (JSON parsed once), as cached for API tokens. */
  private async cachedTokenProject(projectId: string): Promise<{ row: ProjectRow; record: ProjectRecord } | undefined> {
    const cached = this.tokenProjects.get(projectId);
    const version = this.delivery.version(projectId);
    if (cached && cached.version === version && Date.now() - cached.at < PROJECT_CACHE_MS) return cached;
    const row = await this.projects.findLive(projectId);
    if (!row) {
      this.tokenProjects.delete(projectId);
      return undefined;
    }
    const entry = { row, record: toProjectRecord(row), version, at: Date.now() };
    this.tokenProjects.set(projectId, entry);
    return entry;
  }

  /**
   * A published-only reader of a project, for content the product itself shows to anyone (the
   * site's blog). It has the rights of a `content:read` token and nothing else.
   */
  async publicReader(projectId: string, ip: string): Promise<ProjectGrant | null> {
    const cached = await this.cachedTokenProject(projectId);
    if (!cached) return null;
    const principal: Principal = { kind: 'token', tokenId: 'public-reader', projectId, scopes: ['content:read'] };
    return {
      project: cached.record,
      principal,
      role: null,
      ip,
      can: (action) => allows(principal, null, action),
    };
  }

  async authorize(request: FastifyRequest, projectId: string, action: ProjectAction): Promise<ProjectGrant> {
    const principal = await this.auth.principal(request);
    let role: Role | null = null;
    let project: ProjectRecord | undefined;
    if (principal.kind === 'token') {
      project = principal.projectId === projectId ? (await this.cachedTokenProject(projectId))?.record : undefined;
    } else {
      const membership = await this.projects.findMembership(projectId, principal.userId);
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
    return { project, principal, role, ip: request.ip, can: (other) => allows(principal, role, other) };
  }
}
