import { sql } from 'kysely';
import { Repository } from '../../db/repository.js';

/** All SQL of the monthly API request counters. */
export class UsageRepository extends Repository {
  /** The stored count of a project's month (`2026-11`); 0 when nothing was counted yet. */
  async count(projectId: string, period: string): Promise<number> {
    const row = await this.db
      .selectFrom('usage_counters')
      .select('api_requests')
      .where('project_id', '=', projectId)
      .where('period', '=', period)
      .executeTakeFirst();
    return Number(row?.api_requests ?? 0);
  }

  /** Adds to the stored count (an upsert that adds in the database, so concurrent writers never overwrite). */
  async add(projectId: string, period: string, requests: number, now: string): Promise<void> {
    await this.db
      .insertInto('usage_counters')
      .values({ project_id: projectId, period, api_requests: requests, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['project_id', 'period']).doUpdateSet({
          api_requests: sql`usage_counters.api_requests + ${requests}`,
          updated_at: now,
        }),
      )
      .execute();
  }
}
