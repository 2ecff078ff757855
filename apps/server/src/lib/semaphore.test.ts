import { describe, expect, it } from 'vitest';
import { Semaphore, SemaphoreFullError } from './semaphore.js';

describe('Semaphore', () => {
  it('runs at most `max` tasks at once and the rest in order', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (n: number) =>
      semaphore.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        running -= 1;
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(task))).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(semaphore.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses work past the waiting line, and frees its slot when a task fails', async () => {
    const semaphore = new Semaphore(1, 1);
    let release = () => {};
    const first = semaphore.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = semaphore.run(async () => {
      throw new Error('boom');
    });
    await expect(semaphore.run(async () => 3)).rejects.toBeInstanceOf(SemaphoreFullError);
    release();
    await first;
    await expect(second).rejects.toThrow('boom');
    expect(await semaphore.run(async () => 4)).toBe(4);
    expect(semaphore.load).toEqual({ active: 0, waiting: 0 });
  });
});
