import type { DeliveryCache } from '../../lib/delivery-cache.js';
import { type ProjectRecord, toProjectRecord } from './project.mapper.js';
import type { ProjectsRepository } from './projects.repository.js';

const PROJECT_CACHE_MS = 5_000;

/**
 * Live projects by id for the hot paths (API-token requests, public media files), read once
 * and kept. An entry goes stale when the project's delivery version moves (a settings or plan
 * change invalidates it) or after a few seconds, which bounds how long another instance may
 * serve old settings.
 */
export class LiveProjects {
  private readonly entries = new Map<string, { record: ProjectRecord; version: number; at: number }>();

  constructor(private readonly deps: { repository: ProjectsRepository; delivery: DeliveryCache }) {}

  /** The live project, or undefined when it does not exist or was deleted. */
  async get(projectId: string): Promise<ProjectRecord | undefined> {
    const cached = this.entries.get(projectId);
    const version = this.deps.delivery.version(projectId);
    if (cached && cached.version === version && Date.now() - cached.at < PROJECT_CACHE_MS) return cached.record;
    const row = await this.deps.repository.findLive(projectId);
    if (!row) {
      this.entries.delete(projectId);
      return undefined;
    }
    const record = toProjectRecord(row);
    this.entries.set(projectId, { record, version, at: Date.now() });
    return record;
  }
}
