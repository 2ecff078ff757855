import { describe, expect, it } from 'vitest';
import { BurstLimiter } from './burst-limiter.js';

describe('BurstLimiter', () => {
  it('allows a burst of perSecond, then asks to wait, and refills over time', () => {
    const limiter = new BurstLimiter();
    for (let i = 0; i < 5; i++) expect(limiter.take('a', 5, 0)).toBe(0);
    expect(limiter.take('a', 5, 0)).toBe(1);
    expect(limiter.take('a', 5, 199)).toBe(1);
    expect(limiter.take('a', 5, 200)).toBe(0); // one token back after a fifth of a second
    expect(limiter.take('a', 5, 200)).toBe(1);
  });

  it('keeps a busy token limited while a flood of other tokens fills it past its size', () => {
    const limiter = new BurstLimiter();
    for (let i = 0; i < 5; i++) expect(limiter.take('busy', 5, 0)).toBe(0);
    let othersRefused = 0;
    let busyRefused = 0;
    for (let i = 0; i < 150_000; i++) {
      if (limiter.take(`other-${i}`, 5, 0) > 0) othersRefused++;
      if (i % 1000 === 0 && limiter.take('busy', 5, 0) > 0) busyRefused++;
    }
    expect(othersRefused).toBe(0);
    // Only the tokens used least recently are forgotten: the busy one stays limited throughout.
    expect(busyRefused).toBe(150);
    // A forgotten token starts with a full bucket, as it would have refilled anyway.
    for (let i = 0; i < 5; i++) expect(limiter.take('other-0', 5, 0)).toBe(0);
  });
});
