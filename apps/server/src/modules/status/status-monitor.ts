import type { Config } from '../../config.js';
import type { Dialect } from '../../db/database.js';
import type { Transact } from '../../db/repository.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { WindowStore } from '../../lib/rate-limiter.js';
import { HealthSampler } from './health-sampler.js';
import { type PoolStats, PrometheusMetrics } from './prometheus.js';
import { RequestWindow } from './request-window.js';
import type { StatusRepository } from './status.repository.js';
import { StatusService } from './status.service.js';

/**
 * Everything the status module measures in one process: the rolling window of recent API
 * requests, the health sampler, the Prometheus registry and the service that reads them.
 * @example const monitor = new StatusMonitor({ repository, jobs, … }); await monitor.start(); await monitor.stop();
 */
export class StatusMonitor {
  readonly requests: RequestWindow;
  readonly sampler: HealthSampler;
  readonly prometheus: PrometheusMetrics;
  readonly service: StatusService;

  constructor(deps: {
    repository: StatusRepository;
    jobs: JobQueue;
    rateLimits: WindowStore;
    transaction: Transact;
    clock: Clock;
    log: Logger;
    dialect: Dialect;
    linkKey: Uint8Array;
    config: Pick<Config, 'publicUrl' | 'dataDir' | 'statusSampleIntervalMs'>;
    /** Pool figures for /metrics, when the database driver has a pool. */
    poolStats?: (() => PoolStats) | undefined;
    /** Replaces the sampler's database check (tests simulate an unreachable database with it). */
    probe?: (() => Promise<void>) | undefined;
  }) {
    const { repository, clock, log, config } = deps;
    const sampleIntervalMs = config.statusSampleIntervalMs;
    this.requests = new RequestWindow({ clock });
    this.sampler = new HealthSampler({
      repository,
      clock,
      log,
      dataDir: config.dataDir,
      intervalMs: sampleIntervalMs,
      probe: deps.probe,
    });
    this.prometheus = new PrometheusMetrics({ jobs: deps.jobs, dialect: deps.dialect, poolStats: deps.poolStats });
    this.service = new StatusService({
      repository,
      requests: this.requests,
      jobs: deps.jobs,
      rateLimits: deps.rateLimits,
      transaction: deps.transaction,
      clock,
      linkKey: deps.linkKey,
      config,
      sampleIntervalMs,
      startedAt: Date.now(),
    });
    this.sampler.onWrite = () => this.service.samplesChanged();
  }

  /** Starts sampling (one sample at once, then one per interval); resolves once the first is taken. */
  start(): Promise<void> {
    return this.sampler.start();
  }

  async stop(): Promise<void> {
    await this.sampler.stop();
  }
}
