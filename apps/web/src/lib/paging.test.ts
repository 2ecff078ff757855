import { describe, expect, it } from 'vitest';
import { nextPage } from './paging';

describe('nextPage', () => {
  it('gives the next page while rows remain, and nothing on the last page', () => {
    expect(nextPage({ page: 1, limit: 100, total: 130 })).toBe(2);
    expect(nextPage({ page: 2, limit: 100, total: 130 })).toBeUndefined();
    expect(nextPage({ page: 1, limit: 100, total: 100 })).toBeUndefined();
    expect(nextPage({ page: 1, limit: 100, total: 0 })).toBeUndefined();
  });

  it('gives nothing when the answer has no meta (an unpaged list)', () => {
    expect(nextPage(undefined)).toBeUndefined();
  });
});
