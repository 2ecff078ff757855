import type { Usage } from '@plinth/contract';
import type { Clock } from '../../lib/clock.js';
import type { MediaService } from '../media/media.service.js';
import { planLimits } from '../plans/plans.js';
import type { ProjectRecord } from '../projects/project.mapper.js';
import { monthBounds } from './periods.js';
import type { UsageMeter } from './usage-meter.js';

/** A project's usage against its plan: API requests this month, and media storage. */
export class UsageService {
  constructor(private readonly deps: { meter: UsageMeter; media: MediaService; clock: Clock }) {}

  async usage(project: ProjectRecord): Promise<Usage> {
    const now = this.deps.clock();
    const { start, end } = monthBounds(now);
    const limits = planLimits(project.plan);
    const [requests, bytes] = await Promise.all([
      this.deps.meter.used(project.id, now),
      this.deps.media.usedBytes(project.id),
    ]);
    return {
      period_start: start.toISOString(),
      period_end: end.toISOString(),
      plan: project.plan,
      api_requests: { used: requests, limit: limits?.api_requests ?? null },
      media_bytes: { used: bytes, limit: limits?.media_bytes ?? null },
    };
  }
}
