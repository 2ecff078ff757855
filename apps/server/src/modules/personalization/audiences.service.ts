import type { Audience, AudienceRule, CreateAudienceBody, UpdateAudienceBody } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { Transact } from '../../db/repository.js';
import type { AudienceRow } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AudienceRequest } from '../documents/document-variants.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { checkRules, matchesAudience, parseVisitor } from './audience-rules.js';
import type { PersonalizationRepository } from './personalization.repository.js';

/** Where an audience sits when created without a priority. */
const DEFAULT_PRIORITY = 100;
/** Projects whose audiences are kept in memory at once (a bound, not a tuning knob). */
const CACHED_PROJECTS = 10_000;

const toAudience = (row: AudienceRow): Audience => ({
  key: row.key,
  name: row.name,
  priority: Number(row.priority),
  match: row.match,
  rules: parseJson<AudienceRule[]>(row.rules),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * A project's audiences: who its documents' variants are for. Also decides, for a delivery
 * read, which audiences to try: the one it names, or those the visitor's attributes match, in
 * priority order. Audiences are kept in memory per project while the project's delivery
 * version stands (any write, here or on another instance, moves it on).
 */
export class AudiencesService {
  private readonly cached = new Map<string, { version: number; audiences: Audience[] }>();

  constructor(
    private readonly deps: {
      repository: PersonalizationRepository;
      audit: AuditService;
      transaction: Transact;
      clock: Clock;
      delivery: DeliveryCache;
    },
  ) {}

  async list(grant: ProjectGrant): Promise<Audience[]> {
    return (await this.deps.repository.listAudiences(grant.project.id)).map(toAudience);
  }

  async get(grant: ProjectGrant, key: string): Promise<Audience> {
    const row = await this.deps.repository.findAudience(grant.project.id, key);
    if (!row) throw notFound('Audience');
    return toAudience(row);
  }

  /**
   * @example await audiences.create(grant, { key: 'france', name: 'France', rules: [{ attribute: 'country', op: 'eq', value: 'FR' }] })
   */
  async create(grant: ProjectGrant, body: CreateAudienceBody): Promise<Audience> {
    const rules = body.rules ?? [];
    checkRules(rules);
    const now = isoNow(this.deps.clock);
    const row: AudienceRow = {
      id: newId(),
      project_id: grant.project.id,
      key: body.key,
      name: body.name,
      priority: body.priority ?? DEFAULT_PRIORITY,
      match: body.match ?? 'all',
      rules,
      created_at: now,
      updated_at: now,
    };
    await this.deps.transaction(async (trx) => {
      const audiences = this.deps.repository.in(trx);
      if ((await audiences.findAudience(grant.project.id, body.key)) || !(await audiences.insertAudience(row))) {
        throw conflict(`An audience with the key "${body.key}" already exists`);
      }
      await this.deps.audit.recordGrant(
        trx,
        grant,
        'audience.created',
        { type: 'audience', id: row.id },
        { key: row.key },
      );
    });
    this.deps.delivery.invalidate(grant.project.id);
    return toAudience(row);
  }

  async update(grant: ProjectGrant, key: string, body: UpdateAudienceBody): Promise<Audience> {
    if (body.rules) checkRules(body.rules);
    const updated = await this.deps.transaction(async (trx) => {
      const audiences = this.deps.repository.in(trx);
      const row = await audiences.findAudience(grant.project.id, key);
      if (!row) throw notFound('Audience');
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
        ...(body.match !== undefined ? { match: body.match } : {}),
        ...(body.rules !== undefined ? { rules: body.rules } : {}),
        updated_at: isoNow(this.deps.clock),
      };
      await audiences.updateAudience(row.id, changes);
      await this.deps.audit.recordGrant(trx, grant, 'audience.updated', { type: 'audience', id: row.id }, { key });
      return { ...toAudience(row), ...changes };
    });
    this.deps.delivery.invalidate(grant.project.id);
    return updated;
  }

  /** Deletes an audience with every document's variant for it (published ones too). */
  async remove(grant: ProjectGrant, key: string): Promise<void> {
    await this.deps.transaction(async (trx) => {
      const audiences = this.deps.repository.in(trx);
      const row = await audiences.findAudience(grant.project.id, key);
      if (!row) throw notFound('Audience');
      await audiences.deleteAudience(row.id);
      await this.deps.audit.recordGrant(trx, grant, 'audience.deleted', { type: 'audience', id: row.id }, { key });
    });
    this.deps.delivery.invalidate(grant.project.id);
  }

  /**
   * The audiences a delivery read tries, in order: the one it names (`audience`, a 400 when the
   * project has none of that key), else every audience the visitor's attributes match, by
   * ascending priority. Null when the read asks for no personalization. Two visitors matching
   * the same audiences get the same list, which is what delivery answers are cached by.
   * @example await audiences.audiencesFor(projectId, { query: { 'visitor[country]': 'FR' } }) // ['france']
   */
  async audiencesFor(projectId: string, request: AudienceRequest): Promise<string[] | null> {
    const visitor = parseVisitor(request.query ?? {}, request.header);
    if (request.audience === undefined && visitor === null) return null;
    const audiences = await this.projectAudiences(projectId);
    if (request.audience !== undefined) {
      if (!audiences.some((audience) => audience.key === request.audience)) {
        throw fieldError('audience', 'is not an audience of this project');
      }
      return [request.audience];
    }
    return audiences
      .filter((audience) => matchesAudience(audience, visitor ?? new Map()))
      .map((audience) => audience.key);
  }

  /** The project's audiences in priority order, from memory while its delivery version stands. */
  private async projectAudiences(projectId: string): Promise<Audience[]> {
    const { delivery, repository } = this.deps;
    const version = delivery.version(projectId);
    const hit = this.cached.get(projectId);
    if (hit && hit.version === version) return hit.audiences;
    const audiences = (await repository.listAudiences(projectId)).map(toAudience);
    if (this.cached.size >= CACHED_PROJECTS) this.cached.clear();
    // Stored under the version read before loading: a write meanwhile makes it stale at once.
    this.cached.set(projectId, { version, audiences });
    return audiences;
  }
}
