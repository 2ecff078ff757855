import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueue } from '../../jobs/queue.js';

/** Connection figures of the database pool, where the driver has one (PostgreSQL). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Route label of requests that matched no route, so unknown URLs cannot grow the label set. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The Prometheus registry of one app: HTTP requests by route pattern, the job queue depth,
 * database pool figures and the process defaults of prom-client. One registry per app (not
 * prom-client's global one), so several apps in one process (tests) do not collide.
 */
export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_code'>;
  private readonly duration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(options: { jobs: Pick<JobQueue, 'depth'>; dialect: string; poolStats?: (() => PoolStats) | undefined }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'plinth_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.duration = new Histogram({
      name: 'plinth_http_request_duration_seconds',
      help: 'HTTP request latency in seconds, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    new Gauge({
      name: 'plinth_job_queue_depth',
      help: 'Jobs pending or running in the durable queue',
      registers,
      async collect() {
        this.set(await options.jobs.depth());
      },
    });
    new Gauge({
      name: 'plinth_db_info',
      help: 'The database in use (always 1)',
      labelNames: ['dialect'],
      registers,
    }).set({ dialect: options.dialect }, 1);
    const { poolStats } = options;
    if (poolStats) {
      new Gauge({
        name: 'plinth_db_pool_connections',
        help: 'Database pool connections by state (total, idle, waiting clients)',
        labelNames: ['state'],
        registers,
        collect() {
          const stats = poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
  }

  /** Counts one answer: its method, route pattern (UNMATCHED_ROUTE for none) and status, and how long it took. */
  observe(labels: { method: string; route: string; status_code: string }, seconds: number): void {
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
