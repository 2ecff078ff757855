import fs from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { NewStatusSampleRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import type { StatusRepository } from './status.repository.js';

/** Samples older than this are deleted; the status page shows 90 days. */
const KEEP_MS = 91 * 86_400_000;
/** Samples kept in memory while the database cannot take them (a day at the default interval). */
const MAX_PENDING = 1440;
/** The process counts as unhealthy when the event loop stalled longer than this (p99, ms). */
const MAX_LOOP_DELAY_MS = 1000;

const round2 = (value: number) => Math.round(value * 100) / 100;
const clampPercent = (value: number) => round2(Math.min(100, Math.max(0, value)));

function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq, idle } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + irq + idle;
  }
  return { busy, total };
}

/**
 * Takes a health sample every interval and stores it: whether the database answered a
 * `select 1` (and how fast) and the process is responsive, plus host CPU (busy share of all
 * cores since the previous sample, or since boot for the first), memory and the data dir's disk
 * use. Samples that cannot be written (the database is down) are kept and written with the next
 * one, so downtime is recorded.
 */
export class HealthSampler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private pending: NewStatusSampleRow[] = [];
  /** Zero: the first sample measures the CPU since boot, so the status page has a figure from the start. */
  private lastCpu = { busy: 0, total: 0 };
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });
  /** Called after samples were written (the status service drops its cached history). */
  onWrite: (() => void) | null = null;

  constructor(
    private readonly options: {
      repository: StatusRepository;
      clock: Clock;
      log: Logger;
      dataDir: string;
      intervalMs: number;
      /** The database check; the repository's ping unless replaced (tests make it fail). */
      probe?: (() => Promise<void>) | undefined;
    },
  ) {}

  /** Takes one sample now and stores it (with any earlier ones the database missed). */
  async sample(): Promise<NewStatusSampleRow> {
    const { clock, repository, log } = this.options;
    const takenAt = clock();
    let dbMs: number | null = null;
    let dbUp = false;
    const started = performance.now();
    try {
      await (this.options.probe ?? (() => repository.ping()))();
      dbMs = round2(performance.now() - started);
      dbUp = true;
    } catch (error) {
      log.warn({ err: error }, 'Health sample: the database did not answer');
    }
    const row: NewStatusSampleRow = {
      id: newId(),
      taken_at: takenAt.toISOString(),
      ok: dbUp && this.processHealthy() ? 1 : 0,
      db_ms: dbMs,
      cpu_percent: this.cpuPercent(),
      memory_percent: clampPercent(((os.totalmem() - os.freemem()) / os.totalmem()) * 100),
      disk_percent: await this.diskPercent(),
    };
    this.pending.push(row);
    if (this.pending.length > MAX_PENDING) this.pending.shift();
    try {
      await repository.insertSamples(this.pending);
      this.pending = [];
      await repository.pruneSamples(new Date(takenAt.getTime() - KEEP_MS).toISOString());
      this.onWrite?.();
    } catch (error) {
      log.warn({ err: error, pending: this.pending.length }, 'Health samples could not be stored yet');
    }
    return row;
  }

  /** Takes the first sample, then one per interval; resolves once the first one is taken. */
  async start(): Promise<void> {
    if (this.timer) return;
    this.loopDelay.enable();
    const tick = () => {
      if (this.running) return;
      this.running = this.sample()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'Health sample failed'))
        .finally(() => {
          this.running = null;
        });
    };
    tick();
    const first = this.running;
    this.timer = setInterval(tick, this.options.intervalMs);
    this.timer.unref();
    await first;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.loopDelay.disable();
    await this.running;
  }

  private processHealthy(): boolean {
    const heap = v8.getHeapStatistics();
    const heapOk = heap.used_heap_size < heap.heap_size_limit * 0.95;
    // Only measured while started; a stalled loop means requests wait that long too.
    const loopOk = this.loopDelay.count === 0 || this.loopDelay.percentile(99) / 1e6 < MAX_LOOP_DELAY_MS;
    this.loopDelay.reset();
    return heapOk && loopOk;
  }

  private cpuPercent(): number | null {
    const now = cpuTimes();
    const busy = now.busy - this.lastCpu.busy;
    const total = now.total - this.lastCpu.total;
    // Under half a second of CPU time since the baseline is too little to mean anything yet.
    if (total < 500) return null;
    this.lastCpu = now;
    return clampPercent((busy / total) * 100);
  }

  private async diskPercent(): Promise<number | null> {
    try {
      const stats = await fs.statfs(this.options.dataDir);
      if (stats.blocks === 0) return null;
      return clampPercent(((stats.blocks - stats.bavail) / stats.blocks) * 100);
    } catch {
      return null;
    }
  }
}
