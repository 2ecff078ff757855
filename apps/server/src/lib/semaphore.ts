/** Thrown when a semaphore's waiting line is full: the caller should answer "try again shortly". */
export class SemaphoreFullError extends Error {}

/**
 * At most `max` tasks at once; later ones wait in line (at most `maxWaiting` of them).
 * @example const images = new Semaphore(2, 100); const out = await images.run(() => resize(input));
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      if (this.waiting.length >= this.maxWaiting) throw new SemaphoreFullError('Too many tasks waiting');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `active` stays the same.
      if (next) next();
      else this.active -= 1;
    }
  }

  /** Tasks running now and waiting, for tests and metrics. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}
