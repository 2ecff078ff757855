import type { Usage } from '@plinth/contract';
import type { Clock } from '../../lib/clock.js';
import type { MediaService } from '../media/media.service.js';
import { planLimits } from '../plans/plans.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import { monthBounds, monthOf } from './periods.js';
import { quotaExceeded } from './quota.js';
import type { UsageMeter } from './usage-meter.js';

/** The AI assistant's model tokens in a month (`2026-11`), as the module that calls the model counts them. */
export interface AiTokenCounter {
  tokensUsed(projectId: string, period: string): Promise<number>;
}

/** A project's usage against its plan: API requests and AI tokens this month, and media storage. */
export class UsageService {
  constructor(
    private readonly deps: { meter: UsageMeter; media: MediaService; aiTokens: AiTokenCounter; clock: Clock },
  ) {}

  /**
   * Counts one call that costs a request whoever makes it (AI calls made in the app; API-token
   * requests are counted as they arrive), or refuses it with 429 QUOTA_EXCEEDED past the
   * month's quota.
   * @example await usage.admitCall(grant.project);
   */
  async admitCall(project: ProjectRecord): Promise<void> {
    const limit = planLimits(project.plan)?.api_requests ?? null;
    const { used, admitted } = await this.deps.meter.admit(project.id, limit);
    if (!admitted && limit !== null) throw quotaExceeded(limit, used, this.deps.clock());
  }

  async usage(project: ProjectRecord): Promise<Usage> {
    const now = this.deps.clock();
    const { start, end } = monthBounds(now);
    const limits = planLimits(project.plan);
    const [requests, bytes, aiTokens] = await Promise.all([
      this.deps.meter.used(project.id, now),
      this.deps.media.usedBytes(project.id),
      this.deps.aiTokens.tokensUsed(project.id, monthOf(now)),
    ]);
    return {
      period_start: start.toISOString(),
      period_end: end.toISOString(),
      plan: project.plan,
      api_requests: { used: requests, limit: limits?.api_requests ?? null },
      media_bytes: { used: bytes, limit: limits?.media_bytes ?? null },
      ai_tokens: { used: aiTokens },
    };
  }
}
