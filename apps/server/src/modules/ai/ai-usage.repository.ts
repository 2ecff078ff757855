import { sql } from 'kysely';
import { Repository } from '../../db/repository.js';

/** All SQL of the AI assistant's token counts (`ai_usage`: per project and month). */
export class AiUsageRepository extends Repository {
  /** Adds one call's tokens to the month's counts (an upsert that adds in the database). */
  async add(entry: {
    projectId: string;
    period: string;
    promptTokens: number;
    completionTokens: number;
    now: string;
  }): Promise<void> {
    const { projectId, period, promptTokens, completionTokens, now } = entry;
    await this.db
      .insertInto('ai_usage')
      .values({
        project_id: projectId,
        period,
        calls: 1,
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['project_id', 'period']).doUpdateSet({
          calls: sql`ai_usage.calls + 1`,
          prompt_tokens: sql`ai_usage.prompt_tokens + ${promptTokens}`,
          completion_tokens: sql`ai_usage.completion_tokens + ${completionTokens}`,
          updated_at: now,
        }),
      )
      .execute();
  }

  /** The month's tokens (prompt and completion); 0 when nothing was used. */
  async tokens(projectId: string, period: string): Promise<number> {
    const row = await this.db
      .selectFrom('ai_usage')
      .select(['prompt_tokens', 'completion_tokens'])
      .where('project_id', '=', projectId)
      .where('period', '=', period)
      .executeTakeFirst();
    // PostgreSQL answers bigints as strings.
    return row ? Number(row.prompt_tokens) + Number(row.completion_tokens) : 0;
  }
}
