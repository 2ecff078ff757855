import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { AiUsageRepository } from './ai-usage.repository.js';
import type { ChatAnswer, ChatModel, ChatRequest, ChatStreamEvent, TokenUsage } from './chat-model.js';

/**
 * The monthly API quota, as the usage module keeps it: one call counted, or 429 QUOTA_EXCEEDED.
 * Wired in services.ts.
 */
export interface AiQuota {
  admitCall(project: ProjectRecord): Promise<void>;
}

/**
 * The model for one admitted call of a project: what it answers is counted in the project's AI
 * tokens. A call may send several requests (translation sends one per locale).
 */
export interface AiSession {
  readonly model: ChatModel;
  complete(request: ChatRequest): Promise<ChatAnswer>;
  stream(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
}

/**
 * What every AI feature goes through: the configured model (503 AI_NOT_CONFIGURED without one),
 * the quota (an AI call costs one API request, whoever makes it), and the tokens each project's
 * calls used, per month.
 * @example
 * calls.requireModel();                 // 503 before anything else is checked
 * const session = await calls.open(grant); // 429 past the quota
 * const { text } = await session.complete({ messages });
 */
export class AiCalls {
  constructor(
    private readonly deps: {
      model: ChatModel | null;
      repository: AiUsageRepository;
      quota: AiQuota;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /** Whether a model is configured. */
  get configured(): boolean {
    return this.deps.model !== null;
  }

  /** The configured model, or 503 AI_NOT_CONFIGURED. */
  requireModel(): ChatModel {
    if (!this.deps.model) {
      throw new AppError(
        'AI_NOT_CONFIGURED',
        'No AI model is configured on this server: an operator sets PLINTH_AI_BASE_URL and PLINTH_AI_MODEL',
      );
    }
    return this.deps.model;
  }

  /**
   * Admits one AI call of the caller. API-token requests were counted against the quota when
   * they arrived (like any token request); calls made in the app are counted here.
   */
  async open(grant: ProjectGrant): Promise<AiSession> {
    const model = this.requireModel();
    if (grant.principal.kind !== 'token') await this.deps.quota.admitCall(grant.project);
    const projectId = grant.project.id;
    const record = (usage: TokenUsage) => this.record(projectId, usage);
    return {
      model,
      async complete(request) {
        const answer = await model.complete(request);
        await record(answer.usage);
        return answer;
      },
      async *stream(request) {
        for await (const event of model.stream(request)) {
          if (event.type === 'done') await record(event.usage);
          yield event;
        }
      },
    };
  }

  /** The AI tokens (prompt and completion) a project used in a month (`2026-11`). */
  tokensUsed(projectId: string, period: string): Promise<number> {
    return this.deps.repository.tokens(projectId, period);
  }

  /** Adds a call's tokens to its project's month; a failure to write is logged, never the caller's. */
  private async record(projectId: string, usage: TokenUsage): Promise<void> {
    const now = this.deps.clock();
    try {
      await this.deps.repository.add({
        projectId,
        period: now.toISOString().slice(0, 7),
        promptTokens: Math.max(0, Math.round(usage.promptTokens)),
        completionTokens: Math.max(0, Math.round(usage.completionTokens)),
        now: now.toISOString(),
      });
    } catch (error) {
      this.deps.log.error({ err: error, projectId }, 'The AI tokens of a call could not be recorded');
    }
  }
}
