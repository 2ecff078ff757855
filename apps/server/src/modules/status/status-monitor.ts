import type { AppContext } from '../../context.js';
import { HealthSampler } from './health-sampler.js';
import { type PoolStats, PrometheusMetrics } from './prometheus.js';
import { RequestWindow } from './request-window.js';
import { StatusRepository } from './status.repository.js';
import { StatusService } from './status.service.js';

/**
 * Everything the status module measures, built once per app: the rolling window of recent API
 * requests, the health sampler, the Prometheus registry and the service that reads them.
 * @example const monitor = new StatusMonitor({ ctx }); monitor.start(); await monitor.stop();
 */
export class StatusMonitor {
  readonly requests: RequestWindow;
  readonly sampler: HealthSampler;
  readonly prometheus: PrometheusMetrics;
  readonly service: StatusService;

  constructor(options: {
    ctx: AppContext;
    /** Pool figures for /metrics, when the database driver has a pool. */
    poolStats?: (() => PoolStats) | undefined;
    /** Defaults to the config's PLINTH_STATUS_SAMPLE_SECONDS. */
    sampleIntervalMs?: number;
    /** Replaces the sampler's `select 1` (tests simulate an unreachable database with it). */
    probe?: () => Promise<void>;
  }) {
    const { ctx } = options;
    const repository = new StatusRepository(ctx.db);
    const sampleIntervalMs = options.sampleIntervalMs ?? ctx.config.statusSampleIntervalMs;
    this.requests = new RequestWindow({ clock: ctx.clock });
    this.sampler = new HealthSampler({
      db: ctx.db,
      repository,
      clock: ctx.clock,
      log: ctx.log,
      dataDir: ctx.config.dataDir,
      intervalMs: sampleIntervalMs,
      probe: options.probe,
    });
    this.prometheus = new PrometheusMetrics({ jobs: ctx.jobs, dialect: ctx.dialect, poolStats: options.poolStats });
    this.service = new StatusService(ctx, repository, this.requests, { sampleIntervalMs, startedAt: Date.now() });
    this.sampler.onWrite = () => this.service.samplesChanged();
  }

  /** Starts sampling (one sample at once, then one per interval). */
  start(): void {
    this.sampler.start();
  }

  async stop(): Promise<void> {
    await this.sampler.stop();
  }
}
